// The tab title's count: added, replaced, and dropped at zero.
import { describe, expect, it } from 'vitest';
import { titleWithCount } from './use-title-count.ts';

describe('titleWithCount', () => {
  it('puts the count in front once and drops it at zero', () => {
    expect(titleWithCount('Lead Management | Site', 3)).toBe('(3) Lead Management | Site');
    expect(titleWithCount('(3) Lead Management | Site', 12)).toBe('(12) Lead Management | Site');
    expect(titleWithCount('(3) Lead Management | Site', 0)).toBe('Lead Management | Site');
  });
});
