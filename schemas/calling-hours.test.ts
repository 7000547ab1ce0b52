// The calling window in the lead's own time: 8 a.m.–9 p.m., Florida and Oklahoma until 8 p.m., every
// zone of a multi-zone area code inside it, and Florida's cap of 3 calls in 24 hours.
import { describe, expect, it } from 'vitest';
import { callingCheck } from './calling-hours.ts';
import { phoneRegion } from './phone-region.ts';

const florida = phoneRegion('(305) 555-0100'); // Miami
const colorado = phoneRegion('(303) 555-0100'); // Denver
/** 8:30 p.m. in Miami (EST, UTC-5) on a winter day: 6:30 p.m. in Denver. */
const miamiEvening = new Date('2026-01-15T01:30:00Z');

describe('calling hours', () => {
  it('warns for a Florida number at 8:30 p.m. its time, not for a Colorado number at the same instant', () => {
    const fl = callingCheck(florida, miamiEvening);
    expect(fl.inHours).toBe(false);
    expect(fl.warning).toBe('It is 8:30 PM for this lead (Florida): calling hours are 8 AM–8 PM');
    const co = callingCheck(colorado, miamiEvening);
    expect(co.inHours).toBe(true);
    expect(co.warning).toBeNull();
    expect(co.localTimes).toEqual([{ zone: 'America/Denver', time: '6:30 PM' }]);
  });

  it('allows 8 a.m. to 9 p.m. elsewhere, Oklahoma until 8 p.m.', () => {
    const ny = phoneRegion('(212) 555-0100');
    expect(callingCheck(ny, new Date('2026-01-15T13:00:00Z')).inHours).toBe(true); // 8:00 AM
    expect(callingCheck(ny, new Date('2026-01-15T12:59:00Z')).warning).toBe(
      'It is 7:59 AM for this lead (New York): calling hours are 8 AM–9 PM',
    );
    expect(callingCheck(ny, new Date('2026-01-16T01:59:00Z')).inHours).toBe(true); // 8:59 PM
    expect(callingCheck(ny, new Date('2026-01-16T02:00:00Z')).inHours).toBe(false); // 9:00 PM
    const ok = phoneRegion('(405) 555-0100'); // Oklahoma City, CST
    expect(callingCheck(ok, new Date('2026-01-16T01:59:00Z')).inHours).toBe(true); // 7:59 PM
    expect(callingCheck(ok, new Date('2026-01-16T02:00:00Z')).warning).toBe(
      'It is 8:00 PM for this lead (Oklahoma): calling hours are 8 AM–8 PM',
    );
  });

  it('needs every zone of a multi-zone area code inside the window', () => {
    const idaho = phoneRegion('(208) 555-0100'); // Boise (Mountain) and the panhandle (Pacific)
    expect(idaho?.timeZones).toEqual(['America/Boise', 'America/Los_Angeles']);
    // 8:30 a.m. in Boise is 7:30 a.m. on Pacific time: not yet.
    const early = callingCheck(idaho, new Date('2026-01-15T15:30:00Z'));
    expect(early.inHours).toBe(false);
    expect(early.warning).toBe('It is 7:30 AM for this lead (Idaho): calling hours are 8 AM–9 PM');
    expect(early.localTimes.map((t) => t.time)).toEqual(['8:30 AM', '7:30 AM']);
    expect(callingCheck(idaho, new Date('2026-01-15T16:30:00Z')).inHours).toBe(true);
  });

  it('counts Florida calls: a fourth in 24 hours warns, inside the hours too', () => {
    const noon = new Date('2026-01-15T17:00:00Z'); // noon in Miami
    expect(callingCheck(florida, noon, 2).warning).toBeNull();
    const fourth = callingCheck(florida, noon, 3);
    expect(fourth.overCap).toBe(true);
    expect(fourth.warning).toBe('This lead (Florida) was called 3 times in the last 24 hours: at most 3 calls a day are allowed');
    expect(callingCheck(colorado, noon, 10).warning).toBeNull();
  });

  it('says nothing when the zone is unknown', () => {
    const unknown = callingCheck(null, miamiEvening);
    expect(unknown.known).toBe(false);
    expect(unknown.warning).toBeNull();
  });
});
