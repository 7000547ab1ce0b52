// Repairing and rebuilding the lead read model from the leads (`npm run db:recount`, the start-up
// check), safe while other servers write (docs/decisions/004-lead-read-model.md): one rebuild at a
// time under a lease; entries are moved only by compare-and-set (write.ts syncEntry), never wiped;
// the counters are recounted from the entries during a short freeze that holds new writes back.
import { hostname } from 'node:os';
import mongoose from 'mongoose';
import { logger } from '../../server/logger.ts';
import {
  applyDelta,
  BUCKET,
  bucketToken,
  rangeOf,
  LAYOUT_VERSION,
  allBuckets,
  contribution,
  counters,
  bucketOf,
  rebuildClaimWaits,
  entryDocs,
  moveDelta,
  nextLeadSeq,
  splitRanges,
} from './counters.ts';
import { encodeEntry, entriesOf, entryKey, entryOf, factsText, storedFacts } from './entry.ts';
import type { LeadFacts } from './rules.ts';
import { FACTS_PROJECTION, STALE_MS, syncEntry, type PendingChange } from './write.ts';

/** A lease lasts this long unless renewed; a rebuild renews it every third of that. */
const LEASE_MS = 30_000;
/** A freeze lasts at most this long: writers lift an older one (its rebuild died). */
const FREEZE_MS = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const leads = () => mongoose.connection.collection('leads');

/**
 * Takes the rebuild lease (`lead_counters` `_id: "rebuild"`): an expired lease is taken over, a held
 * one is waited for (or, without `wait`, null is answered). Answers the release.
 */
async function takeLease(wait: boolean): Promise<(() => Promise<void>) | null> {
  const holder = `${hostname()}:${process.pid}:${new mongoose.Types.ObjectId().toHexString()}`;
  for (;;) {
    const until = new Date(Date.now() + LEASE_MS);
    const taken = await counters().findOneAndUpdate({ _id: 'rebuild', until: { $lt: new Date() } }, { $set: { holder, until } });
    const inserted = taken
      ? true
      : await counters()
          .insertOne({ _id: 'rebuild', holder, until })
          .then(
            () => true,
            () => false,
          );
    if (inserted) break;
    if (!wait) return null;
    await sleep(500);
  }
  const renew = setInterval(() => {
    void counters()
      .updateOne({ _id: 'rebuild', holder }, { $set: { until: new Date(Date.now() + LEASE_MS) } })
      .catch(() => undefined);
  }, LEASE_MS / 3);
  renew.unref();
  return async () => {
    clearInterval(renew);
    await counters().deleteOne({ _id: 'rebuild', holder });
  };
}

/** Runs `work` with new counted writes held back (write.ts notePending) and those under way finished. */
async function frozen<T>(work: () => Promise<T>): Promise<T> {
  await counters().updateOne({ _id: 'leads' }, { $set: { frozen: { until: new Date(Date.now() + FREEZE_MS) } } }, { upsert: true });
  try {
    for (;;) {
      const doc = await counters().findOne({ _id: 'leads' }, { projection: { p: 1 } });
      const marks = Object.keys((doc?.p ?? {}) as Record<string, PendingChange>);
      const born = (m: string) => new mongoose.Types.ObjectId(m).getTimestamp().getTime();
      const live = marks.filter((m) => born(m) > Date.now() - STALE_MS);
      if (!live.length) {
        // Crashed writers' notes: the pass over the leads has placed their entries; the recount counts them.
        if (marks.length) await counters().updateOne({ _id: 'leads' }, { $unset: Object.fromEntries(marks.map((m) => [`p.${m}`, ''])) });
        break;
      }
      await sleep(20);
    }
    return await work();
  } finally {
    await counters().updateOne({ _id: 'leads' }, { $unset: { frozen: '' } });
  }
}

/** Every entry as stored, by lead id: its number and its text (compact: no entry is decoded). */
interface StoredEntryAt {
  seq: number;
  stored: unknown;
}

