// The door to the notification outbox: notices waiting to be sent, leased to one sender at a time, and the mail quota.
export {
  OutboxModel,
  enqueueAccountNotice,
  enqueueEscalationNotice,
  enqueueNewLeadNotices,
  enqueueSlackReply,
  findDue,
  finishEntry,
  isDone,
  leaseEntry,
  outboxEvents,
  purgeDone,
  retryEntryAt,
  setEnabledChannels,
} from './queue.ts';
export type { Channel, OutboxEntry } from './queue.ts';
export { takeVisitorMailQuota } from './mail-quota.ts';
