import { describe, expect, it } from 'vitest';
import { checkFollowUp, defaultFollowUpInput, leadLocalTime } from './follow-up-form.ts';
import { fromLocalInput } from './log-call-form.ts';
import { nextBusinessMorning } from '../../schemas/follow-up-time.ts';

const chicago = { timeZones: ['America/Chicago'] };

describe('the follow-up prompt', () => {
  it("prefills the next business morning in the lead's zone, in the browser's own time", () => {
    const now = new Date('2026-11-27T18:00:00Z'); // a Friday
    const value = defaultFollowUpInput(chicago, now);
    expect(fromLocalInput(value)!.getTime()).toBe(nextBusinessMorning(now, 'America/Chicago').getTime());
    expect(leadLocalTime(value, chicago)).toMatch(/^Mon, Nov 30, 10:00 AM CST$/);
  });

  it("uses the office's zone for a lead whose zone is unknown", () => {
    const now = new Date('2026-11-25T18:00:00Z');
    expect(leadLocalTime(defaultFollowUpInput(null, now), null)).toMatch(/^Thu, Nov 26, 10:00 AM MST$/);
  });

  it('refuses an empty, impossible or past time with the shared messages', () => {
    expect(checkFollowUp('x', '')).toEqual({ error: 'Enter a valid follow-up date and time' });
    expect(checkFollowUp('x', '2026-02-30T10:00')).toEqual({ error: 'Enter a valid follow-up date and time' });
    expect(checkFollowUp('x', '2020-01-01T10:00')).toEqual({ error: 'Pick a follow-up time in the future' });
    expect(checkFollowUp('x', defaultFollowUpInput(null, new Date()))).toHaveProperty('at');
  });
});
