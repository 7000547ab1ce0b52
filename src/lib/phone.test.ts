import { describe, expect, it } from 'vitest';
import { telHref } from './phone.ts';

describe('tap-to-call links', () => {
  it('dial US numbers in full whatever the typing', () => {
    expect(telHref('(303) 555-8181')).toBe('tel:+13035558181');
    expect(telHref('1-303-555-8181')).toBe('tel:+13035558181');
    expect(telHref('+1 303 555 8181')).toBe('tel:+13035558181');
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
    expect(telHref('555-8181')).toBe('tel:5558181');
  });
});
