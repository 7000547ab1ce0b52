import { describe, expect, it } from 'vitest';
import { duration, relativeTime } from './relative-time.ts';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('relativeTime', () => {
  it('follows the documented steps at their edges', () => {
    expect(relativeTime(ago(0), now)).toBe('Just now');
    expect(relativeTime(ago(59_999), now)).toBe('Just now');
    expect(relativeTime(ago(60_000), now)).toBe('1m ago');
    expect(relativeTime(ago(59 * 60_000 + 59_999), now)).toBe('59m ago');
    expect(relativeTime(ago(3_600_000), now)).toBe('1h ago');
    expect(relativeTime(ago(23 * 3_600_000 + 3_599_999), now)).toBe('23h ago');
    expect(relativeTime(ago(86_400_000), now)).toBe('1d ago');
    expect(relativeTime(ago(6 * 86_400_000 + 86_399_999), now)).toBe('6d ago');
  });

  it('shows a full date from 7 days on', () => {
    expect(relativeTime(ago(7 * 86_400_000), now)).toBe('Mar 3, 2026');
  });
});

describe('duration', () => {
  it('picks minutes, hours or days', () => {
    expect(duration(42)).toBe('42 min');
    expect(duration(90)).toBe('1.5 h');
    expect(duration(3 * 1440)).toBe('3.0 d');
  });
});
