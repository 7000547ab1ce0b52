// The leads' kept figures and list entries, so the dashboard and the lead list never read every
// lead: small entry documents of 100 entries each, in arrival order, and counters that are the sum
// of the entries, changed by $inc with each move of an entry (write.ts). rebuild.ts repairs both.
// README.md ("Queries, counters and indexes") says which query uses what, and why.
import mongoose from 'mongoose';
import { RESPONSE_PROMISE_MS } from '../../schemas/lead.ts';
import type { StoredEntry } from './entry.ts';
import { holderCode, isWaiting } from './rules.ts';

/** Bump when the layout below changes: the start-up check then rebuilds. */
export const LAYOUT_VERSION = 8;
/** Leads per entry document. */
export const BUCKET = 100;
/** Leads per counted range: tab counts per range let a page skip whole ranges. */
export const RANGE = 1000;
const HOUR = 3600_000;
/** Hours of arrivals whose waiting leads are counted per hour: enough to tell "older than 24h". */
const HOURS_KEPT = 48;

/** Documents keyed by a string _id, with fields named at run time ($inc and $set paths). */
export interface Keyed {
  _id: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- paths such as "c.none.lost" are built at run time
  [field: string]: any;
}
/**
 * Counters `_id: "leads"` (the figures, tab totals and pending changes, kept small because every
 * counted change rewrites it), `_id: "r<range>"` (leads per tab in one range of 1,000 lead numbers)
 * and `_id: "seq"` (the last lead number given out).
 */
export const counters = () => mongoose.connection.collection<Keyed>('lead_counters');
/** Entry documents `_id: "b<n>"`, field `e.<seq>_<leadId>` = the lead's entry (models/leads/entry.ts StoredEntry). */
export const entryDocs = () => mongoose.connection.collection<Keyed>('lead_entries');

const hourKey = (ms: number) => `h${Math.floor(ms / HOUR)}`;
export const bucketOf = (seq: number) => Math.floor(seq / BUCKET);
export const rangeOf = (seq: number) => Math.floor(seq / RANGE);

/** The tabs an entry counts in: All, its own, and Closed for a closed lead. */
const tabsOfEntry = (e: StoredEntry) => ['all', ...(e.tab !== '-' ? [e.tab] : []), ...(e.closed ? ['closed'] : [])];

/**
 * What one entry adds to the counters (negated when it goes away); `t.<tab>.r<range>` is split by
 * splitRanges. The counters are the sum of the entries: every change of them is the move of an entry.
 */
export function contribution(e: StoredEntry, seq: number, sign: number, now: number, into: Record<string, number>) {
  const add = (k: string) => (into[k] = (into[k] ?? 0) + sign);
  add(`c.${e.holder}.${e.status}`);
  for (const t of tabsOfEntry(e)) add(`t.${t}.r${rangeOf(seq)}`);
  if (isWaiting(e)) {
    add('w.n');
    if (e.createdAt > now - HOURS_KEPT * HOUR) add(`w.${hourKey(e.createdAt)}`);
  }
}

/** The counter changes of an entry's move from `from` to `to` (either null: none), zeros left out. */
export function moveDelta(seq: number, from: StoredEntry | null, to: StoredEntry | null): Record<string, number> {
  const now = Date.now();
  const all: Record<string, number> = {};
  if (from) contribution(from, seq, -1, now, all);
  if (to) contribution(to, seq, 1, now, all);
  for (const k of Object.keys(all)) if (all[k] === 0) delete all[k];
  return all;
}

/** The field of an entry document's token in its range document (entry-cache.ts): replaced after every move in it. */
export const bucketToken = (bucket: number) => `v${bucket}`;

/**
 * Applies counter changes: the range documents first, with fresh tokens for the entry documents
 * whose entries `moved`, then the main document, whose write also clears the change's pending note
 * (`mark`, write.ts): a cleared note says every part is written.
 */
export async function applyDelta(all: Record<string, number>, mark?: string, moved: number[] = []): Promise<void> {
  const { main: inc, ranges } = splitRanges(all);
  const tokens: Record<string, Record<string, string>> = {};
  for (const b of moved) (tokens[`r${rangeOf(b * BUCKET)}`] ??= {})[bucketToken(b)] = new mongoose.Types.ObjectId().toHexString();
  await Promise.all(
    [...new Set([...Object.keys(ranges), ...Object.keys(tokens)])].map((range) =>
      counters().updateOne(
        { _id: range },
        { ...(ranges[range] ? { $inc: ranges[range] } : {}), ...(tokens[range] ? { $set: tokens[range] } : {}) },
        { upsert: true },
      ),
    ),
  );
  const update = {
    ...(Object.keys(inc).length ? { $inc: inc } : {}),
    ...(mark ? { $unset: { [`p.${mark}`]: '' } } : {}),
  };
  if (Object.keys(update).length) await counters().updateOne({ _id: 'leads' }, update, { upsert: true });
}

