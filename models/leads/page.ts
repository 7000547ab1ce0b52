// The console's lead list a page at a time, by tab, search, sort and the Overdue filter: one indexed
// query for the page (every sort ends with `_id`, so pages never overlap) and one `$group` for the tab
// counts (docs/decisions/004-lead-read-model.md).
import type { SortOrder } from 'mongoose';
import { LEAD_STATUSES, type LeadPageInput, type LeadView } from '../../schemas/lead.ts';
import { LIST_PROJECTION, toLeadView } from './view.ts';
import { keysetBatches } from '../../server/keyset-batches.ts';
import { LeadModel, type LeadRecord } from './schema.ts';
import {
  allOf,
  countByHolderAndStatus,
  overdueFilter,
  searchFilter,
  tabCounts,
  tabFilter,
  type HolderStatusCount,
  type LeadFilter,
} from './filters.ts';

export const LEAD_PAGE_SIZE = 50;

type Sort = Record<string, SortOrder>;
const NEWEST_FIRST: Sort = { createdAt: -1, _id: -1 };

/** Leads of a filter in an order, as the list shows them. */
async function readPage(filter: LeadFilter, sort: Sort, skip: number, limit: number): Promise<LeadView[]> {
  if (limit <= 0) return [];
  const rows = await LeadModel.find(filter).sort(sort).skip(skip).limit(limit).select(LIST_PROJECTION).lean<LeadRecord[]>();
  const now = Date.now();
  return rows.map((r) => toLeadView(r, now));
}

/**
 * A page of leads ordered by groups (a status, a holder) one after the other, each newest first: the
 * groups' counts say which groups the page falls in, and each is one indexed query.
 */
