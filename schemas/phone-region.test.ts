import { describe, expect, it } from 'vitest';
import { phoneRegion } from './phone-region.ts';

describe('phoneRegion', () => {
  it('names the state and time zone of a US number however it is written', () => {
    expect(phoneRegion('+13035557001')).toEqual({ state: 'CO', timeZones: ['America/Denver'] });
    expect(phoneRegion('(305) 555-0100')).toEqual({ state: 'FL', timeZones: ['America/New_York'] });
    expect(phoneRegion('1-405-555-0100')?.state).toBe('OK');
    expect(phoneRegion('+1 202 555 0100')?.state).toBe('DC');
    expect(phoneRegion('+1 787 555 0100')?.state).toBe('PR');
  });

  it('lists every zone of an area code that spans two', () => {
    expect(phoneRegion('+12085550100')?.timeZones).toEqual(['America/Boise', 'America/Los_Angeles']);
  });

  it('gives Canadian numbers a zone and no state, and other countries and unknown codes nothing', () => {
    expect(phoneRegion('+14165550100')).toEqual({ state: null, timeZones: ['America/Toronto'] });
    expect(phoneRegion('+442079460958')).toBeNull();
    expect(phoneRegion('+18005550100')).toBeNull(); // toll-free rings anywhere
    expect(phoneRegion('555-0100')).toBeNull();
  });
});
