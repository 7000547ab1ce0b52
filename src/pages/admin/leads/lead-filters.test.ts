import { describe, expect, it } from 'vitest';
import type { LeadView } from '../../../../schemas/lead.ts';
import { inTab, leadAge, matchesSearch } from './lead-filters.ts';

const base: LeadView = {
  leadId: '1', name: 'Maria Gonzalez', email: 'maria@example.com', phone: '(303) 555-0142', notes: '', status: 'unclaimed',
  claimedBy: null, claimedAt: null, contactedAt: null, createdAt: new Date(0), timestamp: new Date(0), source: 'website', duplicateOf: null, overdue: false,
};

describe('lead tabs', () => {
  it('keep lost leads out of the unclaimed and agent tabs', () => {
    const lost = { ...base, status: 'lost' as const, claimedBy: 'Ben' };
    expect(inTab(lost, { kind: 'lost' })).toBe(true);
    expect(inTab(lost, { kind: 'all' })).toBe(true);
    expect(inTab(lost, { kind: 'unclaimed' })).toBe(false);
    expect(inTab(lost, { kind: 'agent', name: 'Ben' })).toBe(false);
  });

  it('put a lead under its agent only', () => {
    const bens = { ...base, claimedBy: 'Ben', status: 'called' as const };
    expect(inTab(bens, { kind: 'agent', name: 'Ben' })).toBe(true);
    expect(inTab(bens, { kind: 'agent', name: 'Stef' })).toBe(false);
    expect(inTab(bens, { kind: 'unclaimed' })).toBe(false);
  });
});

describe('lead search', () => {
  it('matches name and email text and phone by digits only', () => {
    expect(matchesSearch(base, 'gonz')).toBe(true);
    expect(matchesSearch(base, 'MARIA@')).toBe(true);
    expect(matchesSearch(base, '303-555-0142')).toBe(true);
    expect(matchesSearch(base, '3035550142')).toBe(true);
    expect(matchesSearch(base, '999')).toBe(false);
    // Words that merely contain digits are not phone searches.
    expect(matchesSearch(base, 'zq303x')).toBe(false);
    expect(matchesSearch(base, '  ')).toBe(true);
  });

  it('tells the age of a lead', () => {
    expect(leadAge(new Date(0), 59 * 60_000)).toBe('59m');
    expect(leadAge(new Date(0), 47 * 3600_000)).toBe('47h');
    expect(leadAge(new Date(0), 72 * 3600_000)).toBe('3d');
  });
});
