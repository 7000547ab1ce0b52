// The leads' kept figures and paging index, so the dashboard and the lead list never read every
// lead: one counters document changed with $inc alongside each change of a lead, and small index
// documents of 100 leads each, in arrival order. `rebuildLeadIndex` remakes both from the leads.
// README.md ("Queries, counters and indexes") says which query uses what, and why.
import mongoose from 'mongoose';
import { logger } from '../server/logger.ts';
import { entryText as formatEntry } from './lead-entry.ts';

/** Bump when the layout below changes: the start-up check then rebuilds. */
export const INDEX_VERSION = 3;
/** Leads per index document. */
export const BUCKET = 100;
/** Leads per counted range: tab counts per range let a page skip whole ranges. */
export const RANGE = 1000;
const HOUR = 3600_000;
/** Hours of arrivals whose waiting leads are counted per hour: enough to tell "older than 24h". */
const HOURS_KEPT = 48;

/** The fields of a lead that the counters and the index depend on. */
export interface LeadFacts {
  _id: unknown;
  seq?: number | null;
  status: string;
  claimedBy?: string | null;
  contactedAt?: Date | null;
  claimedAt?: Date | null;
  createdAt: Date;
  name: string;
  email: string;
  phoneDigits: string;
}

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
const counters = () => mongoose.connection.collection<Keyed>('lead_counters');
/** Index documents `_id: "b<n>"`, field `e.<seq>_<leadId>` = the lead's entry text (models/lead-entry.ts). */
const index = () => mongoose.connection.collection<Keyed>('lead_index');

/** Field names cannot hold dots or start with $: agent names are written in hex. */
export const holderCode = (claimedBy: string | null | undefined) => (claimedBy ? `a${Buffer.from(claimedBy).toString('hex')}` : 'none');
export const agentTab = (name: string) => holderCode(name);

/** The tab a lead shows under besides All and Closed: Lost, its agent's, or Unclaimed (docs/product.md §4). */
function primaryTab(l: LeadFacts): string | null {
  if (l.status === 'lost') return 'lost';
  if (l.claimedBy) return holderCode(l.claimedBy);
  return l.status === 'closed' ? null : 'unclaimed';
}

export function tabsOf(l: LeadFacts): string[] {
  const primary = primaryTab(l);
  return ['all', ...(primary ? [primary] : []), ...(l.status === 'closed' ? ['closed'] : [])];
}

/** Not yet contacted and not finished: overdue once older than the 24-hour promise. */
const isWaiting = (l: LeadFacts) => l.status !== 'closed' && l.status !== 'lost' && !l.contactedAt;
const hourKey = (d: Date) => `h${Math.floor(d.getTime() / HOUR)}`;
export const bucketOf = (seq: number) => Math.floor(seq / BUCKET);
export const rangeOf = (seq: number) => Math.floor(seq / RANGE);
export const entryKey = (seq: number, id: unknown) => `${seq}_${String(id)}`;

