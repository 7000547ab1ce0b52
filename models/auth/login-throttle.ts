// Limits password guessing without letting a stranger lock staff out. Attempts are counted in the
// database (so every server process shares them), in fixed windows, with atomic increments made
// before the password is checked, so parallel or batched guesses cannot slip past a limit:
// - per account and address: a few failures, then 429 for that address only;
// - per address across accounts: a password spray from one address stops;
// - per account across addresses: no lockout, but one guess at a time and a wait that grows with
//   the failures (models/auth/account-turn.ts), so a guesser rotating addresses, in parallel or not,
//   gets slower and slower while the owner still gets in.
import mongoose, { Schema } from 'mongoose';
import { ipKeyGenerator } from 'express-rate-limit';
import { isDuplicateKey, tooManyRequests, type DomainError } from '../../server/errors.ts';
import { takeTurn, type AccountTurn } from './account-turn.ts';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Failed attempts allowed on one account from one address per window: enough for typos, far too few to guess. */
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

/** IPv6 clients usually hold a whole /56 or /64, so they are counted by their /56 network. */
const network = (ip: string) => ipKeyGenerator(ip, 56);
const normalEmail = (email: string) => email.trim().toLowerCase();

/** The counters one sign-in attempt touches. The address is the real client address (req.ip). */
export interface SignInKeys {
  account: string;
  pair: string;
  address?: string;
}

export function signInKeys(email: string, ip: string, opts: { countAddress?: boolean } = {}): SignInKeys {
  const e = normalEmail(email);
  return {
    account: `account:${e}`,
    pair: `pair:${e}|${network(ip)}`,
    address: opts.countAddress === false ? undefined : `address:${network(ip)}`,
  };
}
export const addressKey = (ip: string) => `address:${network(ip)}`;

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
  return tooManyRequests(
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    (windowStart.getTime() + THROTTLE_WINDOW_MS - Date.now()) / 1000,
  );
}

/**
 * Lets an attempt go on to the password check, or throws 429. Counts it against the account and
 * address pair, and the address, first (so of any number of parallel attempts only the allowed
 * number get through), then reserves the account's turn: the caller settles it with the answer.
 */
export async function admitAttempt(keys: SignInKeys): Promise<AccountTurn> {
  const arrivedAt = new Date();
  const pair = await hit(keys.pair);
  if (pair.count > ACCOUNT_ATTEMPTS) throw tooMany(pair.windowStart);
  // Only attempts the pair let through count against the address: otherwise, of parallel attempts,
  // one admitted by its pair count could meet the address count of the refused ones.
  const address = keys.address ? await hit(keys.address) : null;
  if (address && address.count > ADDRESS_ATTEMPTS) throw tooMany(address.windowStart);
  return takeTurn(keys.account, arrivedAt);
}

/** A successful sign-in: the account and this pair start afresh and the address gets its attempt back. */
export async function forgive(keys: SignInKeys, turn: AccountTurn): Promise<void> {
  await turn.succeeded();
  await ThrottleModel.deleteMany({ key: keys.pair });
  if (keys.address) await ThrottleModel.updateOne({ key: keys.address, count: { $gt: 0 } }, { $inc: { count: -1 } });
}

/** Google sign-in proves the email itself; only the address is counted. */
export async function admitAddress(ip: string): Promise<void> {
  const address = await hit(addressKey(ip));
  if (address.count > ADDRESS_ATTEMPTS) throw tooMany(address.windowStart);
}

export async function forgiveAddress(ip: string): Promise<void> {
  await ThrottleModel.updateOne({ key: addressKey(ip), count: { $gt: 0 } }, { $inc: { count: -1 } });
}

/** Wrong codes one second step (one password sign-in) may try before it must start again. */
export const CODE_ATTEMPTS = 5;

/** Counts one code against this sign-in attempt (the id of its second-step token), or throws 429. */
export async function admitCodeAttempt(attemptId: string): Promise<void> {
  const attempt = await hit(`attempt:${attemptId}`);
  if (attempt.count > CODE_ATTEMPTS)
    throw tooManyRequests('Too many wrong codes for this sign-in. Please sign in again with your password.', THROTTLE_WINDOW_MS / 1000);
}
