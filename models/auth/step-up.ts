// Factor changes need a fresh proof (step-up): adding, replacing or removing a second factor and new
// recovery codes go through only when the session's sign-in is at most 5 minutes old, or the request
// carries the current password or a current code. A change then ends every other session of the
// account (the one that made it stays), and the owner is emailed.
import { badRequest, forbidden } from '../../server/errors.ts';
import type { StaffClaims } from '../../server/tokens.ts';
import { STEP_UP_REQUIRED, type StepUpProof } from '../../schemas/second-factor.ts';
import { StaffModel, verifyPassword, type StaffDoc } from '../staff';
import { admitAttempt, forgive, signInKeys } from './login-throttle.ts';
import { checkAccountCode } from './code-check.ts';
import { INVALID_CODE } from './sign-in.ts';
import { noticeOwner } from './account-notice.ts';

/** How old a proof may be. */
export const STEP_UP_WINDOW_MS = 5 * 60 * 1000;

/** Whether the session's own sign-in (password, code or passkey) is recent enough. */
export const signedInRecently = (claims: Pick<StaffClaims, 'authTime'>, now = Date.now()) =>
  claims.authTime !== undefined && now - claims.authTime * 1000 <= STEP_UP_WINDOW_MS;

/** Checks the current password, counted against the account like a sign-in; 400 when wrong. */
async function provePassword(staff: StaffDoc, password: string, ip: string): Promise<void> {
  const keys = signInKeys(staff.email, ip, { countAddress: false });
  const turn = await admitAttempt(keys);
  try {
    if (!(await verifyPassword(staff.passwordHash, password))) {
      await turn.failed();
      throw badRequest('Current password is incorrect');
    }
    await forgive(keys, turn);
  } finally {
    await turn.release();
  }
}

/** Checks a current code, under the same limits as the second step of a sign-in; 400 when wrong. */
async function proveCode(staff: StaffDoc, code: string): Promise<void> {
  await checkAccountCode(staff, code, {
    onAccepted: async () => undefined,
    onWrong: () => {
      throw badRequest(INVALID_CODE);
    },
    wrongDetail: 'wrong second-factor code confirming a change',
  });
}

/**
 * Lets a factor change go on, or throws: 403 without a fresh proof, 400 for a wrong one. A proof in
 * the request is checked even when the session is fresh. `provenAt`: an earlier step of the same
 * change (a setup, a passkey prompt) already checked a proof then.
 */
export async function requireStepUp(
  who: { staff: StaffDoc; claims: StaffClaims; ip: string },
  proof: StepUpProof,
  provenAt?: Date | null,
): Promise<void> {
  if (proof.currentPassword) return provePassword(who.staff, proof.currentPassword, who.ip);
  if (proof.currentCode) return proveCode(who.staff, proof.currentCode);
  if (signedInRecently(who.claims)) return;
  if (provenAt && Date.now() - provenAt.getTime() <= STEP_UP_WINDOW_MS) return;
  throw forbidden(STEP_UP_REQUIRED);
}

/**
 * After a factor change: every other session of the account ends (the version moves on; the one
 * that made the change is kept), and the owner is told by email. Answers the account as it is now.
 */
export async function afterFactorChange(staff: StaffDoc, claims: StaffClaims, subject: string, what: string): Promise<StaffDoc> {
  let updated: StaffDoc | null = null;
  // Compare and set on the version read: a password change meanwhile is not undone (a few tries at most).
  for (let attempt = 0; !updated && attempt < 5; attempt++) {
    const current = await StaffModel.findById(staff._id).select({ tokenVersion: 1 }).lean();
    if (!current) break;
    const next = current.tokenVersion + 1;
    updated = await StaffModel.findOneAndUpdate(
      { _id: staff._id, tokenVersion: current.tokenVersion },
      { $set: { tokenVersion: next, keptSession: { jti: claims.jti, ver: claims.ver, until: next } } },
      { new: true },
    );
  }
  await noticeOwner(staff, subject, what);
  return updated ?? staff;
}
