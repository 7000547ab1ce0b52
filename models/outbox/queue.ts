// The notification outbox: notices waiting to be sent (Slack, email, reminders), leased to one sender at a time.
// One mechanism decides which channels are on, the `enabled` set below that the worker fills from the
// configuration when it starts: notices are queued only on those channels and this server takes only those
// (an entry queued by a server configured otherwise waits for one that has its channel), which needs no second
// list in the worker and no entry parked and re-read every quarter hour.
import { EventEmitter } from 'node:events';
import mongoose, { Schema } from 'mongoose';
import { isDuplicateKey } from '../../server/errors.ts';

export const CHANNELS = ['slack', 'team-email', 'visitor-email', 'slack-reply', 'staff-email'] as const;
export type Channel = (typeof CHANNELS)[number];
/** `holder-reminder` and `escalation`: the escalation ladder's reminder and admins' notice (models/leads/escalate.ts). */
export type NoticeKind = 'new' | 'reminder' | 'reply' | 'holder-reminder' | 'escalation' | 'account';

/** The reminder goes out this long after a lead arrived, if nobody has claimed it: before the 24-hour promise lapses. */
export const REMINDER_AFTER_MS = 20 * 60 * 60 * 1000;

/**
 * Pending entries only, in a small collection of their own: the worker's "what is due" query reads a
 * few documents, not the history (the embedded engine decodes every document of a range query).
 * `dueAt` is both the schedule and the lease: a sender moves it past its lease before sending, so a
 * crashed sender's entry comes due again by itself.
 */
