// The lead rules the list, the counters, the dashboard and the lead view share, written once: which
// tab a lead shows under, which leads are waiting for a first contact, and when a waiting lead is overdue.
import { RESPONSE_PROMISE_MS, type LeadStatus } from '../../schemas/lead.ts';
import type { FirstTouch } from '../../schemas/first-touch.ts';
import { conflict } from '../../server/errors.ts';

export { RESPONSE_PROMISE_MS };

/** The answer to a write that lost a race: the lead changed between reading it and writing it. */
export const leadChanged = () => conflict('This lead was changed by someone else. Please refresh and try again.');

/** Statuses that end the work on a lead: no overdue marker, no further status changes for closed. */
export const FINISHED: LeadStatus[] = ['closed', 'lost'];

/** The fields of a lead that the counters and the list's entries depend on. */
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
  /** Who added it ('website' | 'admin') and where its visit came from: the entry's source. */
  source?: string | null;
  firstTouch?: Partial<FirstTouch> | null;
  /** The lead's last counted write (lead.ts); the list's entry carries the mark it reflects. */
  countMark?: string | null;
}

/** An agent's name as a code fit for a field name (no dots, no leading $), and "none" for no holder. */
export const holderCode = (claimedBy: string | null | undefined) => (claimedBy ? `a${Buffer.from(claimedBy).toString('hex')}` : 'none');
export const agentTab = (name: string) => holderCode(name);
export const holderName = (code: string) => (code.startsWith('a') ? Buffer.from(code.slice(1), 'hex').toString() : '');

/** The tab a lead shows under besides All and Closed: Lost, its agent's, or Unclaimed (docs/product.md §4); null for none. */
export function primaryTab(l: { status: string; claimedBy?: string | null }): string | null {
  if (l.status === 'lost') return 'lost';
  if (l.claimedBy) return holderCode(l.claimedBy);
  return l.status === 'closed' ? null : 'unclaimed';
}

/** Every tab a lead counts in. */
export function tabsOf(l: { status: string; claimedBy?: string | null }): string[] {
  const primary = primaryTab(l);
  return ['all', ...(primary ? [primary] : []), ...(l.status === 'closed' ? ['closed'] : [])];
}

/** Not yet contacted and not finished: waiting for the first contact the 24-hour promise is about. */
export const isWaiting = (l: { status: string; contacted: boolean }) => !FINISHED.includes(l.status as LeadStatus) && !l.contacted;

/** Waiting, and older than the 24-hour promise at `now` (arrival `createdAt` in ms since the epoch). */
export const isOverdue = (l: { status: string; contacted: boolean; createdAt: number }, now: number) =>
  isWaiting(l) && now - l.createdAt > RESPONSE_PROMISE_MS;
