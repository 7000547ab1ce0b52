// The lead rules the lead view works out for one lead, written once: which leads are waiting for a
// first contact and when a waiting lead is overdue (filters.ts says the same as queries).
import { RESPONSE_PROMISE_MS, type LeadStatus } from '../../schemas/lead.ts';
import { conflict } from '../../server/errors.ts';

export { RESPONSE_PROMISE_MS };

/** The answer to a write that lost a race: the lead changed between reading it and writing it. */
export const leadChanged = () => conflict('This lead was changed by someone else. Please refresh and try again.');

/** Statuses that end the work on a lead: no overdue marker, no further status changes for closed. */
export const FINISHED: LeadStatus[] = ['closed', 'lost'];

/** Not yet contacted and not finished: waiting for the first contact the 24-hour promise is about. */
export const isWaiting = (l: { status: string; contacted: boolean }) => !FINISHED.includes(l.status as LeadStatus) && !l.contacted;

/** Waiting, and older than the 24-hour promise at `now` (arrival `createdAt` in ms since the epoch). */
export const isOverdue = (l: { status: string; contacted: boolean; createdAt: number }, now: number) =>
  isWaiting(l) && now - l.createdAt > RESPONSE_PROMISE_MS;
