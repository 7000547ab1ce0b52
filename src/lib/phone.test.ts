import { describe, expect, it } from 'vitest';
import { formatPhone, formatPhoneQuick, telHref } from './phone.ts';

describe('tap-to-call links', () => {
  it('dial US numbers in full whatever the typing', () => {
    expect(telHref('(303) 555-8181')).toBe('tel:+13035558181');
    expect(telHref('1-303-555-8181')).toBe('tel:+13035558181');
    expect(telHref('+1 303 555 8181')).toBe('tel:+13035558181');
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
    expect(telHref('555-8181')).toBe('tel:5558181');
  });
});

describe('phones shown to staff', () => {
  it('formats stored numbers and leaves numbers kept as typed alone', () => {
    expect(formatPhone('+13035557001')).toBe('(303) 555-7001');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhone('(303) 555-7001')).toBe('(303) 555-7001');
    expect(formatPhone('555-7001')).toBe('555-7001');
  });

  it('dials a stored E.164 number as it is', () => {
    expect(telHref('+13035557001')).toBe('tel:+13035557001');
  });
});

describe('phones formatted without libphonenumber (the dashboard)', () => {
  it('read exactly as the full formatter for every North American area code', () => {
    for (let area = 200; area < 1000; area++) {
      for (const exchange of ['011', '555', '911']) {
        const phone = `+1${area}${exchange}${String(area * 7)
          .slice(-4)
          .padStart(4, '0')}`;
        expect(formatPhoneQuick(phone)).toBe(formatPhone(phone));
      }
    }
  });

  it('show text that is not a stored number as it is, and leave other countries to the full formatter', () => {
    expect(formatPhoneQuick('(303) 555-7001')).toBe('(303) 555-7001');
    expect(formatPhoneQuick('555-7001')).toBe(formatPhone('555-7001'));
    expect(formatPhoneQuick('+442079460958')).toBeNull();
    expect(formatPhoneQuick('+11234567890')).toBeNull();
  });
});
