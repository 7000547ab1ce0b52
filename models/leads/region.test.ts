import { describe, expect, it } from 'vitest';
import { leadRegion } from './region.ts';

describe('leadRegion', () => {
  it("takes the phone's area code first, whatever address sent the form", () => {
    expect(leadRegion('+13055550100', '73.14.1.1')).toEqual({ state: 'FL', timeZones: ['America/New_York'], from: 'phone' });
  });

  it("falls back to the visitor's address for a number without a known area code", () => {
    // 73.14.1.1 is in Colorado in the bundled GeoLite2 data.
    expect(leadRegion('+18005550100', '73.14.1.1')).toEqual({ state: 'CO', timeZones: ['America/Denver'], from: 'address' });
  });

  it('is unknown without either, or for an address outside the US', () => {
    expect(leadRegion('+18005550100')).toBeNull();
    expect(leadRegion('+442079460958', '81.2.69.160')).toBeNull();
  });
});