async function pageOfGroups(groups: { filter: LeadFilter; n: number }[], skip: number, limit: number): Promise<LeadView[]> {
  const out: LeadView[] = [];
  for (const { filter, n } of groups) {
    if (out.length >= limit) break;
    if (skip >= n) {
      skip -= n;
      continue;
    }
    out.push(...(await readPage(filter, NEWEST_FIRST, skip, limit - out.length)));
    skip = 0;
  }
  return out;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The column sorts (docs/product.md §4): statuses in their working order, agents by name with unclaimed
 * leads last either way; ties newest first.
 */
function groupsFor(sort: 'status' | 'claimedBy', order: LeadPageInput['order'], rows: HolderStatusCount[]) {
  const dir = order === 'asc' ? 1 : -1;
  const sum = (keep: (r: HolderStatusCount) => boolean) => rows.filter(keep).reduce((a, r) => a + r.n, 0);
  if (sort === 'status') {
    const statuses = dir === 1 ? [...LEAD_STATUSES] : [...LEAD_STATUSES].reverse();
    return statuses.map((status) => ({ filter: { status }, n: sum((r) => r.status === status) }));
  }
  const holders = [...new Set(rows.flatMap((r) => (r.claimedBy ? [r.claimedBy] : [])))].sort((a, b) => dir * collator.compare(a, b));
  return [
    ...holders.map((claimedBy) => ({ filter: { claimedBy } as LeadFilter, n: sum((r) => r.claimedBy === claimedBy) })),
    { filter: { claimedBy: null }, n: sum((r) => !r.claimedBy) },
  ];
}

/** Whether a lead of this holder and status shows under a tab (filters.ts tabFilter). */
function inTab(r: { claimedBy: string | null; status: string }, tab: string, agent?: string): boolean {
  if (tab === 'unclaimed') return !r.claimedBy && r.status !== 'closed' && r.status !== 'lost';
  if (tab === 'closed' || tab === 'lost') return r.status === tab;
  if (tab === 'agent') return r.claimedBy === (agent ?? '') && r.status !== 'lost';
  return true;
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
 * The agents with a tab of their own among every lead: those holding a lead that is not lost. Two counting
 * groups the engine answers from its indexes (every lead and the lost ones, per holder): a search or the
 * Overdue filter shows these tabs with its own counts, so it never needs every holder's count per status.
 */
async function agentsWithATab(): Promise<string[]> {
  const perHolder = (match: LeadFilter) =>
    LeadModel.aggregate<{ _id?: string | null; n: number }>([{ $match: match }, { $group: { _id: '$claimedBy', n: { $sum: 1 } } }]);
  const [every, lost] = await Promise.all([perHolder({}), perHolder({ status: 'lost' })]);
  const lostOf = new Map(lost.map((r) => [r._id ?? null, r.n]));
  return every.flatMap((r) => (r._id && r.n > (lostOf.get(r._id) ?? 0) ? [r._id] : []));
}

/** The tab counts: of every lead, or of those a search or the Overdue filter keeps (every agent tab shown, 0 when none). */
async function countsOf(filter: LeadFilter, search: string, now: number) {
  if (Object.keys(filter).length === 0) {
    const [rows, overdue] = await Promise.all([countByHolderAndStatus(), LeadModel.countDocuments(overdueFilter(now))]);
    return { rows, counts: { ...tabCounts(rows), overdue } };
  }
  const [rows, agents] = await Promise.all([countByHolderAndStatus(filter), agentsWithATab()]);
  const counts = tabCounts(rows);
  for (const agent of agents) counts[`agent:${agent}`] ??= 0;
  if (!search) counts.overdue = counts.all;
  return { rows, counts };
}

/**
 * One page of a tab in the order asked, with the tab counts (of the search or the Overdue filter when there
 * is one). Ordered by date or name, the page asked for is read while the counts are taken; read again only
 * when the counts show it is past the last page.
 */
export async function leadPage(input: LeadPageInput): Promise<LeadPage> {
  const now = Date.now();
  const search = input.search.trim();
  const filter = allOf(searchFilter(search), input.overdue ? overdueFilter(now) : null);
  const inThisTab = allOf(tabFilter(input.tab, input.agent), filter);
  const dir = input.order === 'asc' ? 1 : -1;
  const sort: Sort = input.sort === 'name' ? { nameKey: dir, ...NEWEST_FIRST } : { createdAt: dir, _id: dir };
  const asked =
    input.sort === 'status' || input.sort === 'claimedBy' ? null : readPage(inThisTab, sort, input.page * LEAD_PAGE_SIZE, LEAD_PAGE_SIZE);
  asked?.catch(() => {}); // awaited below unless the page asked for is gone; its failure then is no one's
  const { rows, counts } = await countsOf(filter, search, now);
  const key = input.tab === 'agent' ? `agent:${input.agent ?? ''}` : input.tab;
  const total = counts[key] ?? 0;
  const pages = Math.max(1, Math.ceil(total / LEAD_PAGE_SIZE));
  const page = Math.min(input.page, pages - 1);
  const skip = page * LEAD_PAGE_SIZE;
  let leads: LeadView[];
  if (input.sort === 'status' || input.sort === 'claimedBy') {
    const tabRows = rows.filter((r) => inTab(r, input.tab, input.agent));
    const groups = groupsFor(input.sort, input.order, tabRows).map((g) => ({ ...g, filter: allOf(inThisTab, g.filter) }));
    leads = await pageOfGroups(groups, skip, LEAD_PAGE_SIZE);
  } else {
    leads = asked && page === input.page ? await asked : await readPage(inThisTab, sort, skip, LEAD_PAGE_SIZE);
  }
  return { leads, total, page, pages, pageSize: LEAD_PAGE_SIZE, counts };
}

/** Which page of the All tab (newest first) holds a lead (duplicate links, ?lead= links), or null when it is gone. */
export async function leadPosition(leadId: string): Promise<{ page: number } | null> {
  const lead = /^[0-9a-f]{24}$/i.test(leadId) ? await LeadModel.findById(leadId).select({ createdAt: 1 }).lean<LeadRecord>() : null;
  if (!lead) return null;
  const newer = await LeadModel.countDocuments({
    $or: [{ createdAt: { $gt: lead.createdAt } }, { createdAt: lead.createdAt, _id: { $gt: lead._id } }],
  });
  return { page: Math.floor(newer / LEAD_PAGE_SIZE) };
}

/** An agent's most recent `limit` leads of their tab, for the dashboard's lists (bounded on purpose). */
export const recentLeadsOf = (agentName: string, limit: number): Promise<LeadView[]> =>
  readPage(tabFilter('agent', agentName), NEWEST_FIRST, 0, limit);

/**
 * Every lead, newest first, `size` at a time, each batch read after the last lead sent (not by offset,
 * so a lead arriving or leaving meanwhile shifts nothing; server/keyset-batches.ts): GET /api/admin/leads
 * writes these as it reads them. The first batch is small, so the answer's first bytes leave before a
 * whole batch of leads is read.
 */
export async function* leadBatchesNewestFirst(size = 500, first = 50): AsyncGenerator<LeadView[]> {
  const batches = keysetBatches<LeadRecord>(LeadModel, { filter: {}, field: 'createdAt', dir: -1, select: LIST_PROJECTION, size, first });
  for await (const rows of batches) yield rows.map((row) => toLeadView(row));
}
