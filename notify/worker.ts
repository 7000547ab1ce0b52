// The notification worker: takes due outbox entries under a lease, sends them, and retries failures
// with exponential backoff. Every server runs one; the lease makes sure one entry is sent by one.
import type { Config } from '../server/config.ts';
import { DomainError } from '../server/errors.ts';
import { logger } from '../server/logger.ts';
import { isSlackResponseUrl } from './slack/response-url.ts';
import * as outbox from '../models/outbox';
import { getLeadView, offeredAgents } from '../models/leads';
import { suppressionOf } from '../models/privacy';
import { listAgents } from '../models/staff';
import { purgeSignatures } from './slack/replay-store.ts';
import { createMailer, PermanentError, postToSlack } from './channels.ts';
import { accountMail, teamNotice, visitorAcknowledgement } from './mail-message.ts';
import { leadAlert } from './slack/message.ts';
import { escalationMail, escalationRecipients, escalationSlack, type EscalationData } from './escalation-notice.ts';

export interface NotifierOptions {
  /** The clock (tests fix it to check the reminder). */
  now?: () => Date;
  /** How often the outbox is read when nothing wakes the worker; 0 means only runOnce() sends. */
  pollMs?: number;
  /** First retry delay; it doubles each attempt up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How long a sender holds an entry before another server may take it over. */
  leaseMs?: number;
  /** The only origin a Slack `response_url` may have (tests point it at a local stand-in); Slack's by default. */
  slackResponseOrigin?: string;
}