/** `t.<tab>.r<range>` counts become the tab's total in the main document and its count in the range's document. */
export function splitRanges(all: Record<string, number>): { main: Record<string, number>; ranges: Record<string, Record<string, number>> } {
  const main: Record<string, number> = {};
  const ranges: Record<string, Record<string, number>> = {};
  for (const [k, n] of Object.entries(all)) {
    const [top, tab, range] = k.split('.');
    if (top !== 't') {
      main[k] = n;
      continue;
    }
    main[`t.${tab}`] = (main[`t.${tab}`] ?? 0) + n;
    (ranges[range] ??= {})[tab] = n;
  }
  return { main, ranges };
}

/**
 * A tab's lead counts per range of lead numbers, newest range first (or oldest first), empty ranges
 * left out: range documents are read ten at a time, and no more once `total` leads are accounted for.
 */
export async function* tabRanges(tab: string, total: number, oldestFirst = false): AsyncGenerator<[range: number, count: number]> {
  const PER_QUERY = 10;
  const last = rangeOf(await lastSeq());
  let seen = 0;
  for (let at = 0; at <= last && seen < total; at += PER_QUERY) {
    const ids = Array.from({ length: Math.min(PER_QUERY, last - at + 1) }, (_, i) => `r${oldestFirst ? at + i : last - at - i}`);
    const docs = new Map(
      (
        await counters()
          .find({ _id: { $in: ids } })
          .toArray()
      ).map((d) => [d._id, d]),
    );
    for (const id of ids) {
      const n = (docs.get(id)?.[tab] as number | undefined) ?? 0;
      if (n <= 0) continue;
      seen += n;
      yield [Number(id.slice(1)), n];
    }
  }
}

/** Claim waits kept per agent for the median. */
export const CLAIM_WAITS_KEPT = 200;

/**
 * An agent's newest claim waits as two arrays of plain values, claim times and minutes waited, side by
 * side: the embedded engine decodes and re-encodes the whole document on each $push, and plain values
 * cost it a fraction of what one small document per claim did (that was a third of a claim's time).
 */
interface ClaimWaits {
  _id: string;
  at: Date[];
  m: number[];
}
export const claimWaits = () => mongoose.connection.collection<ClaimWaits>('lead_counters');

/** Claims recorded by this process per agent since their list was last trimmed. */
const claimsSinceTrim = new Map<string, number>();

/** Remembers how long a lead waited for its claim, for the agent's median (the newest 200 are kept). */
export async function recordClaimWait(agentName: string, createdAt: Date, claimedAt: Date): Promise<void> {
  const id = `claims:${holderCode(agentName)}`;
  await claimWaits().updateOne(
    { _id: id },
    { $push: { at: claimedAt, m: (claimedAt.getTime() - createdAt.getTime()) / 60_000 } },
    { upsert: true },
  );
  // Trimmed now and then rather than on every claim ($push's $slice is not on every engine).
  const since = (claimsSinceTrim.get(id) ?? 0) + 1;
  claimsSinceTrim.set(id, since < CLAIM_WAITS_KEPT / 4 ? since : 0);
  if (since < CLAIM_WAITS_KEPT / 4) return;
  const doc = await claimWaits().findOne({ _id: id });
  if (doc && doc.at.length > CLAIM_WAITS_KEPT * 2)
    await claimWaits().updateOne({ _id: id }, { $set: { at: doc.at.slice(-CLAIM_WAITS_KEPT), m: doc.m.slice(-CLAIM_WAITS_KEPT) } });
}

/** Each agent's latest claims again, for the medians (run frozen: claims are recorded beside their count). */
export async function rebuildClaimWaits(): Promise<void> {
  const rows = await mongoose.connection
    .collection('leads')
    .find({ claimedAt: { $ne: null } }, { projection: { claimedBy: 1, claimedAt: 1, createdAt: 1 } })
    .toArray();
  const claims = new Map<string, { at: Date; m: number }[]>();
  for (const l of rows) {
    if (!l.claimedBy || !l.claimedAt) continue;
    const waits = claims.get(l.claimedBy) ?? claims.set(l.claimedBy, []).get(l.claimedBy)!;
    waits.push({ at: l.claimedAt, m: (l.claimedAt - l.createdAt) / 60_000 });
  }
  await claimWaits().deleteMany({ _id: { $regex: /^claims:/ } });
  for (const [agent, w] of claims) {
    const kept = w.sort((a, b) => a.at.getTime() - b.at.getTime()).slice(-CLAIM_WAITS_KEPT);
    await claimWaits().insertOne({ _id: `claims:${holderCode(agent)}`, at: kept.map((x) => x.at), m: kept.map((x) => x.m) });
  }
}

