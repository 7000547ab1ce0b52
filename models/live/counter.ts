// The lead change counter: one small document bumped on every lead change, which every server polls,
// so each server's open consoles hear of a change made through any server.
import { EventEmitter } from 'node:events';
import mongoose, { Schema } from 'mongoose';
import { logger } from '../../server/logger.ts';

const counterSchema = new Schema({ _id: { type: String, required: true }, n: { type: Number, default: 0 } }, { versionKey: false });
const ChangeCounterModel = mongoose.model('ChangeCounter', counterSchema, 'change_counters');
const KEY = 'leads';

/** How often each server reads the counter while someone is listening: a keyed read, cheap on any engine. */
export const LIVE_POLL_MS = 1000;

const events = new EventEmitter();
events.setMaxListeners(0);
let lastSeen: number | null = null;
let poller: NodeJS.Timeout | null = null;

function publish(n: number) {
  if (n === lastSeen) return;
  lastSeen = n;
  events.emit('change', n);
}

/** The counter as stored now (0 before the first change). */
export async function readChangeCount(): Promise<number> {
  const doc = await ChangeCounterModel.findById(KEY).lean();
  return doc?.n ?? 0;
}

/**
 * Records that leads changed. Never fails the caller: a missed bump delays a console refresh, it
 * loses no data.
 */
export function noteLeadChange(): Promise<void> {
  return ChangeCounterModel.findOneAndUpdate({ _id: KEY }, { $inc: { n: 1 } }, { upsert: true, new: true })
    .lean()
    .then((doc) => {
      if (doc) publish(doc.n);
    })
    .catch((err: unknown) => logger.warn({ err }, 'could not bump the lead change counter'));
}

/** Calls `listener` with the counter whenever it changes; polls the database only while someone listens. */
export function onLeadChange(listener: (n: number) => void): () => void {
  events.on('change', listener);
  if (!poller) {
    poller = setInterval(() => {
      readChangeCount().then(publish, () => {
        /* the database is away: the next poll tries again */
      });
    }, LIVE_POLL_MS);
    poller.unref();
  }
  return () => {
    events.off('change', listener);
    if (events.listenerCount('change') === 0 && poller) {
      clearInterval(poller);
      poller = null;
    }
  };
}
