import { describe, expect, it } from 'vitest';
import { followUpZone, nextBusinessMorning } from './follow-up-time.ts';

describe('nextBusinessMorning', () => {
  it('is 10:00 the next day in the lead zone, midweek', () => {
    // Wednesday 2026-11-25 15:00 in Chicago (21:00 UTC).
    expect(nextBusinessMorning(new Date('2026-11-25T21:00:00Z'), 'America/Chicago').toISOString()).toBe('2026-11-26T16:00:00.000Z');
  });

  it('skips the weekend: Friday, Saturday and Sunday give Monday', () => {
    const monday = '2026-11-30T15:00:00.000Z'; // 10:00 in New York (EST)
    for (const at of ['2026-11-27T18:00:00Z', '2026-11-28T12:00:00Z', '2026-11-29T23:00:00Z'])
      expect(nextBusinessMorning(new Date(at), 'America/New_York').toISOString()).toBe(monday);
  });

  it("counts days in the lead's zone, not the server's: late Thursday in Hawaii is already Friday in UTC", () => {
    // Thursday 2026-11-26 22:00 in Honolulu = Friday 08:00 UTC: the next business day there is Friday.
    expect(nextBusinessMorning(new Date('2026-11-27T08:00:00Z'), 'Pacific/Honolulu').toISOString()).toBe('2026-11-27T20:00:00.000Z');
  });

  it('keeps 10:00 local across a daylight-saving change', () => {
    // Friday 2026-03-06 in Denver (MST) to Monday 2026-03-09 (MDT, UTC-6).
    expect(nextBusinessMorning(new Date('2026-03-06T20:00:00Z'), 'America/Denver').toISOString()).toBe('2026-03-09T16:00:00.000Z');
  });
});

describe('followUpZone', () => {
  it("takes the lead's first zone, else the fallback", () => {
    expect(followUpZone({ timeZones: ['America/Chicago', 'America/Denver'] }, 'America/Denver')).toBe('America/Chicago');
    expect(followUpZone(null, 'America/Denver')).toBe('America/Denver');
    expect(followUpZone({ timeZones: [] }, 'America/Denver')).toBe('America/Denver');
  });
});