const outboxSchema = new Schema(
  {
    _id: { type: String, required: true },
    leadId: { type: String, required: true },
    kind: { type: String, required: true },
    channel: { type: String, enum: CHANNELS, required: true },
    dueAt: { type: Date, required: true },
    attempts: { type: Number, default: 0 },
    lastError: { type: String, default: null },
    /** What a Slack reply says and where it goes (only for `slack-reply`). */
    data: { type: Schema.Types.Mixed, default: null },
    createdAt: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
outboxSchema.index({ dueAt: 1 });
export const OutboxModel = mongoose.model('Outbox', outboxSchema, 'outbox');

/** What became of each entry, keyed like the entry: a retried enqueue or a restarted sender never sends twice. */
const outboxDoneSchema = new Schema(
  {
    _id: { type: String, required: true },
    result: { type: String, enum: ['sent', 'skipped', 'failed'], required: true },
    /** Why a notice was skipped, when the sender says ("do-not-contact": the person asked not to be contacted). */
    reason: { type: String, default: null },
    attempts: { type: Number, default: 0 },
    doneAt: { type: Date, required: true },
  },
  { versionKey: false },
);
outboxDoneSchema.index({ doneAt: 1 });
export const OutboxDoneModel = mongoose.model('OutboxDone', outboxDoneSchema, 'outbox_done');

export type OutboxEntry = {
  _id: string;
  leadId: string;
  kind: NoticeKind;
  channel: Channel;
  dueAt: Date;
  attempts: number;
  lastError: string | null;
  data: Record<string, unknown> | null;
  createdAt: Date;
};

/** The channels the running server sends through (set at start from the configuration); none in CLI commands. */
let enabled = new Set<Channel>();
export function setEnabledChannels(channels: Channel[]): void {
  enabled = new Set(channels);
}

/** Wakes this process's worker as soon as something is queued, so a notice leaves within moments. */
export const outboxEvents = new EventEmitter();

/** Inserts entries, ignoring those already queued under the same key. */
export async function enqueue(entries: Omit<OutboxEntry, 'attempts' | 'lastError' | 'createdAt'>[]): Promise<void> {
  if (!entries.length) return;
  try {
    await OutboxModel.insertMany(entries, { ordered: false });
  } catch (err) {
    const writeErrors = (err as { writeErrors?: unknown[] }).writeErrors;
    if (!(isDuplicateKey(err) || (writeErrors && writeErrors.every((e) => isDuplicateKey((e as { err?: unknown }).err ?? e))))) throw err;
  }
  outboxEvents.emit('queued');
}

type NewLead = { _id: unknown; createdAt?: Date | null; source?: string | null; duplicateOf?: unknown };

/**
 * Queues a new lead's notices on the enabled channels: the alert now, the visitor's acknowledgement
 * (website leads, not repeats) and the reminder due 20 hours after the lead arrived.
 */
export async function enqueueNewLeadNotices(lead: NewLead): Promise<void> {
  const leadId = String(lead._id);
  const arrived = lead.createdAt ?? new Date();
  const now = new Date();
  const repeat = Boolean(lead.duplicateOf);
  const entries: Omit<OutboxEntry, 'attempts' | 'lastError' | 'createdAt'>[] = [];
  const add = (kind: NoticeKind, channel: Channel, dueAt: Date) => {
    if (enabled.has(channel)) entries.push({ _id: `${leadId}:${kind}:${channel}`, leadId, kind, channel, dueAt, data: null });
  };
  add('new', 'slack', now);
  add('new', 'team-email', now);
  if (lead.source !== 'admin' && !repeat) add('new', 'visitor-email', now);
  if (!repeat) {
    const remindAt = new Date(arrived.getTime() + REMINDER_AFTER_MS);
    add('reminder', 'slack', remindAt);
    add('reminder', 'team-email', remindAt);
  }
  await enqueue(entries);
}

/**
 * Queues a step of the escalation ladder on Slack and email: `text` says what happened; the email goes
 * to the holder (`holder`, a reminder) or to the admins (the escalation), else to the team. Keyed by lead
 * and kind (and holding, for a reminder), so a step run again queues nothing twice.
 */
export async function enqueueEscalationNotice(
  leadId: string,
  kind: 'holder-reminder' | 'escalation',
  text: string,
  holder: string | null,
  /** The holding a reminder is for (each holding of a lead has its own), in the key. */
  holding?: string,
) {
  const now = new Date();
  const key = holding ? `${leadId}:${kind}:${holding}` : `${leadId}:${kind}`;
  const entries = (['slack', 'team-email'] as const)
    .filter((channel) => enabled.has(channel))
    .map((channel) => ({ _id: `${key}:${channel}`, leadId, kind, channel, dueAt: now, data: { text, holder } }));
  await enqueue(entries);
}

/** Queues the update of a Slack message after a claim from its button. */
export async function enqueueSlackReply(key: string, leadId: string, data: { responseUrl: string; message: Record<string, unknown> }) {
  await enqueue([{ _id: `${leadId}:reply:${key}`, leadId, kind: 'reply', channel: 'slack-reply', dueAt: new Date(), data }]);
}

/**
 * Queues a notice to a staff member about their own account (models/auth/account-notice.ts), keyed by
 * `key` so it goes once. Nothing is queued while email is off.
 */
export async function enqueueAccountNotice(key: string, data: { to: string; subject: string; text: string }): Promise<boolean> {
  if (!enabled.has('staff-email')) return false;
  await enqueue([{ _id: `account:${key}`, leadId: '-', kind: 'account', channel: 'staff-email', dueAt: new Date(), data }]);
  return true;
}

/** Entries due at `now` on the channels this server sends through, a handful at a time. */
export function findDue(now: Date, limit = 20): Promise<OutboxEntry[]> {
  return OutboxModel.find({ dueAt: { $lte: now }, channel: { $in: [...enabled] } })
    .limit(limit)
    .lean<OutboxEntry[]>();
}

/**
 * Takes an entry for one sender until `leaseUntil`. The update only matches while the entry is
 * still due with the attempt count this sender read, so of several servers exactly one wins: one
 * conditional write, atomic on MongoDB and on the embedded engine, whose proxy runs one write at a
 * time (docs/decisions/001-embedded-engine.md).
 */
export async function leaseEntry(entry: OutboxEntry, now: Date, leaseUntil: Date): Promise<OutboxEntry | null> {
  const leased = await OutboxModel.findOneAndUpdate(
    { _id: entry._id, attempts: entry.attempts, dueAt: { $lte: now } },
    { $set: { dueAt: leaseUntil }, $inc: { attempts: 1 } },
    { new: true },
  ).lean<OutboxEntry>();
  return leased ?? null;
}

/** Whether an entry under this key was already sent or given up (a sender that stopped before deleting it). */
export async function isDone(id: string): Promise<boolean> {
  return (await OutboxDoneModel.exists({ _id: id })) !== null;
}

/** Records the outcome, then drops the pending entry. */
export async function finishEntry(entry: OutboxEntry, result: 'sent' | 'skipped' | 'failed', now: Date, reason?: string): Promise<void> {
  try {
    await OutboxDoneModel.create({ _id: entry._id, result, reason: reason ?? null, attempts: entry.attempts, doneAt: now });
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
  await OutboxModel.deleteOne({ _id: entry._id });
}

/** Puts a failed entry back for a later attempt. */
export async function retryEntryAt(entry: OutboxEntry, dueAt: Date, error: string): Promise<void> {
  await OutboxModel.updateOne({ _id: entry._id, attempts: entry.attempts }, { $set: { dueAt, lastError: error.slice(0, 500) } });
}

/** Forgets outcomes older than `before` (the keys only guard against resending in the first days). */
export async function purgeDone(before: Date): Promise<void> {
  await OutboxDoneModel.deleteMany({ doneAt: { $lt: before } });
}
