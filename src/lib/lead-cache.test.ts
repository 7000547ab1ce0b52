import { describe, expect, it } from 'vitest';
import type { LeadView } from '../../schemas/lead.ts';
import { withSavedLead } from './lead-cache.ts';

const lead = (leadId: string, notes: string, extra: Partial<LeadView> = {}) => ({ leadId, notes, name: leadId, ...extra }) as LeadView;

describe('withSavedLead', () => {
  it('puts the saved lead in its place on a list page and keeps the others', () => {
    const page = { leads: [lead('a', 'old'), lead('b', 'b')], total: 2 };
    const next = withSavedLead(page, lead('a', 'new'));
    expect(next.leads.map((l) => l.notes)).toEqual(['new', 'b']);
    expect(next.leads[1]).toBe(page.leads[1]);
    expect(next.total).toBe(2);
  });

  it("keeps what the save's answer leaves out, such as the do-not-contact mark", () => {
    const mark = { since: new Date(), by: 'Ann', reason: null } as unknown as LeadView['doNotContact'];
    const next = withSavedLead({ lead: lead('a', 'old', { doNotContact: mark }) }, lead('a', 'new'));
    expect(next.lead).toMatchObject({ notes: 'new', doNotContact: mark });
  });

  it('replaces the lead in each list of My work', () => {
    const work = { overdue: [lead('a', 'old')], today: [], nearingPromise: [lead('c', 'c')], count: 2 };
    expect(withSavedLead(work, lead('a', 'new')).overdue[0]!.notes).toBe('new');
  });

  it('answers the same object when the lead is not in it', () => {
    const page = { leads: [lead('b', 'b')] };
    expect(withSavedLead(page, lead('a', 'new'))).toBe(page);
    expect(withSavedLead(undefined, lead('a', 'new'))).toBeUndefined();
    const record = { lead: lead('b', 'b') };
    expect(withSavedLead(record, lead('a', 'new'))).toBe(record);
  });
});
