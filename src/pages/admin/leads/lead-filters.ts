// Which leads each tab and the search box show (SPEC.md §4, §5). Pure, so it is unit-tested.
import { digitsOf, phoneSearchDigits, type LeadView } from '../../../../schemas/lead.ts';

export type LeadTab = { kind: 'all' } | { kind: 'unclaimed' } | { kind: 'agent'; name: string } | { kind: 'closed' } | { kind: 'lost' };

export const tabKey = (tab: LeadTab) => (tab.kind === 'agent' ? `agent:${tab.name}` : tab.kind);

/** Lost leads stay out of the unclaimed and agent tabs; closed leads have a tab of their own. */
export function inTab(lead: LeadView, tab: LeadTab): boolean {
  switch (tab.kind) {
    case 'all':
      return true;
    case 'unclaimed':
      return !lead.claimedBy && lead.status !== 'lost' && lead.status !== 'closed';
    case 'agent':
      return lead.claimedBy === tab.name && lead.status !== 'lost';
    case 'closed':
      return lead.status === 'closed';
    case 'lost':
      return lead.status === 'lost';
  }
}

/** Name and email by text; phone by its digits only, when the search is written like a phone number. */
export function matchesSearch(lead: LeadView, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  const digits = phoneSearchDigits(q);
  return lead.name.toLowerCase().includes(q) || lead.email.toLowerCase().includes(q) || (digits.length > 0 && digitsOf(lead.phone).includes(digits));
}

export const EMPTY_TEXT: Record<LeadTab['kind'], string> = {
  all: 'No leads found',
  unclaimed: 'No unclaimed leads',
  agent: 'No claimed leads',
  closed: 'No closed deals',
  lost: 'No lost leads',
};

/** "3h", "2d": how long ago a lead arrived. */
export function leadAge(createdAt: Date, now: number): string {
  const minutes = Math.max(0, Math.floor((now - createdAt.getTime()) / 60_000));
  if (minutes < 60) return `${minutes}m`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)}h`;
  return `${Math.floor(minutes / 1440)}d`;
}
