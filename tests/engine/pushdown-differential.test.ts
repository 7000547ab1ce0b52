// The embedded engine's SQL pushdown changes no answer: the same random queries (find with sorts,
// skips and limits, find in stored order, findOneAndUpdate, countDocuments, $count, $match+$group,
// updateMany, and sorted pages and groups, by one field or a pair or triple, of the lead list's shapes) over the same random documents
// give the same answer from the engine as built and from the same engine with every filter kept out
// of SQL (--test-disable-pushdown).
// ENGINE_DIFF_CASES sets the number of cases, ENGINE_DIFF_SEED the seed.
// See docs/decisions/007-engine-pushdown.md.
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, filter, groupId, random, sort, type Rand } from './pushdown-cases.ts';
import { cleanDocument, cleanFields, cleanFilter, mixedSortFields, pageSort } from './pushdown-page-cases.ts';
import { startRawEngine, type RawEngine } from './raw-engine.ts';

const CASES = Number(process.env.ENGINE_DIFF_CASES ?? 2000);
const SEED = Number(process.env.ENGINE_DIFF_SEED ?? 35);
const DOCS = 100;
const { EJSON } = mongoose.mongo.BSON;

let pushed: RawEngine;
let oracle: RawEngine;

beforeAll(async () => {
  [pushed, oracle] = await Promise.all([startRawEngine(), startRawEngine(['--test-disable-pushdown'])]);
  const r = random(SEED);
  const docs = Array.from({ length: DOCS }, (_, i) => document(r, i + 1));
  for (const engine of [pushed, oracle]) {
    const c = engine.db.collection('docs');
    await c.insertMany(docs.map((d) => ({ ...d })));
    // The indexes the product's shapes use, so the pushed conditions run through them.
    const keys: Record<string, 1 | -1>[] = [
      { status: 1 },
      { createdAt: -1 },
      { status: 1, createdAt: -1 },
      { n: 1 },
      { name: 1 },
      { tags: 1 },
      { ref: 1 },
    ];
    for (const key of keys) await c.createIndex(key);
  }
  // Well-typed documents, as the lead list's, where sorted pages and groups go to SQL; `spiked`
  // holds the same and a few rows of another type or with an array, where they must not; `stored`
  // the same with null for every field left out.
  const clean = Array.from({ length: DOCS * 2 }, (_, i) => cleanDocument(r, i));
  const spikes = [
    { status: ['won', 'lost'] },
    { createdAt: '2026-01-03' },
    { name: ['Ann', 'z'], status: 'won' },
    { n: 7.5, status: 'claimed' },
    { followUpAt: new Date(0).getTime(), status: 'unclaimed' },
    { assignedTo: { id: 'agent-1' }, status: 'lost', createdAt: ['x'] },
  ].map((d, i) => ({ ...cleanDocument(r, DOCS * 2 + i), ...d }));
  for (const engine of [pushed, oracle]) {
    for (const [name, docs] of [
      ['clean', clean],
      ['spiked', [...clean, ...spikes]],
      // no field missing, as the product stores them (null by default): a null's missing arm goes
      ['stored', clean.map((d) => ({ ...Object.fromEntries(cleanFields.map((f) => [f, null])), ...d }))],
    ] as const) {
      const c = engine.db.collection(name);
      await c.insertMany(docs.map((d) => ({ ...d })));
      const keys: Record<string, 1 | -1>[] = [
        { status: 1, createdAt: -1 },
        { status: 1, name: 1 },
        { createdAt: -1 },
        { followUpAt: 1 },
        { assignedTo: 1, status: 1 },
        { name: 1 },
      ];
      for (const key of keys) await c.createIndex(key);
    }
  }
}, 120_000);

afterAll(async () => {
  await Promise.all([pushed?.stop(), oracle?.stop()]);
});

type Query = {
  kind: string;
  coll?: string;
  filter?: Record<string, unknown>;
  page?: { sort: Record<string, 1 | -1>; skip: number; limit: number };
  desc?: string;
  run: (c: mongoose.mongo.Collection) => Promise<unknown>;
};

/** One random query; its answer as canonical Extended JSON, so int, long and double differ. */
function query(r: Rand, i: number): Query {
  if (r.chance(0.3)) return pageQuery(r);
  const f = filter(r);
  return { filter: f, desc: EJSON.stringify(f, { relaxed: false }), ...queryOf(r, i, f) };
}

/** A sorted page or a group of the lead list's shapes, mostly on the well-typed collections. */
function pageQuery(r: Rand): Query {
  const coll = r.pick(['clean', 'clean', 'stored', 'spiked', 'docs']);
  const f = coll === 'docs' ? filter(r) : cleanFilter(r, () => filter(r));
  const desc = `${coll} ${EJSON.stringify(f, { relaxed: false })}`;
  if (r.chance(0.25)) {
    const id = groupId(r, coll === 'docs' ? mixedSortFields : cleanFields);
    const group = r.chance(0.5) ? { _id: id, n: { $sum: 1 } } : { _id: id, n: { $sum: 1 }, k: { $sum: '$k' } };
    return {
      kind: 'group',
      coll,
      filter: f,
      desc: `${desc} by ${JSON.stringify(id)}`,
      run: async (c) =>
        (await c.aggregate([{ $match: f }, { $group: group }]).toArray()).map((g) => EJSON.stringify(g, { relaxed: false })).sort(),
    };
  }
  const sort = pageSort(r, coll === 'docs' ? mixedSortFields : cleanFields);
  const skip = r.chance(0.5) ? r.int(60) : 0;
  const limit = r.chance(0.9) ? 1 + r.int(30) : 0;
  const page = { sort, skip, limit };
  return {
    kind: 'page',
    coll,
    filter: f,
    page,
    desc: `${desc} ${EJSON.stringify(page)}`,
    run: (c) => c.find(f).sort(sort).skip(skip).limit(limit).toArray(),
  };
}

