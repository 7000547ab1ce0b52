// Emails a staff member about a change to their own account's sign-in (a factor added, replaced or
// removed, new recovery codes, sign-in locked after wrong codes), through the outbox, when email is
// on. Someone who took over a password learns nothing from it; the owner learns what happened.
import { randomUUID } from 'node:crypto';
import { enqueueAccountNotice } from '../outbox';
import { logger } from '../../server/logger.ts';

const FOOTER = 'If this was not you, ask an administrator to reset your second factor and your password at once.';

/** Queues the notice; a failure to queue is logged and never fails the change itself. */
export async function noticeOwner(staff: { id?: string; email: string }, subject: string, what: string, key = randomUUID()): Promise<void> {
  const text = `${what}\n\nWhen: ${new Date().toUTCString()}\n\n${FOOTER}`;
  await enqueueAccountNotice(`${staff.id ?? staff.email}:${key}`, { to: staff.email, subject, text }).catch((err: unknown) =>
    logger.warn({ err }, 'could not queue an account notice'),
  );
}
