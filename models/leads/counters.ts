// The leads' kept figures and paging index, so the dashboard and the lead list never read every
// lead: one counters document changed with $inc alongside each change of a lead, and small index
// documents of 100 leads each, in arrival order. rebuild.ts remakes both from the leads.
// README.md ("Queries, counters and indexes") says which query uses what, and why.
import mongoose from 'mongoose';
import { RESPONSE_PROMISE_MS } from '../../schemas/lead.ts';
import { entryText as formatEntry } from './entry.ts';
import { holderCode, isWaiting, primaryTab, tabsOf, type LeadFacts } from './rules.ts';

/** Bump when the layout below changes: the start-up check then rebuilds. */
export const INDEX_VERSION = 3;
/** Leads per index document. */
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
/** Index documents `_id: "b<n>"`, field `e.<seq>_<leadId>` = the lead's entry text (models/leads/entry.ts). */
export const index = () => mongoose.connection.collection<Keyed>('lead_index');

const hourKey = (d: Date) => `h${Math.floor(d.getTime() / HOUR)}`;
export const bucketOf = (seq: number) => Math.floor(seq / BUCKET);
export const rangeOf = (seq: number) => Math.floor(seq / RANGE);
export const entryKey = (seq: number, id: unknown) => `${seq}_${String(id)}`;

/** Every counted change (tab, status, claim, contact, text) changes this text, so the entry is rewritten. */
export function entryText(l: LeadFacts): string {
  return formatEntry({
    primary: primaryTab(l) ?? '-',
    closed: l.status === 'closed',
    name: l.name.toLowerCase(),
    email: l.email.toLowerCase(),
    phone: l.phoneDigits,
    status: l.status,
    holder: holderCode(l.claimedBy),
    createdAt: l.createdAt.getTime(),
    contacted: Boolean(l.contactedAt),
  });
}

/** What one lead adds to the counters (negated when it goes away); `t.<tab>.r<range>` is split by splitRanges. */
export function contribution(l: LeadFacts, sign: number, now: number, into: Record<string, number>) {
  const add = (k: string) => (into[k] = (into[k] ?? 0) + sign);
  add(`c.${holderCode(l.claimedBy)}.${l.status}`);
  if (typeof l.seq === 'number') for (const t of tabsOf(l)) add(`t.${t}.r${rangeOf(l.seq)}`);
  if (isWaiting({ status: l.status, contacted: Boolean(l.contactedAt) })) {
    add('w.n');
    if (l.createdAt.getTime() > now - HOURS_KEPT * HOUR) add(`w.${hourKey(l.createdAt)}`);
  }
}

/**
 * Applies one change of a lead (create: before null; delete: after null) to the counters, in one
 * $inc, and to its index entry. Called after the lead's own write succeeded, so each change is
 * counted once; $inc commutes, so concurrent changes of other leads cannot be lost. `mark` is the
 * change's pending entry (countedLeadChange), cleared in the same write as the $inc.
 */
