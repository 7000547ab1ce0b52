// The age shown beside an open lead.
import { describe, expect, it } from 'vitest';
import { leadAge } from './lead-filters.ts';

describe('lead age', () => {
  it('tells the age of a lead', () => {
    expect(leadAge(new Date(0), 59 * 60_000)).toBe('59m');
    expect(leadAge(new Date(0), 47 * 3600_000)).toBe('47h');
    expect(leadAge(new Date(0), 72 * 3600_000)).toBe('3d');
  });
});