/**
 * Every entry of the list by lead id, and the places of a lead's second entry (under another number),
 * which the pass moves like any wrong one. One string per lead is held, not a decoded entry, and the
 * leads themselves are never held: the check runs on every start, so its memory must not grow with the
 * data beyond this one map (about 30 MiB at 100,000 leads).
 */
async function readStoredEntries(): Promise<{ entries: Map<string, StoredEntryAt>; doubles: [string, number][] }> {
  const entries = new Map<string, StoredEntryAt>();
  const doubles: [string, number][] = [];
  for await (const fields of allBuckets())
    for (const [key, stored] of Object.entries(fields)) {
      const cut = key.indexOf('_');
      const id = key.slice(cut + 1);
      const seq = Number(key.slice(0, cut));
      const other = entries.get(id);
      if (other) doubles.push([id, other.seq]);
      entries.set(id, { seq, stored });
    }
  return { entries, doubles };
}

/** Runs `fn` over `items`, `width` at a time. */
async function eachLimited<T>(items: T[], width: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let at = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (at < items.length) await fn(items[at++]);
    }),
  );
}

/** Numbers leads written without one (around the model), in arrival order, from numbers reserved past `highest`. */
async function numberLeads(unnumbered: LeadFacts[], highest: number): Promise<void> {
  await counters().updateOne({ _id: 'seq' }, { $max: { n: highest } }, { upsert: true });
  if (!unnumbered.length) return;
  unnumbered.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || String(a._id).localeCompare(String(b._id)));
  // Reserved, not worked out from the highest number seen: a lead created meanwhile takes the next one.
  let seq = (await nextLeadSeq(unnumbered.length)) - unnumbered.length;
  for (let i = 0; i < unnumbered.length; i += 1000) {
    const batch = unnumbered.slice(i, i + 1000);
    for (const l of batch) l.seq = ++seq;
    await leads().bulkWrite(
      batch.map((l) => ({ updateOne: { filter: { _id: l._id as mongoose.Types.ObjectId, seq: null }, update: { $set: { seq: l.seq } } } })),
      { ordered: false },
    );
  }
}

/**
 * Brings every entry to what its lead says (write.ts syncEntry), numbering leads that have no
 * number (written around the model) first. The leads are read in one pass of a cursor, a batch at
 * a time, and only the wrong ones are kept. Answers how many leads there were, how many were
 * numbered and how many entries were wrong.
 */
async function syncAllEntries(): Promise<{ leads: number; numbered: number; repaired: number }> {
  const { entries, doubles } = await readStoredEntries();
  const wrong: [unknown, number][] = [...doubles];
  /** The leads whose entry is missing or wrong, by id (placeMissingInBulk places the missing ones). */
  const wrongLeads = new Map<string, LeadFacts>();
  const unnumbered: LeadFacts[] = [];
  let highest = 0;
  let n = 0;
  for await (const doc of leads().find({}, { projection: FACTS_PROJECTION, batchSize: 1000 })) {
    const l = doc as unknown as LeadFacts;
    n++;
    if (typeof l.seq !== 'number') {
      unnumbered.push(l);
      continue;
    }
    highest = Math.max(highest, l.seq);
    const id = String(l._id);
    const e = entries.get(id);
    entries.delete(id);
    if (!e || e.seq !== l.seq || storedFacts(e.stored) !== factsText(entryOf(l, ''))) {
      wrong.push([l._id, l.seq]);
      wrongLeads.set(id, l);
    }
    if (e && e.seq !== l.seq) wrong.push([id, e.seq]);
  }
  await numberLeads(unnumbered, highest);
  for (const l of unnumbered) {
    wrong.push([l._id, l.seq!]);
    wrongLeads.set(String(l._id), l);
  }
  // Entries of leads gone (or come) since the read: syncEntry reads each lead again.
  for (const [id, e] of entries) wrong.push([id, e.seq]);
  const single = await placeMissingInBulk(wrongLeads, wrong, entries);
  await eachLimited(single, 8, async ([id, s]) => applyDelta(await syncEntry(id, s), undefined, [bucketOf(s)]));
  return { leads: n, numbered: unnumbered.length, repaired: wrong.length };
}

