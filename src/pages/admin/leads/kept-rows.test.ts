// A claimed lead keeps its place in the list it was claimed from.
import { describe, expect, it } from 'vitest';
import type { LeadView } from '../../../../schemas/lead.ts';
import { withKeptRows } from './kept-rows.ts';

const lead = (leadId: string) => ({ leadId }) as LeadView;
const ids = (leads: LeadView[]) => leads.map((l) => l.leadId);

describe('kept rows', () => {
  it('puts a lead the server no longer lists back at its place', () => {
    const kept = new Map([['b', { lead: lead('b'), index: 1 }]]);
    expect(ids(withKeptRows([lead('a'), lead('c')], kept))).toEqual(['a', 'b', 'c']);
  });

  it('keeps the server copy of a lead it still lists, and places several in order', () => {
    const kept = new Map([
      ['d', { lead: lead('d'), index: 3 }],
      ['a', { lead: lead('a'), index: 0 }],
      ['c', { lead: lead('c'), index: 2 }],
    ]);
    expect(ids(withKeptRows([lead('b'), lead('c')], kept))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(withKeptRows([], new Map([['x', { lead: lead('x'), index: 7 }]])))).toEqual(['x']);
  });
});
