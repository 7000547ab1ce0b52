// The escalation ladder as a job of its own (models/leads/escalate.ts): every few seconds it checks the
// leads due a reminder, a return to the pool or the admins' notice, and queues those notices in the
// outbox, which the notification worker (notify/worker.ts) sends. Each server runs one; the ladder's
// steps are claimed in the database, so two servers never take the same step twice.
import { escalateDue } from '../models/leads';
import { logger } from '../server/logger.ts';

export interface EscalationJobOptions {
  /** How often the ladder is checked; 0: only runOnce() runs it. */
  everyMs?: number;
  /** The clock (tests fix it). */
  now?: () => Date;
}

export interface EscalationJob {
  /** One pass over the ladder; a call during a pass waits for that pass. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

export function startEscalationJob(opts: EscalationJobOptions = {}): EscalationJob {
  const now = opts.now ?? (() => new Date());
  const everyMs = opts.everyMs ?? 5000;
  let running: Promise<void> | null = null;
  let stopped = false;

  function runOnce(): Promise<void> {
    running ??= escalateDue(now())
      .then(
        () => undefined,
        // A failed pass is tried again at the next tick; the notices already queued still go out.
        (err: unknown) => logger.warn({ err }, 'escalation pass failed; will try again'),
      )
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = everyMs > 0 ? setInterval(() => void (stopped || runOnce()), everyMs) : null;
  timer?.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