export interface Notifier {
  /** Sends what is due now; resolves with the number of entries handled. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Permanent refusals are tried this many times before the entry is given up (outages are retried forever). */
const MAX_PERMANENT_ATTEMPTS = 5;
/** A lead not found this long after its notice was queued was never stored, or was deleted. */
const MISSING_LEAD_GRACE_MS = 60_000;
const HOUSEKEEPING_MS = 10 * 60_000;
const KEEP_DONE_MS = 7 * 24 * 60 * 60_000;

class NotYet extends Error {}

export function startNotifier(config: Config, opts: NotifierOptions = {}): Notifier {
  const now = opts.now ?? (() => new Date());
  const pollMs = opts.pollMs ?? 2000;
  const retryBaseMs = opts.retryBaseMs ?? 5000;
  const retryMaxMs = opts.retryMaxMs ?? 15 * 60_000;
  const leaseMs = opts.leaseMs ?? 60_000;
  const mailer = createMailer(config);
  const team = config.LEADS_NOTIFY_EMAIL ?? [];

  // The channels this server queues and sends through (models/outbox/queue.ts: the one place that decides).
  const channels: outbox.Channel[] = [];
  if (config.SLACK_WEBHOOK_URL) channels.push('slack');
  if (config.SLACK_SIGNING_SECRET) channels.push('slack-reply');
  if (mailer && team.length) channels.push('team-email');
  if (mailer) channels.push('visitor-email', 'staff-email');
  outbox.setEnabledChannels(channels);
  if (!config.SLACK_WEBHOOK_URL) logger.info('Slack alerts are off: SLACK_WEBHOOK_URL is not set');
  if (!config.SLACK_SIGNING_SECRET)
    logger.info('Slack claim buttons are off: SLACK_SIGNING_SECRET is not set, POST /api/slack/interactive answers 401');
  if (!mailer) logger.info('Email notices are off: SMTP_URL is not set');
  else if (!team.length)
    logger.info('Team email notices are off: LEADS_NOTIFY_EMAIL is not set (visitors still get their acknowledgement)');

  /** Why the last entry deliver() skipped was skipped, when it says (kept with the outcome). */
  let skipReason: string | undefined;

  async function deliver(entry: outbox.OutboxEntry): Promise<'sent' | 'skipped'> {
    skipReason = undefined;
    if (entry.channel === 'slack-reply') {
      const data = entry.data as { responseUrl: string; message: unknown };
      // Checked again here: an entry queued before the check existed, or by a server without it.
      if (!isSlackResponseUrl(data.responseUrl, opts.slackResponseOrigin)) return 'skipped';
      await postToSlack(data.responseUrl, data.message);
      return 'sent';
    }
    if (entry.channel === 'staff-email') {
      // A notice about the staff member's own account: no lead behind it.
      const data = entry.data as { to: string; subject: string; text: string };
      await mailer!.send(data.to, accountMail(data));
      return 'sent';
    }
    const at = now();
    let lead;
    try {
      lead = await getLeadView(entry.leadId);
    } catch (err) {
      if (!(err instanceof DomainError && err.code === 'NOT_FOUND')) throw err;
      if (at.getTime() - new Date(entry.createdAt).getTime() < MISSING_LEAD_GRACE_MS) throw new NotYet('lead not stored yet');
      return 'skipped';
    }
    // A person who asked not to be contacted gets nothing, and the team is not prompted to call them.
    if (await suppressionOf(lead.email, lead.phone)) {
      skipReason = 'do-not-contact';
      return 'skipped';
    }
    if (entry.kind === 'holder-reminder' || entry.kind === 'escalation') {
      if (lead.contactedAt || ['closed', 'lost'].includes(lead.status)) return 'skipped'; // called meanwhile
      const data = entry.data as unknown as EscalationData;
      if (entry.channel === 'slack') await postToSlack(config.SLACK_WEBHOOK_URL!, escalationSlack(lead, data, config.publicUrl));
      else await mailer!.send(await escalationRecipients(entry.kind, data, team), escalationMail(lead, data, config.publicUrl));
      return 'sent';
    }
    const reminder = entry.kind === 'reminder';
    // The reminder is for leads nobody has taken; a claimed, lost or closed lead needs none.
    if (reminder && (lead.claimedBy || lead.status !== 'unclaimed')) return 'skipped';
    if (entry.channel === 'slack') {
      // In offer mode the alert's claim buttons name only the agents the lead is offered to.
      const agents = (await offeredAgents(entry.leadId, at)) ?? (await listAgents()).map((a) => a.name);
      await postToSlack(config.SLACK_WEBHOOK_URL!, leadAlert(lead, agents, { publicUrl: config.publicUrl, now: at, reminder }));
    } else if (entry.channel === 'team-email') {
      await mailer!.send(team, teamNotice(lead, { publicUrl: config.publicUrl, now: at, reminder }));
    } else {
      // Capped per recipient domain, across servers: the form takes any address a visitor types.
      if (!(await outbox.takeVisitorMailQuota(lead.email, at))) {
        logger.warn({ leadId: lead.leadId }, 'visitor acknowledgement not sent: the recipient domain had its hourly quota');
        return 'skipped';
      }
      await mailer!.send(lead.email, visitorAcknowledgement());
    }
    return 'sent';
  }

  async function handle(candidate: outbox.OutboxEntry): Promise<boolean> {
    const at = now();
    const entry = await outbox.leaseEntry(candidate, at, new Date(at.getTime() + leaseMs));
    if (!entry) return false; // another server took it
    if (await outbox.isDone(entry._id)) {
      await outbox.finishEntry(entry, 'sent', at);
      return true;
    }
    try {
      const result = await deliver(entry);
      await outbox.finishEntry(entry, result, now(), result === 'skipped' ? skipReason : undefined);
      if (result === 'sent') logger.info({ entry: entry._id, attempts: entry.attempts }, 'notice sent');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof PermanentError && entry.attempts >= MAX_PERMANENT_ATTEMPTS) {
        logger.error({ entry: entry._id, err: message }, 'notice given up: the peer keeps refusing it');
        await outbox.finishEntry(entry, 'failed', now());
        return true;
      }
      const backoff = Math.min(retryMaxMs, retryBaseMs * 2 ** (entry.attempts - 1));
      const delay = err instanceof NotYet ? retryBaseMs : Math.round(backoff * (0.8 + Math.random() * 0.4));
      if (!(err instanceof NotYet))
        logger.warn({ entry: entry._id, attempts: entry.attempts, retryInMs: delay, err: message }, 'notice not sent; will retry');
      await outbox.retryEntryAt(entry, new Date(now().getTime() + delay), message);
    }
    return true;
  }

  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  let lastHousekeeping = 0;

  async function tick(): Promise<number> {
    let handled = 0;
    const at = now();
    if (at.getTime() - lastHousekeeping > HOUSEKEEPING_MS) {
      lastHousekeeping = at.getTime();
      await Promise.all([purgeSignatures(at), outbox.purgeDone(new Date(at.getTime() - KEEP_DONE_MS))]);
    }
    for (const entry of await outbox.findDue(at)) {
      if (stopped) break;
      if (await handle(entry)) handled++;
    }
    return handled;
  }

  /** One pass at a time; a wake-up during a pass runs another right after it. */
  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = tick()
      .catch((err: unknown) => {
        logger.warn({ err }, 'notification worker pass failed; will try again');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  }

  const wake = () => void runOnce();
  if (pollMs > 0) outbox.outboxEvents.on('queued', wake);
  const timer = pollMs > 0 ? setInterval(wake, pollMs) : null;
  timer?.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      outbox.outboxEvents.off('queued', wake);
      if (timer) clearInterval(timer);
      await running;
      mailer?.close();
    },
  };
}