/** An agent's kept claim waits, oldest first. */
export async function claimWaitsOf(agentName: string): Promise<{ at: Date; m: number }[]> {
  const doc = await claimWaits().findOne({ _id: `claims:${holderCode(agentName)}` });
  return (doc?.at ?? []).map((at, i) => ({ at, m: doc!.m[i] ?? 0 }));
}

/** Numbers for new leads, in arrival order: the last of `count` fresh numbers. */
export async function nextLeadSeq(count = 1): Promise<number> {
  const doc = await counters().findOneAndUpdate({ _id: 'seq' }, { $inc: { n: count } }, { upsert: true, returnDocument: 'after' });
  return (doc?.n as number | undefined) ?? count;
}

export interface LeadCounters {
  /** Leads per claimant code and status. */
  c: Record<string, Record<string, number>>;
  /** Leads per tab (per range of 1,000 lead numbers: tabRanges). */
  t: Record<string, number>;
  /** Waiting leads: `n` in all, and per arrival hour for the last 48 hours. */
  w: Record<string, number>;
  v?: number;
  /** Pending changes by mark (write.ts). */
  p?: Record<string, unknown>;
}

export async function readCounters(): Promise<LeadCounters> {
  const doc = (await counters().findOne({ _id: 'leads' })) as Partial<LeadCounters> | null;
  return { c: doc?.c ?? {}, t: doc?.t ?? {}, w: doc?.w ?? {}, v: doc?.v, p: doc?.p ?? {} };
}

export const sum = (values: Record<string, number> | undefined) => Object.values(values ?? {}).reduce((a, b) => a + b, 0);

/** Leads waiting longer than the 24-hour promise: all waiting ones but those of the last 24 hours. */
export function overdueFrom(w: Record<string, number>, now = Date.now()): number {
  const firstRecentHour = Math.floor((now - RESPONSE_PROMISE_MS) / HOUR);
  let recent = 0;
  for (const [k, n] of Object.entries(w)) if (k.startsWith('h') && Number(k.slice(1)) >= firstRecentHour) recent += n;
  return Math.max(0, (w.n ?? 0) - recent);
}

/** Drops the hour counts that no longer matter (they only grow the document). */
export async function pruneWaitingHours(w: Record<string, number>, now = Date.now()): Promise<void> {
  const oldest = Math.floor(now / HOUR) - HOURS_KEPT;
  const stale = Object.keys(w).filter((k) => k.startsWith('h') && Number(k.slice(1)) < oldest);
  if (stale.length) await counters().updateOne({ _id: 'leads' }, { $unset: Object.fromEntries(stale.map((k) => [`w.${k}`, ''])) });
}

/** Several entry documents by _id in one query, in the order asked (empty ones for those missing). */
export async function readBuckets(buckets: number[]): Promise<Record<string, unknown>[]> {
  const docs = await entryDocs()
    .find({ _id: { $in: buckets.map((b) => `b${b}`) } })
    .toArray();
  const byId = new Map(docs.map((d) => [d._id, (d.e ?? {}) as Record<string, unknown>]));
  return buckets.map((b) => byId.get(`b${b}`) ?? {});
}

/**
 * Every entry document's entries (search): read by _id, 100 to a query and a few queries at once,
 * which on the embedded engine is several times faster than one cursor over the collection.
 */
export async function* allBuckets(): AsyncGenerator<Record<string, unknown>> {
  const ids = Array.from({ length: bucketOf(await lastSeq()) + 1 }, (_, b) => `b${b}`);
  const PER_QUERY = 100;
  const AHEAD = 4;
  const ahead: Promise<Keyed[]>[] = [];
  for (let at = 0; at < ids.length || ahead.length;) {
    while (ahead.length < AHEAD && at < ids.length) {
      ahead.push(
        entryDocs()
          .find({ _id: { $in: ids.slice(at, at + PER_QUERY) } })
          .toArray(),
      );
      at += PER_QUERY;
    }
    for (const doc of await ahead.shift()!) yield (doc.e ?? {}) as Record<string, unknown>;
  }
}

/** The last lead number given out. */
export async function lastSeq(): Promise<number> {
  const doc = (await counters().findOne({ _id: 'seq' })) as { n?: number } | null;
  return doc?.n ?? 0;
}
