// The console's lead list a page at a time, by tab, search, sort and the Overdue filter, worked out on the
// server from the kept counters and the entry documents (models/leads/counters.ts); only the page's leads are read.
import { phoneSearchDigits, type LeadPageInput, type LeadView } from '../../schemas/lead.ts';
import { LIST_PROJECTION, toLeadView } from './view.ts';
import { LeadModel, type LeadRecord } from './schema.ts';
import { entryOrder, inTab, isOverdue, newestFirst, oldestFirst, entriesOf, type Entry } from './entry.ts';
import { BUCKET, RANGE, bucketOf, overdueFrom, rangeOf, readBuckets, readCounters, tabRanges, type LeadCounters } from './counters.ts';
import { agentTab } from './rules.ts';
import { everyEntry } from './entry-cache.ts';

export const LEAD_PAGE_SIZE = 50;

/** The tabs of the console (docs/product.md §4) as the client names them, with their codes here. */
function tabsIn(counters: LeadCounters): { key: string; code: string }[] {
  const agents = Object.keys(counters.t)
    .filter((code) => /^a[0-9a-f]+$/.test(code))
    .map((code) => ({ key: `agent:${Buffer.from(code.slice(1), 'hex').toString()}`, code }));
  return [...['all', 'unclaimed', 'closed', 'lost'].map((t) => ({ key: t, code: t })), ...agents];
}

/** The entries of one range of lead numbers, newest first. */
async function rangeEntries(range: number, fromBucket = Infinity): Promise<Entry[]> {
  const first = (range * RANGE) / BUCKET;
  const buckets = Array.from({ length: RANGE / BUCKET }, (_, i) => first + i).filter((b) => b <= fromBucket);
  const docs = await readBuckets(buckets);
  return docs.flatMap(entriesOf).sort(newestFirst);
}

/** The entries of one range, newest (or oldest) first, reading its entry documents three at a time and only as far as asked. */
async function* rangeEntriesInOrder(range: number, fromOldest: boolean): AsyncGenerator<Entry> {
  const first = (range * RANGE) / BUCKET;
  const last = first + RANGE / BUCKET - 1;
  for (let at = 0; at <= last - first; at += 3) {
    const buckets = [at, at + 1, at + 2].filter((i) => i <= last - first).map((i) => (fromOldest ? first + i : last - i));
    for (const entries of await readBuckets(buckets)) yield* entriesOf(entries).sort(fromOldest ? oldestFirst : newestFirst);
  }
}

/** Walks the ranges of a tab from the newest (or the oldest), skipping whole ranges by their counts. */
async function tabEntries(tab: string, total: number, skip: number, limit: number, fromOldest = false): Promise<Entry[]> {
  const out: Entry[] = [];
  if (skip >= total) return out;
  for await (const [range, count] of tabRanges(tab, total, fromOldest)) {
    if (skip >= count) {
      skip -= count;
      continue;
    }
    for await (const e of rangeEntriesInOrder(range, fromOldest)) {
      if (!inTab(e, tab)) continue;
      if (skip > 0) skip--;
      else if (out.push(e) === limit) return out;
    }
    skip = 0;
  }
  return out;
}

/** The page's leads by id; one deleted meanwhile drops out. */
async function leadsOf(entries: Entry[]): Promise<LeadView[]> {
  if (!entries.length) return [];
  const rows = await LeadModel.find({ _id: { $in: entries.map((e) => e.id) } })
    .select(LIST_PROJECTION)
    .lean<LeadRecord[]>();
  const byId = new Map(rows.map((r) => [String(r._id), r]));
  const now = Date.now();
  return entries.flatMap((e) => {
    const lead = byId.get(e.id);
    return lead ? [toLeadView(lead, now)] : [];
  });
}

/**
 * Every entry that matches the search (name and email as text; the phone by its digits only, when
 * the search is written like a phone number) and, with `overdueAt`, is overdue at that time.
 */
async function matchingEntries(counters: LeadCounters, search: string, overdueAt: number | null): Promise<Entry[]> {
  const q = search.trim().toLowerCase();
  const digits = phoneSearchDigits(q);
  return (await everyEntry(counters)).filter(
    (e) =>
      (!q || e.name.includes(q) || e.email.includes(q) || (digits.length > 0 && e.phone.includes(digits))) &&
      (overdueAt === null || isOverdue(e, overdueAt)),
  );
}

export interface LeadPage {
  leads: LeadView[];
  total: number;
  page: number;
  pages: number;
  pageSize: number;
  /**
   * Leads per tab ("all", "unclaimed", "closed", "lost", "agent:<name>"), of the search or the Overdue
   * filter when there is one; "overdue" is the number of overdue leads (not given with a search).
   */
  counts: Record<string, number>;
}