export async function recordLeadChange(before: LeadFacts | null, after: LeadFacts | null, mark?: string): Promise<void> {
  const now = Date.now();
  const all: Record<string, number> = {};
  if (before) contribution(before, -1, now, all);
  if (after) contribution(after, 1, now, all);
  for (const k of Object.keys(all)) if (all[k] === 0) delete all[k];
  const { main: inc, ranges } = splitRanges(all);
  const writes: Promise<unknown>[] = [];
  for (const [range, tabs] of Object.entries(ranges)) writes.push(counters().updateOne({ _id: range }, { $inc: tabs }, { upsert: true }));
  const lead = after ?? before!;
  if (typeof lead.seq === 'number') {
    const field = `e.${entryKey(lead.seq, lead._id)}`;
    const bucket = `b${bucketOf(lead.seq)}`;
    if (!after) writes.push(index().updateOne({ _id: bucket }, { $unset: { [field]: '' } }));
    else if (!before || entryText(before) !== entryText(after))
      writes.push(index().updateOne({ _id: bucket }, { $set: { [field]: entryText(after) } }, { upsert: true }));
  }
  await Promise.all(writes);
  // The main counters last: clearing the pending entry there says every part of the change is written.
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

/** A change of a lead that is pending in the counters: which lead, and whether it is a deletion. */
export interface PendingChange {
  lead: string;
  op: 'write' | 'delete';
}

/**
 * Makes a change of one lead and its count crash-safe. The change is first noted as pending in the
 * counters document (`p.<mark>`), the lead's own write then carries the same mark (`countMark`,
 * or the lead's absence for a deletion), and the counters' $inc clears the pending entry in one
 * write. A crash anywhere leaves either nothing pending, or a pending entry that the start-up check
 * (ensureLeadIndex) resolves by two keyed reads: the lead's write happened, so the counters are
 * rebuilt, or it did not, so the entry is dropped. `write` answers null when nothing changed;
 * `alongside` runs once it did, at the same time as the count.
 */
export async function countedLeadChange<T>(
  leadId: unknown,
  op: PendingChange['op'],
  write: (mark: string) => Promise<{ before: LeadFacts | null; after: LeadFacts | null; result: T } | null>,
  alongside?: (result: T) => Promise<unknown>,
): Promise<T | null> {
  const mark = new mongoose.Types.ObjectId().toHexString();
  const pending: PendingChange = { lead: String(leadId), op };
  await counters().updateOne({ _id: 'leads' }, { $set: { [`p.${mark}`]: pending } }, { upsert: true });
  const dropMark = () => counters().updateOne({ _id: 'leads' }, { $unset: { [`p.${mark}`]: '' } });
  let done: Awaited<ReturnType<typeof write>>;
  try {
    done = await write(mark);
  } catch (err) {
    // A write refused before it ran changed nothing. Any other failure (a lost connection, say) may
    // have come after the write went through: the entry stays for the start-up check to resolve.
    const refused = ['ValidationError', 'CastError'].includes((err as Error).name) || (err as { code?: number }).code === 11000;
    if (refused) await dropMark().catch(() => undefined);
    throw err;
  }
  if (!done) {
    await dropMark();
    return null;
  }
  // What follows the change (its log entry, notices) is written beside its count, not after it.
  await Promise.all([recordLeadChange(done.before, done.after, mark), alongside?.(done.result)]);
  return done.result;
}

/** Claim waits kept per agent for the median. */
export const CLAIM_WAITS_KEPT = 200;

interface ClaimWaits {
  _id: string;
  w: { at: Date; m: number }[];
}
export const claimWaits = () => mongoose.connection.collection<ClaimWaits>('lead_counters');

/** Claims recorded by this process per agent since their list was last trimmed. */
const claimsSinceTrim = new Map<string, number>();

/** Remembers how long a lead waited for its claim, for the agent's median (the newest 200 are kept). */
export async function recordClaimWait(agentName: string, createdAt: Date, claimedAt: Date): Promise<void> {
  const id = `claims:${holderCode(agentName)}`;
  await claimWaits().updateOne(
    { _id: id },
    { $push: { w: { at: claimedAt, m: (claimedAt.getTime() - createdAt.getTime()) / 60_000 } } },
    { upsert: true },
  );
  // Trimmed now and then rather than on every claim ($push's $slice is not on every engine).
  const since = (claimsSinceTrim.get(id) ?? 0) + 1;
  claimsSinceTrim.set(id, since < CLAIM_WAITS_KEPT / 4 ? since : 0);
  if (since < CLAIM_WAITS_KEPT / 4) return;
  const doc = await claimWaits().findOne({ _id: id });
  if (doc && doc.w.length > CLAIM_WAITS_KEPT * 2)
    await claimWaits().updateOne({ _id: id }, { $set: { w: doc.w.slice(-CLAIM_WAITS_KEPT) } });
}

export const claimWaitsOf = (agentName: string) => claimWaits().findOne({ _id: `claims:${holderCode(agentName)}` });

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
}

export async function readCounters(): Promise<LeadCounters> {
  const doc = (await counters().findOne({ _id: 'leads' })) as Partial<LeadCounters> | null;
  return { c: doc?.c ?? {}, t: doc?.t ?? {}, w: doc?.w ?? {}, v: doc?.v };
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

/** Several index documents by _id in one query, in the order asked (empty ones for those missing). */
export async function readBuckets(buckets: number[]): Promise<Record<string, string>[]> {
  const docs = await index()
    .find({ _id: { $in: buckets.map((b) => `b${b}`) } })
    .toArray();
  const byId = new Map(docs.map((d) => [d._id, (d.e ?? {}) as Record<string, string>]));
  return buckets.map((b) => byId.get(`b${b}`) ?? {});
}

/**
 * Every index document's entries (search): read by _id, 100 to a query and a few queries at once,
 * which on the embedded engine is several times faster than one cursor over the collection.
 */
export async function* allBuckets(): AsyncGenerator<Record<string, string>> {
  const ids = Array.from({ length: bucketOf(await lastSeq()) + 1 }, (_, b) => `b${b}`);
  const PER_QUERY = 100;
  const AHEAD = 4;
  const ahead: Promise<Keyed[]>[] = [];
  for (let at = 0; at < ids.length || ahead.length;) {
    while (ahead.length < AHEAD && at < ids.length) {
      ahead.push(
        index()
          .find({ _id: { $in: ids.slice(at, at + PER_QUERY) } })
          .toArray(),
      );
      at += PER_QUERY;
    }
    for (const doc of await ahead.shift()!) yield (doc.e ?? {}) as Record<string, string>;
  }
}

/** The last lead number given out. */
export async function lastSeq(): Promise<number> {
  const doc = (await counters().findOne({ _id: 'seq' })) as { n?: number } | null;
  return doc?.n ?? 0;
}

export type { LeadFacts };
