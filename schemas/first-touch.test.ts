// The first touch a lead keeps and the source it is counted under: utm_source beats the referring
// site, which beats "direct"; the site's own host is no referrer; hostile values are refused.
import { describe, expect, it } from 'vitest';
import { firstTouchInput, firstTouchOf, leadSourceOf } from './first-touch.ts';

describe('leadSourceOf', () => {
  it('counts a lead under its utm_source first, lower-cased', () => {
    expect(leadSourceOf({ utmSource: 'Newsletter', referrerHost: 'google.com' })).toBe('newsletter');
  });

  it('falls back to the referring host, then to direct', () => {
    expect(leadSourceOf({ utmSource: null, referrerHost: 'google.com' })).toBe('google.com');
    expect(leadSourceOf({ utmSource: '  ', referrerHost: null })).toBe('direct');
    expect(leadSourceOf(null)).toBe('direct');
  });

  it('names a lead staff added without a visit', () => {
    expect(leadSourceOf(null, 'admin')).toBe('added by staff');
  });
});

describe('firstTouchOf', () => {
  it('keeps the referring host only, without www., path or query', () => {
    expect(firstTouchOf({ referrer: 'https://www.Google.com/search?q=life+insurance', landingPage: '/about' })).toEqual({
      landingPage: '/about',
      referrerHost: 'google.com',
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
    });
  });

  it('does not count the site itself as a referrer', () => {
    const touch = firstTouchOf({ referrer: 'http://brokerage.example/contact', landingPage: '/' }, ['www.brokerage.example']);
    expect(touch?.referrerHost).toBeNull();
    expect(leadSourceOf(touch)).toBe('direct');
  });

  it('keeps nothing for an empty attribution or none', () => {
    expect(firstTouchOf({})).toBeNull();
    expect(firstTouchOf(undefined)).toBeNull();
  });
});

describe('firstTouchInput', () => {
  it.each([
    [{ referrer: 'javascript:alert(1)' }],
    [{ referrer: 'data:text/html,<b>x</b>' }],
    [{ landingPage: 'javascript:alert(1)' }],
    [{ landingPage: '//evil.example/' }],
    [{ landingPage: `/${'a'.repeat(400)}` }],
    [{ utmSource: 'x'.repeat(101) }],
    [{ utmCampaign: 'spring\nsale' }],
    [{ utmSource: 42 }],
    [{ referrer: ['https://a.example'] }],
  ])('refuses %j', (value) => {
    expect(firstTouchInput.safeParse(value).success).toBe(false);
  });

  it('accepts what the public pages send', () => {
    const value = {
      landingPage: '/?utm_source=newsletter',
      referrer: 'https://news.example/',
      utmSource: 'newsletter',
      utmMedium: 'email',
    };
    expect(firstTouchInput.parse(value)).toEqual(value);
  });
});
