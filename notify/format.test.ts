// Masked contact details and ages as the notices show them.
import { describe, expect, it } from 'vitest';
import { ageText, maskEmail, maskPhone } from './format.ts';

describe('notice formatting', () => {
  it('masks email and phone', () => {
    expect(maskEmail('maria.lopez@example.com')).toBe('m•••@example.com');
    expect(maskPhone('+13035550142')).toBe('(•••) •••-0142');
    expect(maskPhone('+442079460958')).toBe('+•• •• •••• 0958');
    expect(maskPhone('555-0142')).toBe('•••-0142');
    expect(maskPhone('12')).toBe('•••');
  });

  it('says how long ago a lead arrived', () => {
    const t = new Date('2026-01-01T00:00:00Z');
    const later = (ms: number) => new Date(t.getTime() + ms);
    expect(ageText(t, later(30_000))).toBe('just now');
    expect(ageText(t, later(12 * 60_000))).toBe('12 min ago');
    expect(ageText(t, later(20 * 3_600_000))).toBe('20 h ago');
    expect(ageText(t, later(3 * 3_600_000 + 5 * 60_000))).toBe('3 h 5 min ago');
    expect(ageText(t, later(50 * 3_600_000))).toBe('2 days ago');
  });
});
