// The console's wording of times: ages, relative times both ways, the activity list's relative times,
// waiting times and the short due time.
import { describe, expect, it } from 'vitest';
import { duration, relativeTime, relativeTo, shortTime, span } from './when.ts';

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

const activityNow = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(activityNow.getTime() - ms);

describe('relativeTime', () => {
  it('follows the documented steps at their edges', () => {
    expect(relativeTime(ago(0), activityNow)).toBe('Just now');
    expect(relativeTime(ago(59_999), activityNow)).toBe('Just now');
    expect(relativeTime(ago(60_000), activityNow)).toBe('1m ago');
    expect(relativeTime(ago(59 * 60_000 + 59_999), activityNow)).toBe('59m ago');
    expect(relativeTime(ago(3_600_000), activityNow)).toBe('1h ago');
    expect(relativeTime(ago(23 * 3_600_000 + 3_599_999), activityNow)).toBe('23h ago');
    expect(relativeTime(ago(86_400_000), activityNow)).toBe('1d ago');
    expect(relativeTime(ago(6 * 86_400_000 + 86_399_999), activityNow)).toBe('6d ago');
  });

  it('shows a full date from 7 days on', () => {
    expect(relativeTime(ago(7 * 86_400_000), activityNow)).toBe('Mar 3, 2026');
  });
});

describe('duration', () => {
  it('picks minutes, hours or days', () => {
    expect(duration(42)).toBe('42 min');
    expect(duration(90)).toBe('1.5 h');
    expect(duration(3 * 1440)).toBe('3.0 d');
  });
});
