// The lead list's filters as MongoDB queries, written once: each tab, the search and the Overdue filter
// (the rules themselves are rules.ts), and the one aggregation the tab counts and the dashboard share.
import { isDeepStrictEqual } from 'node:util';
import type { FilterQuery } from 'mongoose';
import { LEAD_STATUSES, RESPONSE_PROMISE_MS, phoneSearchDigits } from '../../schemas/lead.ts';
import { FINISHED } from './rules.ts';
import { LeadModel, type Lead } from './schema.ts';

export type LeadFilter = FilterQuery<Lead>;

/** Statuses written as `$in` lists (the engine sends `$in` to its indexes, not `$nin`). */
const NOT_LOST = LEAD_STATUSES.filter((s) => s !== 'lost');
export const UNFINISHED = LEAD_STATUSES.filter((s) => !FINISHED.includes(s));

/**
 * A tab of the console (docs/product.md §4): All; Unclaimed (nobody holds it, not finished); Closed;
 * Lost; an agent's (held by them, not lost). Null for an agent tab without a name.
 */
export function tabFilter(tab: string, agent?: string): LeadFilter {
  if (tab === 'unclaimed') return { claimedBy: null, status: { $in: UNFINISHED } };
  if (tab === 'closed') return { status: 'closed' };
  if (tab === 'lost') return { status: 'lost' };
  if (tab === 'agent') return { claimedBy: agent ?? '', status: { $in: NOT_LOST } };
  return {};
}

/** Waiting for a first contact and past the 24-hour promise at `now` (rules.ts isOverdue). */
export const overdueFilter = (now: number): LeadFilter => ({
  contactedAt: null,
  status: { $in: UNFINISHED },
  createdAt: { $lt: new Date(now - RESPONSE_PROMISE_MS) },
});

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A search: a case-insensitive substring of the name or the email, or, when it is written like a phone
 * number, of the phone's digits. Null for an empty search.
 */
export function searchFilter(search: string): LeadFilter | null {
  const q = search.trim();
  if (!q) return null;
  const text = { $regex: escapeRegex(q), $options: 'i' };
  const digits = phoneSearchDigits(q);
  return { $or: [{ name: text }, { email: text }, ...(digits ? [{ phoneDigits: { $regex: escapeRegex(digits) } }] : [])] };
}

/** The strings a condition on a string field allows (`'x'` or `{$in: ['x', ...]}`), or null for any other condition. */
function allowedStrings(condition: unknown): string[] | null {
  if (typeof condition === 'string') return [condition];
  const list = (condition as { $in?: unknown } | null)?.$in;
  if (Object.keys(condition ?? {}).length !== 1 || !Array.isArray(list) || !list.every((v) => typeof v === 'string')) return null;
  return list as string[];
}

/** Two such conditions on one string field as one: the values both allow. Null when either is another condition. */
function inBoth(a: unknown, b: unknown): { $in: string[] } | null {
  const [x, y] = [allowedStrings(a), allowedStrings(b)];
  return x && y ? { $in: x.filter((v) => y.includes(v)) } : null;
}

/**
 * Filters combined, none left out: one document when no field is asked twice for different things
 * (the Unclaimed tab and the Overdue filter both ask for the unfinished statuses; an agent's tab and the
 * Overdue filter ask for two lists of statuses, which become the statuses in both), else `$and`. One
 * document lets the embedded engine read each of its alternatives as one range of an index.
 */
export const allOf = (...filters: (LeadFilter | null)[]): LeadFilter => {
  const parts = filters.filter((f): f is LeadFilter => f !== null && Object.keys(f).length > 0);
  if (parts.length <= 1) return parts[0] ?? {};
  const merged: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (!(key in merged) || isDeepStrictEqual(merged[key], value)) merged[key] = value;
      else {
        const both = inBoth(merged[key], value);
        if (!both) return { $and: parts };
        merged[key] = both;
      }
    }
  }
  return merged as LeadFilter;
};

/** Leads per holder and status among those a filter keeps. */
export interface HolderStatusCount {
  claimedBy: string | null;
  status: string;
  n: number;
}

/**
 * The leads a filter keeps per holder and status: one `$group` on the pair, which the embedded engine
 * counts in SQL from an index holding both fields (docs/decisions/007-engine-pushdown.md, "Counting
 * groups"). A missing holder is left out of the pair's key and a null one kept; both count as unclaimed.
 */
export async function countByHolderAndStatus(filter: LeadFilter = {}): Promise<HolderStatusCount[]> {
  const rows = await LeadModel.aggregate<{ _id: { c?: string | null; s: string }; n: number }>([
    { $match: filter },
    { $group: { _id: { c: '$claimedBy', s: '$status' }, n: { $sum: 1 } } },
  ]);
  const counts = new Map<string, HolderStatusCount>();
  for (const { _id, n } of rows) {
    const claimedBy = _id.c ?? null;
    const key = JSON.stringify([claimedBy, _id.s]);
    const row = counts.get(key) ?? counts.set(key, { claimedBy, status: _id.s, n: 0 }).get(key)!;
    row.n += n;
  }
  return [...counts.values()];
}

/** The tab counts of such rows: all, unclaimed, closed, lost and `agent:<name>` for each agent holding a lead in their tab. */
export function tabCounts(rows: HolderStatusCount[]): Record<string, number> {
  const counts: Record<string, number> = { all: 0, unclaimed: 0, closed: 0, lost: 0 };
  for (const { claimedBy, status, n } of rows) {
    counts.all += n;
    if (status === 'lost') counts.lost += n;
    else if (claimedBy) counts[`agent:${claimedBy}`] = (counts[`agent:${claimedBy}`] ?? 0) + n;
    else if (status !== 'closed') counts.unclaimed += n;
    if (status === 'closed') counts.closed += n;
  }
  return counts;
}
