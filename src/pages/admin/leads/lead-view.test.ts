// The lead list's view in the URL: what a link or a reload asks for is what is shown.
import { describe, expect, it } from 'vitest';
import { leadViewParams, nextSort, readLeadView } from './lead-view.ts';

describe('lead list view in the URL', () => {
  it('reads a full view and writes it back the same', () => {
    const params = new URLSearchParams('tab=agent&agent=Stef&q=smith&page=3&sort=name&order=asc&overdue=1');
    const view = readLeadView(params);
    expect(view).toEqual({ tab: { kind: 'agent', name: 'Stef' }, q: 'smith', page: 2, sort: 'name', order: 'asc', overdue: true });
    expect(leadViewParams(view).toString()).toBe('tab=agent&agent=Stef&q=smith&page=3&sort=name&order=asc&overdue=1');
  });

  it('falls back to the default view for unknown or malformed values and leaves defaults out of the URL', () => {
    const view = readLeadView(new URLSearchParams('tab=nope&page=-4&sort=email&order=up&overdue=yes'));
    expect(view).toEqual({ tab: { kind: 'all' }, q: '', page: 0, sort: 'received', order: 'desc', overdue: false });
    expect(leadViewParams(view).toString()).toBe('');
    expect(readLeadView(new URLSearchParams('tab=agent')).tab).toEqual({ kind: 'all' });
  });

  it('flips the sorted column and starts another in its first order', () => {
    const view = readLeadView(new URLSearchParams());
    expect(nextSort(view, 'received')).toEqual({ sort: 'received', order: 'asc' });
    expect(nextSort(view, 'name')).toEqual({ sort: 'name', order: 'asc' });
    expect(nextSort({ ...view, sort: 'name', order: 'asc' }, 'name')).toEqual({ sort: 'name', order: 'desc' });
  });
});