/** Every counted change (tab, status, claim, contact, text) changes this text, so the entry is rewritten. */
function entryText(l: LeadFacts): string {
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
function contribution(l: LeadFacts, sign: number, now: number, into: Record<string, number>) {
  const add = (k: string) => (into[k] = (into[k] ?? 0) + sign);
  add(`c.${holderCode(l.claimedBy)}.${l.status}`);
  if (typeof l.seq === 'number') for (const t of tabsOf(l)) add(`t.${t}.r${rangeOf(l.seq)}`);
  if (isWaiting(l)) {
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
function splitRanges(all: Record<string, number>): { main: Record<string, number>; ranges: Record<string, Record<string, number>> } {
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
interface PendingChange {
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

/**
 * The pending changes a crash left: drops those whose lead write never happened, and reports
 * whether any did happen (then only a rebuild makes the counters right). A change younger than
 * a few seconds may still be running in another server on the same database: it is waited for.
 */
async function settlePending(): Promise<boolean> {
  for (let waited = 0; ; waited += 200) {
    const doc = (await counters().findOne({ _id: 'leads' }, { projection: { p: 1 } })) as { p?: Record<string, PendingChange> } | null;
    const pending = Object.entries(doc?.p ?? {});
    if (!pending.length) return false;
    const youngest = Math.max(...pending.map(([mark]) => new mongoose.Types.ObjectId(mark).getTimestamp().getTime()));
    if (Date.now() - youngest < 3000 && waited < 5000) {
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    const leads = mongoose.connection.collection('leads');
    let happened = false;
    for (const [mark, { lead, op }] of pending) {
      const now = mongoose.isValidObjectId(lead)
        ? await leads.findOne({ _id: new mongoose.Types.ObjectId(lead) }, { projection: { countMark: 1 } })
        : null;
      if (op === 'delete' ? !now : now?.countMark === mark) happened = true;
      else await counters().updateOne({ _id: 'leads' }, { $unset: { [`p.${mark}`]: '' } });
    }
    return happened;
  }
}

/** Claim waits kept per agent for the median. */
const CLAIM_WAITS_KEPT = 200;

interface ClaimWaits {
  _id: string;
  w: { at: Date; m: number }[];
}
const claimWaits = () => mongoose.connection.collection<ClaimWaits>('lead_counters');

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
  const firstRecentHour = Math.floor((now - 24 * HOUR) / HOUR);
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

/**
 * Remakes the counters and the index from the leads themselves (`npm run db:recount`, and the
 * start-up check). Leads without a number (written around the model: imports, demo data) get the
 * next numbers in arrival order. Reads every lead once: run it while the console is quiet.
 */
export async function rebuildLeadIndex(): Promise<{ leads: number; numbered: number }> {
  const leads = mongoose.connection.collection('leads');
  const rows = (await leads
    .find(
      {},
      { projection: { seq: 1, status: 1, claimedBy: 1, claimedAt: 1, contactedAt: 1, createdAt: 1, name: 1, email: 1, phoneDigits: 1 } },
    )
    .toArray()) as unknown as LeadFacts[];
  const unnumbered = rows
    .filter((l) => typeof l.seq !== 'number')
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || String(a._id).localeCompare(String(b._id)));
  let seq = Math.max(await lastSeq(), ...rows.map((l) => (typeof l.seq === 'number' ? l.seq : 0)));
  for (let i = 0; i < unnumbered.length; i += 1000) {
    const batch = unnumbered.slice(i, i + 1000);
    for (const l of batch) l.seq = ++seq;
    await leads.bulkWrite(
      batch.map((l) => ({ updateOne: { filter: { _id: l._id as mongoose.Types.ObjectId }, update: { $set: { seq: l.seq } } } })),
      { ordered: false },
    );
  }

  const now = Date.now();
  const all: Record<string, number> = {};
  const buckets = new Map<number, Record<string, string>>();
  for (const l of rows) {
    contribution(l, 1, now, all);
    const b = bucketOf(l.seq!);
    const entries = buckets.get(b) ?? {};
    entries[entryKey(l.seq!, l._id)] = entryText(l);
    buckets.set(b, entries);
  }
  const { main: inc, ranges } = splitRanges(all);
  const doc: Keyed = { _id: 'leads', c: {}, t: {}, w: {}, v: INDEX_VERSION };
  for (const [path, n] of Object.entries(inc)) {
    const [top, mid, leaf] = path.split('.');
    const group = doc[top] as Record<string, unknown>;
    if (leaf === undefined) group[mid] = n;
    else group[mid] = { ...(group[mid] as object), [leaf]: n };
  }
  await index().deleteMany({});
  const docs = [...buckets].map(([b, e]) => ({ _id: `b${b}`, e }));
  for (let i = 0; i < docs.length; i += 50) await index().insertMany(docs.slice(i, i + 50));
  await counters().deleteMany({ _id: { $regex: /^r\d+$/ } });
  const rangeDocs = Object.entries(ranges).map(([_id, tabs]) => ({ _id, ...tabs }));
  for (let i = 0; i < rangeDocs.length; i += 100) await counters().insertMany(rangeDocs.slice(i, i + 100));
  await counters().replaceOne({ _id: 'leads' }, doc, { upsert: true });
  // Each agent's latest claims again, for the medians.
  const claims = new Map<string, { at: Date; m: number }[]>();
  for (const l of rows) {
    if (!l.claimedBy || !l.claimedAt) continue;
    claims.set(l.claimedBy, [
      ...(claims.get(l.claimedBy) ?? []),
      { at: l.claimedAt, m: (l.claimedAt.getTime() - l.createdAt.getTime()) / 60_000 },
    ]);
  }
  await claimWaits().deleteMany({ _id: { $regex: /^claims:/ } });
  for (const [agent, w] of claims) {
    w.sort((a, b) => a.at.getTime() - b.at.getTime());
    await claimWaits().insertOne({ _id: `claims:${holderCode(agent)}`, w: w.slice(-CLAIM_WAITS_KEPT) });
  }
  await counters().updateOne({ _id: 'seq' }, { $max: { n: seq } }, { upsert: true });
  return { leads: rows.length, numbered: unnumbered.length };
}

/**
 * The start-up check: rebuilds when a change was interrupted between a lead's write and its count
 * (countedLeadChange), or the counters are missing, of an older layout, or disagree with the number
 * of leads (writes around the model). Costs one counters read, one estimated count, and one keyed
 * read per interrupted change.
 */
export async function ensureLeadIndex(): Promise<void> {
  const interrupted = await settlePending();
  const [current, stored] = await Promise.all([readCounters(), mongoose.connection.collection('leads').estimatedDocumentCount()]);
  const counted = Object.values(current.c).reduce((a, byStatus) => a + sum(byStatus), 0);
  if (!interrupted && current.v === INDEX_VERSION && counted === stored) return;
  const started = Date.now();
  const { leads, numbered } = await rebuildLeadIndex();
  logger.info({ leads, numbered, counted, stored, ms: Date.now() - started }, 'lead counters rebuilt');
}
