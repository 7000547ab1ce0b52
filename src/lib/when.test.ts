// The console's wording of times: ages, relative times both ways, and the short due time.
import { describe, expect, it } from 'vitest';
import { relativeTo, shortTime, span } from './when.ts';

const now = new Date(2026, 10, 24, 15, 0).getTime();

describe('span', () => {
  it('picks minutes, hours, then days', () => {
    expect(span(59 * 60_000)).toBe('59m');
    expect(span(60 * 60_000)).toBe('1h');
    expect(span(47 * 3_600_000 + 59 * 60_000)).toBe('47h');
    expect(span(48 * 3_600_000)).toBe('2d');
  });
});

describe('relativeTo', () => {
  it('says ago for the past and in for the future', () => {
    expect(relativeTo(new Date(now - 30_000), now)).toBe('Just now');
    expect(relativeTo(new Date(now - 5 * 60_000), now)).toBe('5m ago');
    expect(relativeTo(new Date(now + 3 * 3_600_000), now)).toBe('in 3h');
  });
});

describe('shortTime', () => {
  it('shows only the time today and the weekday within the week', () => {
    expect(shortTime(new Date(2026, 10, 24, 9, 5), now)).toBe('9:05 AM');
    expect(shortTime(new Date(2026, 10, 26, 9, 0), now)).toBe('Thu 9:00 AM');
    expect(shortTime(new Date(2026, 11, 24, 9, 0), now)).toBe('Dec 24, 2026, 9:00 AM');
  });
});
