// The times of a lead's calls in the last 24 hours, kept on the lead as calls are logged, so lists
// and the Log call dialog can count them against Florida's cap (schemas/calling-hours.ts).
import { CALL_CAP_WINDOW_MS } from '../../schemas/calling-hours.ts';

/** The stored times still inside the 24-hour window at `now`, oldest first. */
export function recentCallTimes(stored: readonly unknown[] | null | undefined, now: number | Date = Date.now()): Date[] {
  const since = (typeof now === 'number' ? now : now.getTime()) - CALL_CAP_WINDOW_MS;
  return (stored ?? []).filter((at): at is Date => at instanceof Date && at.getTime() > since).sort((a, b) => a.getTime() - b.getTime());
}
