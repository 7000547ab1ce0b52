// `npm run bench engine`: the embedded engine alone on 100,000 lead-like documents, with its filters,
// sorted pages and groups pushed down to SQL and with everything kept in Go (--test-disable-pushdown,
// what FerretDB did before the patch). Median of 3 runs; prints, never asserts.
import { startRawEngine, type RawEngine } from '../tests/engine/raw-engine.ts';

const N = Number(process.env.BENCH_ENGINE_DOCS ?? 100_000);
// BENCH_ENGINE_PUSHED_ONLY=1 skips the slow side (seconds per query) when only the pushed figures are wanted.
const PUSHED_ONLY = process.env.BENCH_ENGINE_PUSHED_ONLY === '1';
const STATUSES = ['unclaimed', 'claimed', 'contacted', 'quoted', 'won', 'lost'];

async function fill(engine: RawEngine) {
  const leads = engine.db.collection('leads');
  const start = Date.UTC(2025, 0, 1);
  for (let i = 0; i < N; i += 1000) {
    await leads.insertMany(
      Array.from({ length: Math.min(1000, N - i) }, (_, j) => {
        const n = i + j;
        return {
          name: `Lead ${n}`,
          email: `lead${n}@example.com`,
          phoneDigits: String(5550000000 + n),
          status: STATUSES[n % STATUSES.length],
          claimedBy: n % 3 ? null : `agent-${n % 7}`,
          createdAt: new Date(start + n * 300_000),
          ...(n % 2 ? { followUpAt: new Date(start + (n % 5000) * 3_600_000) } : {}),
          notes: 'Called back about the family plan; prefers mornings.',
        };
      }),
    );
  }
  const keys: Record<string, 1 | -1>[] = [
    { createdAt: -1 },
    { status: 1, createdAt: -1 },
    { email: 1, createdAt: -1 },
    { status: 1, claimedBy: 1 },
    { name: 1 },
    { followUpAt: 1 },
  ];
  for (const key of keys) await leads.createIndex(key);
}

async function median(fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[1]!;
}

export async function benchEngine() {
  const [pushed, plain] = await Promise.all([startRawEngine(), startRawEngine(['--test-disable-pushdown'])]);
  try {
    const t = performance.now();
    await fill(pushed);
    console.log(`${N.toLocaleString('en-US')} documents and 6 indexes written in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    if (!PUSHED_ONLY) await fill(plain);
    const queries: [string, (e: RawEngine) => Promise<unknown>][] = [
      [
        'find({status}).sort({createdAt:-1}).limit(25)',
        (e) => e.db.collection('leads').find({ status: 'won' }).sort({ createdAt: -1 }).limit(25).toArray(),
      ],
      [
        'find({status}).sort({createdAt:-1,_id:-1}).skip(50).limit(25)',
        (e) => e.db.collection('leads').find({ status: 'unclaimed' }).sort({ createdAt: -1, _id: -1 }).skip(50).limit(25).toArray(),
      ],
      [
        'find({status: {$in: [3 statuses]}}).sort({createdAt:-1,_id:-1}).limit(25)',
        (e) =>
          e.db
            .collection('leads')
            .find({ status: { $in: ['claimed', 'contacted', 'quoted'] } })
            .sort({ createdAt: -1, _id: -1 })
            .limit(25)
            .toArray(),
      ],
      [
        'find().sort({name:1,_id:1}).skip(25).limit(25)',
        (e) => e.db.collection('leads').find({}).sort({ name: 1, _id: 1 }).skip(25).limit(25).toArray(),
      ],
      [
        'find({followUpAt: {$lt}}).sort({followUpAt:1,_id:1}).limit(25) (Overdue)',
        (e) =>
          e.db
            .collection('leads')
            .find({ followUpAt: { $lt: new Date(Date.UTC(2025, 1, 1)) } })
            .sort({ followUpAt: 1, _id: 1 })
            .limit(25)
            .toArray(),
      ],
      [
        'find().sort({createdAt:-1,_id:-1}).limit(50)',
        (e) => e.db.collection('leads').find({}).sort({ createdAt: -1, _id: -1 }).limit(50).toArray(),
      ],
      [
        'aggregate([$match {}, $group by status $sum 1])',
        (e) =>
          e.db
            .collection('leads')
            .aggregate([{ $match: {} }, { $group: { _id: '$status', n: { $sum: 1 } } }])
            .toArray(),
      ],
      [
        'aggregate([$match {status}, $group by claimedBy $sum 1])',
        (e) =>
          e.db
            .collection('leads')
            .aggregate([{ $match: { status: 'won' } }, { $group: { _id: '$claimedBy', n: { $sum: 1 } } }])
            .toArray(),
      ],
      [
        'search: $or of /lead 12/i on name/email/phone, sorted, limit 25 (superset: sorted in Go)',
        (e) =>
          e.db
            .collection('leads')
            .find({ $or: [{ name: /lead 12/i }, { email: /lead 12/i }, { phoneDigits: /lead 12/i }] })
            .sort({ createdAt: -1, _id: -1 })
            .limit(25)
            .toArray(),
      ],
      ['countDocuments({status})', (e) => e.db.collection('leads').countDocuments({ status: 'won' })],
      ['find({status})', (e) => e.db.collection('leads').find({ status: 'won' }).toArray()],
      [
        'countDocuments({createdAt >= 30 days before the last})',
        (e) => e.db.collection('leads').countDocuments({ createdAt: { $gte: new Date(Date.UTC(2025, 0, 1) + (N - 8640) * 300_000) } }),
      ],
      [
        'find({email})',
        (e) =>
          e.db
            .collection('leads')
            .find({ email: `lead${N - 1}@example.com` })
            .toArray(),
      ],
      [
        'find({name: /^lead 12/i}) (no index: a prefilter)',
        (e) =>
          e.db
            .collection('leads')
            .find({ name: /^lead 12/i })
            .toArray(),
      ],
    ];
    console.log(`| query (${N.toLocaleString('en-US')} documents, median of 3) | pushed down | kept in Go |`);
    console.log('|---|---|---|');
    for (const [name, run] of queries) {
      const a = await median(() => run(pushed));
      const b = PUSHED_ONLY ? '-' : `${(await median(() => run(plain))).toFixed(0)} ms`;
      console.log(`| ${name} | ${a.toFixed(0)} ms | ${b} |`);
    }
  } finally {
    await Promise.all([pushed.stop(), plain.stop()]);
  }
}
