// Readable names of the activity log's action codes, for the CSV export and the console's lists.

/**
 * Keyed by the code as text, so a code added elsewhere (or an old one no longer recorded) needs no
 * change of type here; a code without a label reads as its words (activityLabel).
 */
export const ACTIVITY_LABELS: Readonly<Record<string, string>> = {
  LEAD_CREATED: 'Lead created',
  LEAD_CLAIMED: 'Lead claimed',
  LEAD_UNCLAIMED: 'Lead unclaimed',
  LEAD_STATUS_UPDATED: 'Status changed',
  LEAD_NOTES_UPDATED: 'Notes updated',
  LEAD_STATUS_AND_NOTES_UPDATED: 'Status and notes changed',
  LEAD_DELETED: 'Lead deleted',
  LEAD_CALL_LOGGED: 'Call logged',
  CALL_OUTSIDE_HOURS: 'Called outside calling hours',
  CALL_OVER_DAILY_CAP: 'Call over the daily cap',
  CUSTOMER_CREATED: 'Customer created',
  CUSTOMER_UPDATED: 'Customer updated',
  CUSTOMER_DELETED: 'Customer deleted',
  DO_NOT_CONTACT_SET: 'Asked not to be contacted',
  DO_NOT_CONTACT_LIFTED: 'Do not contact lifted',
  DO_NOT_CONTACT_OVERRIDDEN: 'Called despite do not contact',
  POLICY_ADDED: 'Policy added',
  POLICY_UPDATED: 'Policy changed',
  POLICY_REMOVED: 'Policy removed',
  CUSTOMERS_IMPORTED: 'Customers imported',
};

/** "Lead claimed" for LEAD_CLAIMED; "Some new action" for an unlabelled SOME_NEW_ACTION. */
export function activityLabel(action: string): string {
  const known = Object.hasOwn(ACTIVITY_LABELS, action) ? ACTIVITY_LABELS[action] : undefined;
  if (known) return known;
  const words = action.toLowerCase().replace(/_+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
