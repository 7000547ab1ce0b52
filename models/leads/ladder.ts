// The escalation ladder's rule, without the database (escalate.ts runs it; the simulation test drives it
// directly): which steps are due for a lead nobody has called. The holder's steps (reminder, return)
// count from the claim, or while nobody holds it from its last return to the pool (else its arrival);
// the admins' notice from arrival. Each holding has a ladder of its own (escalate.ts keys the steps).
import type { EscalationLadder } from '../../schemas/office.ts';

export const LADDER = ['remind', 'return', 'admins'] as const;
export type LadderStep = (typeof LADDER)[number];

const MINUTE = 60_000;

export const minutesOf = (ladder: EscalationLadder, step: LadderStep): number | null =>
  ({ remind: ladder.remindAfterMin, return: ladder.returnAfterMin, admins: ladder.adminsAfterMin })[step];

/** When a step comes due for a lead (ms since the epoch). */
export function dueAt(
  lead: { createdAt: Date; claimedAt?: Date | null; pooledAt?: Date | null },
  step: LadderStep,
  minutes: number,
): number {
  const from = step === 'admins' ? lead.createdAt : (lead.claimedAt ?? lead.pooledAt ?? lead.createdAt);
  return from.getTime() + minutes * MINUTE;
}

/** The steps due at `now`, in ladder order, leaving out those already taken and all of them once the lead was called. */
export function dueSteps(
  lead: { createdAt: Date; claimedAt?: Date | null; pooledAt?: Date | null; contactedAt?: Date | null },
  ladder: EscalationLadder,
  taken: ReadonlySet<LadderStep>,
  now: Date,
): LadderStep[] {
  if (lead.contactedAt) return [];
  return LADDER.filter((step) => {
    const minutes = minutesOf(ladder, step);
    return minutes !== null && !taken.has(step) && dueAt(lead, step, minutes) <= now.getTime();
  });
}

/** The soonest step, in minutes; null when the ladder is off. */
export function soonestMinutes(ladder: EscalationLadder): number | null {
  const set = LADDER.map((s) => minutesOf(ladder, s)).filter((m): m is number => m !== null);
  return set.length ? Math.min(...set) : null;
}

/** How long a step waited, in words for the timeline. */
export const minutesInWords = (minutes: number) => {
  if (minutes < 1) return `${Math.round(minutes * 60)} seconds`;
  const m = Math.round(minutes);
  return `${m} minute${m === 1 ? '' : 's'}`;
};
