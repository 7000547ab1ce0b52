// Geolocation from the offline city data (server/geo.ts, enrich.ts's locate): both address
// families, mapped IPv4 addresses, the state's code, and the data's date and attribution.
import { describe, expect, it } from 'vitest';
import { geoDataInfo, lookup, usStateCode } from '../../server/geo.ts';
import { locate } from '../../models/visits/enrich.ts';

describe('geolocation', () => {
  it('names a US city with its state code, and a foreign one with its country', () => {
    expect(locate('24.56.0.1')).toEqual({ country: 'US', state: 'AZ', city: 'Phoenix, AZ' });
    expect(locate('::ffff:24.56.0.1')).toEqual({ country: 'US', state: 'AZ', city: 'Phoenix, AZ' });
    expect(locate('81.2.69.142')).toMatchObject({ country: 'GB', state: null, city: expect.stringMatching(/, United Kingdom$/) });
  });

  it('locates IPv6 addresses too', () => {
    expect(lookup('2001:4860:4860::8888')).toMatchObject({ country: 'US' });
    expect(locate('2a02:c7f::1')).toMatchObject({ country: 'GB', city: expect.stringMatching(/, United Kingdom$/) });
  });

  it('answers nulls for private, unknown and malformed addresses', () => {
    for (const ip of ['10.0.0.1', '127.0.0.1', '::1', 'not an address', '']) {
      expect(locate(ip)).toEqual({ country: null, state: null, city: null });
    }
  });

  it('maps state names to their 2-letter codes', () => {
    expect(usStateCode('Colorado')).toBe('CO');
    expect(usStateCode('District of Columbia')).toBe('DC');
    expect(usStateCode('Ontario')).toBeNull();
    expect(usStateCode(undefined)).toBeNull();
  });

  it("tells the data's build date and MaxMind's attribution", () => {
    const info = geoDataInfo();
    expect(info.date).toMatch(/^20\d\d-\d\d-\d\d$/);
    expect(info.date! >= '2026-01-01').toBe(true);
    expect(info.text).toContain('GeoLite2 data created by MaxMind');
  });
});
