// One guess at a time per account: before a password or a second-factor code is checked, the
// attempt reserves the account's next-allowed time with one conditional findOneAndUpdate. Only the
// attempt that wins the reservation is evaluated; the others are answered 429 with Retry-After at
// once (nothing sleeps), and so are attempts that were already under way when an earlier one
// failed (sent alongside it: only a guesser sends many at once). A failure pushes the next-allowed time out by a delay that doubles with
// the account's recent failures, so guesses from any number of addresses, in parallel or one by
// one, are paced per account while the owner, after waiting, still gets in (docs/api.md, sign-in limits).
import mongoose, { Schema } from 'mongoose';
import { isDuplicateKey, tooManyRequests } from '../../server/errors.ts';

/** Failures are forgotten this long after the first of them. */
export const TURN_WINDOW_MS = 15 * 60 * 1000;
/** Failures on one account, from anywhere, before each further attempt must wait. */
export const ACCOUNT_FREE_FAILURES = 5;
/** The first wait; it doubles with every further failure, up to the maximum. */
export const ACCOUNT_DELAY_BASE_MS = 500;
export const ACCOUNT_DELAY_MAX_MS = 8000;
/** How long an evaluation may hold the account before its reservation lapses (a crashed process). */
const LEASE_MS = 10_000;
/** How long an attempt on an account without failures waits for another one in flight (two tabs). */
const CLEAN_WAIT_MS = 5_000;
const POLL_MS = 20;
/** The least wait after a failure that other attempts were sent alongside (a burst of guesses). */
export const BURST_SPACING_MS = 2000;

const turnSchema = new Schema(
  {
    key: { type: String, required: true, unique: true },
    failures: { type: Number, required: true, default: 0 },
    windowStart: { type: Date, required: true },
    /** No attempt is evaluated before this time. */
    nextAt: { type: Date, required: true },
    /** True while an attempt holds the reservation (nextAt is then its lease's end). */
    held: { type: Boolean, default: false },
    /** When the last failure was answered: attempts that arrived before it were sent alongside it. */
    lastFailureAt: { type: Date, required: true },
    /** Another attempt came while this one was evaluated: a failure then means a burst of guesses. */
    contended: { type: Boolean, default: false },
  },
  { versionKey: false },
);
const TurnModel = mongoose.model('AccountTurn', turnSchema, 'account_turns');

/** The wait before the next attempt once an account has this many recent failures. */
export function accountDelayMs(failures: number): number {
  if (failures <= ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(ACCOUNT_DELAY_MAX_MS, ACCOUNT_DELAY_BASE_MS * 2 ** (failures - ACCOUNT_FREE_FAILURES - 1));
}

/** The reservation an attempt holds: settle it with exactly one of failed, succeeded or release. */
export interface AccountTurn {
  /** A wrong password or code: the failures grow and the next attempt waits. */
  failed(): Promise<void>;
  /** The right password or code: the account starts afresh. */
  succeeded(): Promise<void>;
  /** Nothing was decided (an error): the next attempt may go at once. No-op once settled. */
  release(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function busy(retryAfterMs: number) {
  return tooManyRequests('Too many sign-in attempts on this account. Please wait a moment and try again.', retryAfterMs / 1000);
}

/**
 * Reserves the account's turn, or throws 429 with the time to wait. `arrivedAt` is when the attempt
 * reached the server: one that arrived before the last failure was answered is refused.
 */
export async function takeTurn(key: string, arrivedAt = new Date()): Promise<AccountTurn> {
  for (;;) {
    const now = new Date();
    // Failures older than the window are forgotten (never while an attempt holds the account).
    await TurnModel.updateOne(
      { key, windowStart: { $lte: new Date(now.getTime() - TURN_WINDOW_MS) }, nextAt: { $lte: now } },
      { $set: { failures: 0, windowStart: now } },
    );
    try {
      const doc = await TurnModel.findOneAndUpdate(
        { key, nextAt: { $lte: now }, lastFailureAt: { $lt: arrivedAt } },
        {
          $set: { nextAt: new Date(now.getTime() + LEASE_MS), held: true },
          $setOnInsert: { failures: 0, windowStart: now, lastFailureAt: new Date(0) },
        },
        { upsert: true, new: true },
      ).orFail();
      return settleable(key, doc.failures);
    } catch (err) {
      // The filter missed an existing document: the account is reserved, waiting, or just failed.
      if (!isDuplicateKey(err)) throw err;
    }
    const doc = await TurnModel.findOne({ key }).lean();
    if (!doc) continue;
    if (doc.held) await TurnModel.updateOne({ key, held: true }, { $set: { contended: true } });
    const waitMs = doc.nextAt.getTime() - Date.now();
    const sentAlongFailure = doc.lastFailureAt.getTime() >= arrivedAt.getTime();
    if (waitMs <= 0 && !sentAlongFailure) continue;
    // Two sign-ins of a clean account at once (two tabs) take turns; a guess never waits.
    if (doc.held && doc.failures === 0 && !sentAlongFailure && Date.now() - arrivedAt.getTime() < CLEAN_WAIT_MS) {
      await sleep(POLL_MS);
      continue;
    }
    throw busy(waitMs > 0 && !doc.held ? waitMs : 1000);
  }
}

function settleable(key: string, failures: number): AccountTurn {
  let settled = false;
  const once = async (write: () => Promise<unknown>) => {
    if (settled) return;
    settled = true;
    await write();
  };
  return {
    failed: () =>
      once(async () => {
        const next = failures + 1;
        const now = Date.now();
        const before = await TurnModel.findOneAndUpdate(
          { key },
          {
            $set: {
              failures: next,
              held: false,
              contended: false,
              nextAt: new Date(now + accountDelayMs(next)),
              lastFailureAt: new Date(now),
            },
          },
        ).lean();
        // Guesses sent in a burst: the ones that come after this answer wait too.
        if (before?.contended) {
          const spaced = new Date(now + BURST_SPACING_MS);
          await TurnModel.updateOne({ key, nextAt: { $lt: spaced } }, { $set: { nextAt: spaced } });
        }
      }),
    succeeded: () => once(() => TurnModel.deleteOne({ key })),
    release: () => once(() => TurnModel.updateOne({ key, held: true }, { $set: { held: false, nextAt: new Date() } })),
  };
}

/** Runs one evaluation under the account's turn; `evaluate` settles it, and an error releases it. */
export async function withTurn<T>(key: string, arrivedAt: Date, evaluate: (turn: AccountTurn) => Promise<T>): Promise<T> {
  const turn = await takeTurn(key, arrivedAt);
  try {
    return await evaluate(turn);
  } finally {
    await turn.release();
  }
}

/** Forgets an account's failures (an admin's reset, a successful sign-in another way). */
export async function clearTurn(key: string): Promise<void> {
  await TurnModel.deleteMany({ key, held: false });
}
