// One recent-activity entry in words and where it leads: lead entries to the lead's record, customer
// entries to the customers page with that customer open; nothing for a record that was deleted.
import { adminPath } from '../../../../schemas/host-mode.ts';
import { CALL_OUTCOME_LABELS } from '../../../../schemas/call-outcomes.ts';
import { leadRecordHref } from '../../../lib/lead-links.ts';
import type { RouterOutputs } from '../../../lib/trpc.ts';

export type ActivityEntry = RouterOutputs['activity']['list'][number];

/** The call's outcome in words; details.outcome is keyed by string so older entries (without it) read the same. */
function outcomeOf(details: ActivityEntry['details']): string | null {
  if (!('outcome' in details) || typeof details.outcome !== 'string') return null;
  const labels: Record<string, string> = CALL_OUTCOME_LABELS;
  return labels[details.outcome] ?? details.outcome;
}

/** What the user did, after their name ("assigned Ann Lee to Ben"). */
export function describeEntry(e: ActivityEntry): string {
  const who = e.details.leadName ? ` ${e.details.leadName}` : ' a lead';
  // A string, not the enum: LEAD_CALL_LOGGED reads right whether or not this build's enum has it.
  const action: string = e.action;
  switch (action) {
    case 'LEAD_CREATED':
      return `added${who}`;
    case 'LEAD_CLAIMED':
      return `assigned${who} to ${e.details.claimedBy ?? 'an agent'}`;
    case 'LEAD_UNCLAIMED':
      return `unclaimed${who}`;
    case 'LEAD_STATUS_UPDATED':
      return `marked${who} as ${e.details.newStatus}`;
    case 'LEAD_NOTES_UPDATED':
      return `updated the notes of${who}`;
    case 'LEAD_STATUS_AND_NOTES_UPDATED':
      return `marked${who} as ${e.details.newStatus} and updated the notes`;
    case 'LEAD_CALL_LOGGED': {
      const outcome = outcomeOf(e.details);
      return `logged a call with${who}${outcome ? ` (${outcome})` : ''}`;
    }
    case 'LEAD_DELETED':
      return `deleted${who}`;
    case 'CUSTOMER_CREATED':
      return 'added a customer';
    case 'CUSTOMER_UPDATED':
      return 'updated a customer';
    case 'CUSTOMER_DELETED':
      return 'deleted a customer';
    case 'POLICY_ADDED':
      return `added a policy for${who}`;
    case 'POLICY_UPDATED':
      return `changed a policy of${who}`;
    case 'POLICY_REMOVED':
      return `removed a policy of${who}`;
    case 'CUSTOMERS_IMPORTED':
      return `imported customers and policies${e.details.reason ? ` (${e.details.reason})` : ''}`;
    default:
      return action.toLowerCase().replace(/_/g, ' ');
  }
}

/** The customers page with one customer open. */
export const customerHref = (adminHost: boolean, customerId: string) =>
  `${adminPath(adminHost, 'customers')}?customer=${encodeURIComponent(customerId)}`;

/** Where an entry leads; null once its record was deleted or when the entry names none. */
export function entryHref(e: ActivityEntry, adminHost: boolean): string | null {
  const action: string = e.action;
  if (action === 'LEAD_DELETED' || action === 'CUSTOMER_DELETED') return null;
  if (action.startsWith('CUSTOMER_') || action.startsWith('POLICY_'))
    return e.details.customerId ? customerHref(adminHost, e.details.customerId) : null;
  return e.details.leadId ? leadRecordHref(adminHost, e.details.leadId) : null;
}
