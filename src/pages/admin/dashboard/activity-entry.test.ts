import { describe, expect, it } from 'vitest';
import { describeEntry, entryHref, type ActivityEntry } from './activity-entry.ts';

const entry = (action: string, details: Record<string, string>): ActivityEntry =>
  // The action as a string: entries of actions this build does not know yet arrive the same way.
  ({ activityId: 'a1', user: 'Ben', action, details, timestamp: new Date(0) }) as ActivityEntry;

describe('activity entries', () => {
  it('link lead entries to the lead record and customer entries to the customer, deleted ones nowhere', () => {
    expect(entryHref(entry('LEAD_CLAIMED', { leadId: 'L 1', leadName: 'Ann' }), false)).toBe('/admin/leads/L%201');
    expect(entryHref(entry('LEAD_CALL_LOGGED', { leadId: 'L1' }), true)).toBe('/leads/L1');
    expect(entryHref(entry('LEAD_DELETED', { leadId: 'L1' }), false)).toBeNull();
    expect(entryHref(entry('CUSTOMER_CREATED', { customerId: 'C1', leadId: 'L1' }), false)).toBe('/admin/customers?customer=C1');
    expect(entryHref(entry('CUSTOMER_UPDATED', { customerId: 'C1' }), true)).toBe('/customers?customer=C1');
    expect(entryHref(entry('CUSTOMER_DELETED', { customerId: 'C1' }), false)).toBeNull();
    expect(entryHref(entry('LEAD_CREATED', {}), false)).toBeNull();
  });

  it('read a logged call with its outcome when the entry has one', () => {
    expect(describeEntry(entry('LEAD_CALL_LOGGED', { leadName: 'Ann Lee', outcome: 'voicemail' }))).toBe(
      'logged a call with Ann Lee (Left voicemail)',
    );
    expect(describeEntry(entry('LEAD_CALL_LOGGED', { leadName: 'Ann Lee' }))).toBe('logged a call with Ann Lee');
    expect(describeEntry(entry('LEAD_CLAIMED', { leadName: 'Ann Lee', claimedBy: 'Stef' }))).toBe('assigned Ann Lee to Stef');
  });
});
