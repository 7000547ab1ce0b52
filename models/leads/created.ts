// What follows the storing of a new lead: its notices are queued and open consoles are told.
import { enqueueNewLeadNotices } from '../outbox';
import { noteLeadChange } from '../live';

/**
 * Runs right after the lead's insert, in the same request: the outbox entries are in the database
 * before the visitor's 201, and nothing here waits for Slack or SMTP.
 */
export async function leadCreated(lead: Parameters<typeof enqueueNewLeadNotices>[0]): Promise<void> {
  await enqueueNewLeadNotices(lead);
  void noteLeadChange();
}