/**
 * One page of a tab in the order asked. Newest or oldest first without a search or the Overdue
 * filter: the counts come from the counters, and only the entry documents of the page's range are
 * read. A search, the filter or a column sort read every entry document (never the leads), one
 * pass over about 1/100 as many documents as there are leads, and sort in memory; with a search or
 * the filter the counts are those of the matching leads. Then only the page's leads are read.
 */
export async function leadPage(input: LeadPageInput): Promise<LeadPage> {
  const counters = await readCounters();
  const tab = input.tab === 'agent' ? agentTab(input.agent ?? '') : input.tab;
  const tabs = tabsIn(counters);
  const search = input.search.trim();
  const filtered = search !== '' || input.overdue;
  let counts: Record<string, number> = Object.fromEntries(tabs.map((t) => [t.key, counters.t[t.code] ?? 0]));
  let pick: (skip: number) => Promise<Entry[]>;
  if (!filtered && input.sort === 'received') {
    pick = (skip) => tabEntries(tab, counters.t[tab] ?? 0, skip, LEAD_PAGE_SIZE, input.order === 'asc');
  } else {
    const found = await matchingEntries(counters, search, input.overdue ? Date.now() : null);
    if (filtered) counts = Object.fromEntries(tabs.map((t) => [t.key, found.filter((e) => inTab(e, t.code)).length]));
    const order = input.sort !== 'received' ? entryOrder(input.sort, input.order) : input.order === 'asc' ? oldestFirst : newestFirst;
    const shown = found.filter((e) => inTab(e, tab)).sort(order);
    pick = async (skip) => shown.slice(skip, skip + LEAD_PAGE_SIZE);
  }
  // The Overdue toggle's figure: every overdue lead, as the dashboard counts them (a search has its own).
  if (!search) counts.overdue = input.overdue ? counts.all : overdueFrom(counters.w);
  const key = input.tab === 'agent' ? `agent:${input.agent ?? ''}` : input.tab;
  const total = counts[key] ?? 0;
  const pages = Math.max(1, Math.ceil(total / LEAD_PAGE_SIZE));
  const page = Math.min(input.page, pages - 1);
  return { leads: await leadsOf(await pick(page * LEAD_PAGE_SIZE)), total, page, pages, pageSize: LEAD_PAGE_SIZE, counts };
}

/** Which page of the All tab holds a lead (duplicate links, ?lead= links), or null when it is gone. */
export async function leadPosition(leadId: string): Promise<{ page: number } | null> {
  const lead = /^[0-9a-f]{24}$/i.test(leadId) ? await LeadModel.findById(leadId).select({ seq: 1 }).lean() : null;
  if (!lead) return null;
  if (typeof lead.seq !== 'number') return { page: 0 };
  const counters = await readCounters();
  const range = rangeOf(lead.seq);
  let newer = 0;
  for await (const [r, n] of tabRanges('all', counters.t.all ?? 0)) {
    if (r <= range) break;
    newer += n;
  }
  newer += (await rangeEntries(range, Infinity)).filter((e) => e.seq > lead.seq! && bucketOf(e.seq) >= bucketOf(lead.seq!)).length;
  return { page: Math.floor(newer / LEAD_PAGE_SIZE) };
}

/** An agent's most recent `limit` leads of their tab, for the dashboard's lists (bounded on purpose). */
export async function recentLeadsOf(agentName: string, limit: number, counters?: LeadCounters): Promise<LeadView[]> {
  const c = counters ?? (await readCounters());
  const code = agentTab(agentName);
  return leadsOf(await tabEntries(code, c.t[code] ?? 0, 0, limit));
}

/**
 * Every lead, newest first, `size` at a time, in one pass over the entry documents (no paging by
 * offset, so a lead arriving meanwhile shifts nothing): GET /api/admin/leads writes these as it reads them.
 * The first batch is small, so the answer's first bytes leave before a whole batch of leads is read.
 */
export async function* leadBatchesNewestFirst(size = 500, first = 50): AsyncGenerator<LeadView[]> {
  const total = (await readCounters()).t.all ?? 0;
  let batch: Entry[] = [];
  let limit = Math.min(first, size);
  for await (const [range] of tabRanges('all', total, false)) {
    for await (const e of rangeEntriesInOrder(range, false)) {
      if (batch.push(e) < limit) continue;
      yield await leadsOf(batch);
      batch = [];
      limit = size;
    }
  }
  if (batch.length) yield await leadsOf(batch);
}
