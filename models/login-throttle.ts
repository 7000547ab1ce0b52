// Limits password guessing: attempts are counted per account and per client address in the
// database (so every server process shares them), in fixed windows.
import mongoose, { Schema } from 'mongoose';
import { ipKeyGenerator } from 'express-rate-limit';
import { DomainError } from '../server/errors.ts';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Failed attempts allowed on one account per window: enough for typos, far too few to guess. */
export const ACCOUNT_ATTEMPTS = 5;
/** Failed attempts allowed from one address per window, across accounts (an office shares one). */
export const ADDRESS_ATTEMPTS = 20;

const throttleSchema = new Schema({
  key: { type: String, required: true, unique: true },
  count: { type: Number, required: true, default: 0 },
  windowStart: { type: Date, required: true },
});
throttleSchema.index({ windowStart: 1 });

const ThrottleModel = mongoose.model('LoginThrottle', throttleSchema);

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
/** IPv6 clients usually hold a whole /56 or /64, so they are counted by their /56 network. */
export const addressKey = (ip: string) => `address:${ipKeyGenerator(ip, 56)}`;

const isDuplicateKey = (err: unknown) => (err as { code?: number })?.code === 11000;

/** Counts one attempt against the key and returns the attempts in the current window, this one included. */
async function hit(key: string): Promise<{ count: number; windowStart: Date }> {
  const now = new Date();
  const cutoff = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  await ThrottleModel.updateOne({ key, windowStart: { $lte: cutoff } }, { $set: { count: 0, windowStart: now } });
  for (let attempt = 0; ; attempt++) {
    try {
      const doc = await ThrottleModel.findOneAndUpdate(
        { key },
        { $inc: { count: 1 }, $setOnInsert: { windowStart: now } },
        { upsert: true, new: true },
      ).orFail();
      if (doc.count === 1) await ThrottleModel.deleteMany({ windowStart: { $lte: cutoff } });
      return { count: doc.count, windowStart: doc.windowStart };
    } catch (err) {
      // Two first attempts at once: one insert wins, the other retries as an update.
      if (!isDuplicateKey(err) || attempt > 0) throw err;
    }
  }
}

function tooMany(windowStart: Date): DomainError {
  const minutes = Math.max(1, Math.ceil((windowStart.getTime() + THROTTLE_WINDOW_MS - Date.now()) / 60_000));
  return new DomainError(
    'TOO_MANY_REQUESTS',
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

export interface ThrottleLimit {
  key: string;
  max: number;
}

/**
 * Counts an attempt against every key before the password is checked, so parallel guesses cannot
 * slip past the limit; throws 429 once any key is over its limit. The caller forgives the attempt
 * with `forgive` when it succeeds.
 */
export async function countAttempt(limits: ThrottleLimit[]): Promise<void> {
  const hits = await Promise.all(limits.map((l) => hit(l.key)));
  const over = hits.find((h, i) => h.count > limits[i]!.max);
  if (over) throw tooMany(over.windowStart);
}

/** A successful sign-in: the account starts afresh and the address gets its attempt back. */
export async function forgive(opts: { account?: string; address?: string }): Promise<void> {
  if (opts.account) await ThrottleModel.deleteOne({ key: opts.account });
  if (opts.address) await ThrottleModel.updateOne({ key: opts.address, count: { $gt: 0 } }, { $inc: { count: -1 } });
}