/**
 * Leads that have no entry yet (a fresh import, a new layout) get theirs one entry document at a time:
 * one compare-and-set per document, on every entry being still absent. Answers the leads left to
 * syncEntry (those with an entry, and those of a document where another writer came first).
 */
async function placeMissingInBulk(
  byId: Map<string, LeadFacts>,
  wrong: [unknown, number][],
  entries: Map<string, unknown>,
): Promise<[unknown, number][]> {
  const buckets = new Map<number, LeadFacts[]>();
  const rest: [unknown, number][] = [];
  for (const [id, seq] of wrong) {
    const lead = byId.get(String(id));
    if (lead && lead.seq === seq && !entries.has(String(id)) && !rest.some(([other]) => String(other) === String(id)))
      buckets.set(bucketOf(seq), [...(buckets.get(bucketOf(seq)) ?? []), lead]);
    else rest.push([id, seq]);
  }
  const delta: Record<string, number> = {};
  await eachLimited([...buckets], 4, async ([bucket, leadsOfBucket]) => {
    const fields = leadsOfBucket.map(
      (l) => [`e.${entryKey(l.seq!, l._id)}`, entryOf(l, l.countMark ?? new mongoose.Types.ObjectId().toHexString())] as const,
    );
    const placed = await entryDocs()
      .updateOne(
        { _id: `b${bucket}`, ...Object.fromEntries(fields.map(([f]) => [f, { $exists: false }])) },
        { $set: Object.fromEntries(fields.map(([f, e]) => [f, encodeEntry(e)])) },
        { upsert: true },
      )
      .then(
        (r) => r.matchedCount + r.upsertedCount > 0,
        () => false,
      );
    if (!placed) return rest.push(...leadsOfBucket.map((l): [unknown, number] => [l._id, l.seq!]));
    leadsOfBucket.forEach((l, i) => {
      for (const [k, n] of Object.entries(moveDelta(l.seq!, null, fields[i][1]))) delta[k] = (delta[k] ?? 0) + n;
    });
  });
  await applyDelta(delta, undefined, [...buckets.keys()]);
  return rest;
}

/** What the entries add up to (counters.ts contribution), and the entry documents that hold any: one entry document decoded at a time. */
async function entrySums(): Promise<{ all: Record<string, number>; buckets: Set<number> }> {
  const now = Date.now();
  const all: Record<string, number> = {};
  const buckets = new Set<number>();
  for await (const fields of allBuckets())
    for (const e of entriesOf(fields)) {
      contribution(e, e.seq, 1, now, all);
      buckets.add(bucketOf(e.seq));
    }
  return { all, buckets };
}

/** Sets the counters to the sum of the entries (run frozen: no entry moves meanwhile). */
async function recountFromEntries(): Promise<void> {
  const { all, buckets } = await entrySums();
  const { main, ranges } = splitRanges(all);
  const rangeFields: Record<string, Record<string, number | string>> = ranges;
  // Every entry document gets a fresh token: what a process holds from before the recount is read again (entry-cache.ts).
  for (const b of buckets) (rangeFields[`r${rangeOf(b * BUCKET)}`] ??= {})[bucketToken(b)] = new mongoose.Types.ObjectId().toHexString();
  const doc: Record<string, Record<string, unknown>> = { c: {}, t: {}, w: {} };
  for (const [path, n] of Object.entries(main)) {
    const [top, mid, leaf] = path.split('.');
    if (leaf === undefined) doc[top][mid] = n;
    else doc[top][mid] = { ...(doc[top][mid] as object), [leaf]: n };
  }
  await counters().deleteMany({ _id: { $regex: /^r\d+$/ } });
  const rangeDocs = Object.entries(rangeFields).map(([_id, fields]) => ({ _id, ...fields }));
  for (let i = 0; i < rangeDocs.length; i += 100) await counters().insertMany(rangeDocs.slice(i, i + 100));
  await counters().updateOne({ _id: 'leads' }, { $set: { ...doc, v: LAYOUT_VERSION, tokens: 1 } }, { upsert: true });
}