function queryOf(r: Rand, i: number, f: Record<string, unknown>): Query {
  const roll = r.int(10);
  if (roll < 4) {
    const s = sort(r);
    const skip = r.chance(0.4) ? r.int(40) : 0;
    const limit = r.chance(0.6) ? 1 + r.int(30) : 0;
    return { kind: `find sorted ${EJSON.stringify({ s, skip, limit })}`, run: (c) => c.find(f).sort(s).skip(skip).limit(limit).toArray() };
  }
  // Without a sort, documents come in the order they were stored, with pushdown as without it:
  // findOne, updateOne and deleteOne pick the same document.
  if (roll < 5) return { kind: 'find', run: (c) => c.find(f).toArray() };
  if (roll < 6) return { kind: 'findOneAndUpdate', run: (c) => c.findOneAndUpdate(f, { $inc: { picked: 1 } }) };
  if (roll < 7) return { kind: 'countDocuments', run: (c) => c.countDocuments(f) };
  if (roll < 8) return { kind: '$count', run: (c) => c.aggregate([{ $match: f }, { $count: 'n' }]).toArray() };
  if (roll < 9)
    return {
      kind: 'aggregate',
      run: async (c) =>
        (await c.aggregate([{ $match: f }, { $group: { _id: '$status', c: { $sum: 1 }, k: { $sum: '$k' } } }]).toArray())
          // $sort would order groups whose keys compare equal (arrays by their least element) as they came.
          .map((g) => EJSON.stringify(g, { relaxed: false }))
          .sort(),
    };
  return {
    kind: 'updateMany',
    run: async (c) => {
      const res = await c.updateMany(f, { $set: { touched: i } });
      return [res.matchedCount, res.modifiedCount];
    },
  };
}

const answer = (q: Query, c: mongoose.mongo.Collection) =>
  q.run(c).then(
    (v) => EJSON.stringify(v, { relaxed: false }),
    (err: { code?: number; message?: string }) => `error ${err.code}: ${err.message}`,
  );

describe('filter pushdown to SQL', () => {
  it(
    `answers ${CASES} random queries (seed ${SEED}) as the engine without pushdown does`,
    async () => {
      const r = random(SEED + 1);
      const mismatches: string[] = [];
      const kinds: Record<string, number> = {};
      let pushedCases = 0;
      let pushedPages = 0;
      for (let i = 0; i < CASES && mismatches.length < 5; i++) {
        const q = query(r, i);
        const kind = q.kind.split(' {')[0]!;
        kinds[kind] = (kinds[kind] ?? 0) + 1;
        const coll = q.coll ?? 'docs';
        const { Long } = mongoose.mongo;
        const page = q.page && { sort: q.page.sort, skip: Long.fromNumber(q.page.skip), limit: Long.fromNumber(q.page.limit) };
        const [got, want, plan] = await Promise.all([
          answer(q, pushed.db.collection(coll)),
          answer(q, oracle.db.collection(coll)),
          pushed.db
            .command({ explain: { find: coll, filter: q.filter, ...page } }, { bsonRegExp: true })
            .catch((): mongoose.mongo.Document => ({})),
        ]);
        if (plan.filterPushdown) pushedCases++;
        if (plan.sortPushdown) pushedPages++;
        if (got !== want)
          mismatches.push(`case ${i} (${q.kind}) ${q.desc}\n  pushdown: ${got.slice(0, 600)}\n  oracle:   ${want.slice(0, 600)}`);
      }
      if (process.env.ENGINE_DIFF_VERBOSE) console.log({ kinds, pushedCases, pushedPages });
      expect(mismatches).toEqual([]);
      // Many cases did send a condition to SQL (the others hold shapes that are never pushed).
      expect(pushedCases).toBeGreaterThan(CASES / 3);
      // Many sorted pages were read in SQL's order (the others are not provably MongoDB's order).
      expect(pushedPages).toBeGreaterThan((kinds.page ?? 0) / 4);
      // Every kind ran often, so a kind that silently stopped running would show.
      for (const kind of [
        'find sorted',
        'find',
        'findOneAndUpdate',
        'countDocuments',
        '$count',
        'aggregate',
        'updateMany',
        'page',
        'group',
      ])
        expect(kinds[kind] ?? 0).toBeGreaterThan(CASES / 40);
    },
    Math.max(600_000, CASES * 120),
  );

  it('leaves both engines holding the same documents after the updates', async () => {
    const all = (e: RawEngine) => e.db.collection('docs').find({}).sort({ _id: 1 }).toArray();
    const [a, b] = await Promise.all([all(pushed), all(oracle)]);
    expect(a.length).toBe(DOCS);
    expect(EJSON.stringify(a, { relaxed: false })).toBe(EJSON.stringify(b, { relaxed: false }));
  });
});
