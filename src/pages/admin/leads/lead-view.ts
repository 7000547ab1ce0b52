// The lead list's view (tab, search, page, sort, overdue filter) read from and written to the URL, so a
// reload, the back button and a link from another screen all show the same list. Pure, so it is unit-tested.
import { LEAD_SORTS, type LeadPageInput, type LeadSort } from '../../../../schemas/lead.ts';
import { leadListHref } from '../../../lib/lead-links.ts';
import type { LeadTab } from './lead-filters.ts';

export interface LeadListState {
  tab: LeadTab;
  /** The search as asked (trimmed). */
  q: string;
  /** From 0, as the server counts; the URL counts from 1. */
  page: number;
  sort: LeadSort;
  order: 'asc' | 'desc';
  overdue: boolean;
}

const TABS = ['all', 'unclaimed', 'agent', 'closed', 'lost'] as const;

/** The search a text in the box asks for (as the URL keeps it): trimmed, at most 100 characters. */
export const searchOf = (text: string) => text.trim().slice(0, 100);

/** The view a URL asks for; anything unknown or malformed falls back to the default. */
export function readLeadView(params: URLSearchParams): LeadListState {
  const tabName = TABS.find((t) => t === params.get('tab')) ?? 'all';
  const agent = params.get('agent')?.trim();
  const tab: LeadTab = tabName === 'agent' ? (agent ? { kind: 'agent', name: agent } : { kind: 'all' }) : { kind: tabName };
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const sort = LEAD_SORTS.find((s) => s === params.get('sort')) ?? 'received';
  const order = params.get('order') === 'asc' ? 'asc' : 'desc';
  return {
    tab,
    q: searchOf(params.get('q') ?? ''),
    page: Number.isFinite(page) && page > 1 ? Math.min(page, 1_000_000) - 1 : 0,
    sort,
    order,
    overdue: params.get('overdue') === '1',
  };
}

/** The URL parameters of a view, built by the same helper other screens use for their links. */
export function leadViewParams(view: LeadListState): URLSearchParams {
  const href = leadListHref(false, {
    tab: view.tab.kind,
    agent: view.tab.kind === 'agent' ? view.tab.name : undefined,
    q: view.q || undefined,
    page: view.page + 1,
    sort: view.sort,
    order: view.order,
    overdue: view.overdue,
  });
  return new URLSearchParams(href.split('?')[1] ?? '');
}

/** What the server is asked for to show a view. */
export const pageInputOf = (view: LeadListState): LeadPageInput => ({
  tab: view.tab.kind,
  agent: view.tab.kind === 'agent' ? view.tab.name : undefined,
  search: view.q,
  page: view.page,
  sort: view.sort,
  order: view.order,
  overdue: view.overdue,
});

/** The order a column starts in: newest first for Received, A to Z for the others. */
export const firstOrder = (sort: LeadSort): 'asc' | 'desc' => (sort === 'received' ? 'desc' : 'asc');

/** Clicking a column header: the sorted column flips its order, another column starts in its first order. */
export function nextSort(view: LeadListState, sort: LeadSort): Pick<LeadListState, 'sort' | 'order'> {
  if (view.sort === sort) return { sort, order: view.order === 'asc' ? 'desc' : 'asc' };
  return { sort, order: firstOrder(sort) };
}
