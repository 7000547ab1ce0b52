// Links into the lead screens that other screens build (the dashboard's figures, My work, the
// activity list): the lead list's view lives in its URL, so a link is a view and a reload keeps it.
import { adminPath } from '../../schemas/host-mode.ts';
import type { LeadSort } from '../../schemas/lead.ts';

/** The lead list's view as URL parameters: `tab`, `agent`, `q`, `page` (from 1), `sort`, `order`, `overdue=1`. */
export interface LeadListView {
  tab?: 'all' | 'unclaimed' | 'agent' | 'closed' | 'lost';
  agent?: string;
  q?: string;
  /** 1-based, as people count pages. */
  page?: number;
  sort?: LeadSort;
  order?: 'asc' | 'desc';
  overdue?: boolean;
}

/** The lead list showing a view; parameters at their defaults are left out. */
export function leadListHref(adminHost: boolean, view: LeadListView = {}): string {
  const params = new URLSearchParams();
  if (view.tab && view.tab !== 'all') params.set('tab', view.tab);
  if (view.tab === 'agent' && view.agent) params.set('agent', view.agent);
  if (view.q) params.set('q', view.q);
  if (view.page && view.page > 1) params.set('page', String(view.page));
  if (view.sort && view.sort !== 'received') params.set('sort', view.sort);
  if (view.order && view.order !== 'desc') params.set('order', view.order);
  if (view.overdue) params.set('overdue', '1');
  const query = params.toString();
  return `${adminPath(adminHost, 'leads')}${query ? `?${query}` : ''}`;
}

/** A lead's record. */
export const leadRecordHref = (adminHost: boolean, leadId: string) => `${adminPath(adminHost, 'leads')}/${encodeURIComponent(leadId)}`;

/** An agent's queue of follow-ups and leads nearing the 24-hour promise. */
export const myWorkHref = (adminHost: boolean) => adminPath(adminHost, 'work');
