// The daily cap on wrong second-step codes per account, whatever the passwords or addresses: at
// most 10 wrong codes in any 24 hours, then the account's code step answers 429 with Retry-After
// until the oldest of them is 24 hours old. A recovery code still passes while locked, under its own
// cap of 10 wrong ones a day (80+ random bits each: 10 guesses a day find none), and lifts the lock,
// as an admin's factor reset does. The owner is emailed when a lock begins
// (docs/decisions/006-keys-and-encryption-at-rest.md).
// Callers hold the account's code turn (models/auth/account-turn.ts), so the read-then-write here is
// never raced by another check of the same account.
import mongoose, { Schema } from 'mongoose';
import { tooManyRequests } from '../../server/errors.ts';

export const CODE_FAILURES_PER_DAY = 10;
export const CODE_LOCK_WINDOW_MS = 24 * 60 * 60 * 1000;
export const CODE_LOCKED =
  'Too many wrong codes for this account in the last 24 hours. Sign in with a recovery code, wait, or ask an administrator to reset your second factor.';

const lockSchema = new Schema(
  {
    /** The staff id. */
    _id: { type: String, required: true },
    /** When each wrong authenticator code of the window was answered. */
    failures: { type: [Date], default: [] },
    /** The same for wrong recovery codes (their own cap while the lock holds). */
    recoveryFailures: { type: [Date], default: [] },
    /** When the owner was last told of a lock: once per lock. */
    noticedAt: { type: Date, default: null },
  },
  { versionKey: false },
);
const CodeLockModel = mongoose.model('CodeLock', lockSchema, 'code_locks');

export type CodeKind = 'code' | 'recovery';
interface LockDoc {
  failures?: Date[];
  recoveryFailures?: Date[];
  noticedAt?: Date | null;
}

const inWindow = (dates: Date[] | undefined, now: number) => (dates ?? []).filter((d) => now - d.getTime() < CODE_LOCK_WINDOW_MS);

function lockedUntil(dates: Date[]): number | null {
  if (dates.length < CODE_FAILURES_PER_DAY) return null;
  const sorted = dates.map((d) => d.getTime()).sort((a, b) => a - b);
  return sorted[sorted.length - CODE_FAILURES_PER_DAY]! + CODE_LOCK_WINDOW_MS;
}

/** Throws 429 when a code of this kind may not be checked now. */
export async function refuseWhenLocked(staffId: string, kind: CodeKind, now = Date.now()): Promise<void> {
  const doc = await CodeLockModel.findById(staffId).lean<LockDoc>();
  if (!doc) return;
  const until = lockedUntil(inWindow(doc.failures, now));
  const recoveryUntil = lockedUntil(inWindow(doc.recoveryFailures, now));
  // While locked, only a recovery code is checked, and only until its own cap is reached.
  const blockedUntil = kind === 'recovery' ? (until === null ? null : recoveryUntil) : until;
  if (blockedUntil !== null) throw tooManyRequests(CODE_LOCKED, (blockedUntil - now) / 1000);
}

/** Records a wrong code; answers true when this one locked the account and its owner is to be told. */
export async function recordWrongCode(staffId: string, kind: CodeKind, now = Date.now()): Promise<boolean> {
  const doc = await CodeLockModel.findById(staffId).lean<LockDoc>();
  const failures = inWindow(doc?.failures, now);
  const recoveryFailures = inWindow(doc?.recoveryFailures, now);
  // A wrong recovery-shaped code counts against the daily cap like any code; while locked, against its own too.
  const wasLocked = lockedUntil(failures) !== null;
  if (!wasLocked || kind === 'code') failures.push(new Date(now));
  else recoveryFailures.push(new Date(now));
  const lockedNow = !wasLocked && lockedUntil(failures) !== null;
  const noticedAt = doc?.noticedAt ?? null;
  const tell = lockedNow && (!noticedAt || now - noticedAt.getTime() >= CODE_LOCK_WINDOW_MS);
  await CodeLockModel.updateOne(
    { _id: staffId },
    { $set: { failures, recoveryFailures, ...(tell ? { noticedAt: new Date(now) } : {}) } },
    { upsert: true },
  );
  return tell;
}

/** A recovery code or an admin's reset: the account's wrong codes are forgotten. */
export async function clearCodeLock(staffId: string): Promise<void> {
  await CodeLockModel.deleteOne({ _id: staffId });
}