/** The list's entries of an older layout go, under a freeze, before the pass places them again. */
async function dropOlderLayout(): Promise<void> {
  await frozen(async () => {
    await entryDocs().deleteMany({});
    // Layout 5 and older kept the entries in `lead_index`.
    await mongoose.connection
      .collection('lead_index')
      .drop()
      .catch(() => undefined);
    await counters().deleteMany({ _id: { $regex: /^r\d+$/ } });
    await counters().updateOne({ _id: 'leads' }, { $set: { c: {}, t: {}, w: {}, v: LAYOUT_VERSION } });
  });
}

async function layoutIsCurrent(): Promise<boolean> {
  const doc = await counters().findOne({ _id: 'leads' }, { projection: { v: 1 } });
  return doc?.v === LAYOUT_VERSION;
}

/**
 * Rebuilds the read model from the leads (`npm run db:recount`, writeAroundLeadModel) while the
 * console and other servers go on writing: waits for the lease, drops an older layout, brings every
 * entry to its lead, then recounts the counters and claim medians from the entries under a freeze.
 */
export async function rebuildLeadReadModel(): Promise<{ leads: number; numbered: number; repaired: number }> {
  const release = (await takeLease(true))!;
  try {
    if (!(await layoutIsCurrent())) await dropOlderLayout();
    const done = await syncAllEntries();
    await frozen(async () => {
      await recountFromEntries();
      await rebuildClaimWaits();
    });
    return done;
  } finally {
    await release();
  }
}

/** Before serving: a layout of an older version is rebuilt at once (one read otherwise). */
export async function prepareLeadReadModel(): Promise<void> {
  if (await layoutIsCurrent()) return;
  const started = Date.now();
  const { leads: n } = await rebuildLeadReadModel();
  logger.info({ leads: n, ms: Date.now() - started }, 'lead read model rebuilt for a new layout');
}

/**
 * The start-up check, run once the server listens: compares every lead with its entry (a status,
 * holder, contact time or name changed around the model shows there), moves the wrong ones, and
 * recounts under a freeze when any was wrong, a crashed write left a note, or the counters differ
 * from the entries. Skipped while another server rebuilds (it does the same).
 */
export async function checkLeadReadModel(): Promise<void> {
  await prepareLeadReadModel();
  const release = await takeLease(false);
  if (!release) return;
  try {
    const started = Date.now();
    const before = await counters().findOne({ _id: 'leads' }, { projection: { p: 1, tokens: 1 } });
    // Notes left by a crash (or by writes under way on other servers: waited for while frozen).
    const crashed = Object.keys((before?.p ?? {}) as object).length > 0;
    const { leads: n, repaired } = await syncAllEntries();
    // Counters recounted before entry documents had tokens (entry-cache.ts) are recounted once to give them theirs.
    const off = repaired > 0 || crashed || !before?.tokens || !(await countersMatchEntries());
    if (off) await frozen(recountFromEntries);
    logger.info({ leads: n, repaired, crashed, recounted: off, ms: Date.now() - started }, 'lead read model checked');
  } finally {
    await release();
  }
}

/** Whether the kept totals equal the sum of the entries (read without a freeze: a difference may be a write under way). */
async function countersMatchEntries(): Promise<boolean> {
  const { main } = splitRanges((await entrySums()).all);
  const doc = (await counters().findOne({ _id: 'leads' })) as Record<string, Record<string, unknown>> | null;
  const keptPaths = ['c', 't'].flatMap((top) =>
    Object.entries(doc?.[top] ?? {}).flatMap(([mid, v]) =>
      typeof v === 'number' ? [`${top}.${mid}`] : Object.keys(v as object).map((leaf) => `${top}.${mid}.${leaf}`),
    ),
  );
  const paths = new Set([...Object.keys(main).filter((p) => !p.startsWith('w.h')), ...keptPaths, 'w.n']);
  return [...paths].every((path) => {
    const [top, mid, leaf] = path.split('.');
    const kept = leaf === undefined ? doc?.[top]?.[mid] : (doc?.[top]?.[mid] as Record<string, number> | undefined)?.[leaf];
    return (kept ?? 0) === (main[path] ?? 0);
  });
}
