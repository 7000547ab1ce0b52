// The lead tabs, their empty states and a lead's age. Which leads a tab or a search shows is
// decided on the server (models/leads/page.ts). Pure, so it is unit-tested.

export type LeadTab = { kind: 'all' } | { kind: 'unclaimed' } | { kind: 'agent'; name: string } | { kind: 'closed' } | { kind: 'lost' };

export const tabKey = (tab: LeadTab) => (tab.kind === 'agent' ? `agent:${tab.name}` : tab.kind);

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
