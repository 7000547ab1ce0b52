// What a sign-in answers once the password (or Google) is accepted: a session, the second step
// for an account with a second factor, or, when the office requires a factor this account lacks,
// a session limited to enrolment. The second step itself, and the audit entry of every sign-in
// and failed sign-in.
import { signMfaToken, signStaffToken, verifyMfaToken } from '../../server/tokens.ts';
import { unauthorized } from '../../server/errors.ts';
import type { SessionUser } from '../../schemas/auth.ts';
import type { MfaChallenge, MfaInput, PasskeyMfaInput } from '../../schemas/second-factor.ts';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { RelyingParty } from '../../server/relying-party.ts';
import { passkeySignInOptions, verifyPasskeySignIn } from './passkeys.ts';
import { actorOf, findStaffForToken, type StaffDoc } from '../staff';
import { factorMethods } from './second-factor.ts';
import { getOfficeSettings } from '../office';
import { recordAudit } from '../audit';
import { admitCodeAttempt } from './login-throttle.ts';
import { withTurn } from './account-turn.ts';
import { checkAccountCode, codeTurnKey } from './code-check.ts';
import { claimOnce, isTokenRevoked } from './session.ts';

export { codeTurnKey } from './code-check.ts';

export const INVALID_CODE = 'Invalid or already used code';
export const PASSKEY_REFUSED = 'The passkey could not be checked. Please try again.';
const SECOND_STEP_EXPIRED = 'This sign-in has expired. Please sign in again.';

export interface SessionAnswer {
  token: string;
  user: SessionUser;
  /** The office requires a second factor: this token opens only enrolment. */
  mustEnrol?: true;
}
export type SignInAnswer = SessionAnswer | MfaChallenge;

export const userOf = (staff: StaffDoc): SessionUser => ({ name: staff.name, email: staff.email });

/**
 * A session for this account: a full one, or one limited to enrolment. `authTime` (seconds) is when
 * its holder last proved who they are; a new session's is now.
 */
export function sessionFor(staff: StaffDoc, secret: string, scope?: 'enrol', authTime?: number): SessionAnswer {
  return { token: signStaffToken({ id: staff.id, tokenVersion: staff.tokenVersion }, secret, { scope, authTime }), user: userOf(staff) };
}

/** After the first factor: the second step, an enrolment-only session, or a session. */
export async function afterFirstFactor(staff: StaffDoc, secret: string, how: 'password' | 'Google'): Promise<SignInAnswer> {
  const methods = await factorMethods(staff.id);
  if (methods.length > 0)
    return { mfaRequired: true, mfaToken: signMfaToken({ id: staff.id as string, tokenVersion: staff.tokenVersion }, secret), methods };
  if ((await getOfficeSettings()).requireSecondFactor) {
    await recordAudit(actorOf(staff), { action: 'SIGN_IN', detail: `${how}; must set up a second factor` });
    return { ...sessionFor(staff, secret, 'enrol'), mustEnrol: true };
  }
  await recordAudit(actorOf(staff), { action: 'SIGN_IN', detail: how });
  return sessionFor(staff, secret);
}

/** A wrong password (or an unknown email): audited under the email typed. */
export async function recordFailedSignIn(email: string, staff: StaffDoc | null, detail: string): Promise<void> {
  await recordAudit(
    { id: staff?.id ?? '-', name: staff?.name ?? 'Unknown account', email: email.trim().toLowerCase() },
    { action: 'SIGN_IN_FAILED', detail },
  );
}

/**
 * The second step: a code from the authenticator app or a recovery code. Limited per sign-in
 * attempt, per account (one code at a time, a growing wait after failures) and per day
 * (models/auth/code-lock.ts). A second-step token gives one session only: it is used up by one atomic
 * write, so codes sent in parallel on one token get one session between them.
 */
export async function completeSecondStep(input: MfaInput, secret: string): Promise<SessionAnswer> {
  const arrivedAt = new Date();
  const claims = verifyMfaToken(input.mfaToken, secret);
  if (!claims) throw unauthorized(SECOND_STEP_EXPIRED);
  await admitCodeAttempt(claims.jti);
  const [revoked, staff] = await Promise.all([isTokenRevoked(claims.jti), findStaffForToken(claims)]);
  if (revoked || !staff) throw unauthorized(SECOND_STEP_EXPIRED);
  return checkAccountCode(staff, input.code, {
    arrivedAt,
    // A parallel code that won the turn first may have used the token: no code of this one is spent then.
    before: async () => {
      if (await isTokenRevoked(claims.jti)) throw unauthorized(SECOND_STEP_EXPIRED);
    },
    onWrong: () => {
      throw unauthorized(INVALID_CODE);
    },
    wrongDetail: 'wrong second-factor code',
    onAccepted: async (method) => {
      if (!(await claimOnce(claims))) throw unauthorized(SECOND_STEP_EXPIRED);
      await recordAudit(actorOf(staff), {
        action: 'SIGN_IN',
        detail: method === 'totp' ? 'password and authenticator app' : 'password and recovery code',
      });
      return sessionFor(staff, secret);
    },
  });
}

/** The staff member and attempt id of a live second-step token; 401 when it is expired or used. */
async function secondStepOf(mfaToken: string, secret: string) {
  const claims = verifyMfaToken(mfaToken, secret);
  if (!claims) throw unauthorized(SECOND_STEP_EXPIRED);
  return claims;
}

async function liveStaff(claims: NonNullable<ReturnType<typeof verifyMfaToken>>) {
  const [revoked, staff] = await Promise.all([isTokenRevoked(claims.jti), findStaffForToken(claims)]);
  if (revoked || !staff) throw unauthorized(SECOND_STEP_EXPIRED);
  return staff;
}

/** The options for the browser's passkey prompt in a sign-in's second step. */
export async function passkeyStepOptions(mfaToken: string, secret: string, rp: RelyingParty) {
  const claims = await secondStepOf(mfaToken, secret);
  const staff = await liveStaff(claims);
  return passkeySignInOptions(staff.id, claims.jti, rp);
}

/** The passkey second step: the same per-attempt and per-account limits as a code. */
export async function completePasskeyStep(input: PasskeyMfaInput, secret: string, rp: RelyingParty): Promise<SessionAnswer> {
  const arrivedAt = new Date();
  const claims = await secondStepOf(input.mfaToken, secret);
  await admitCodeAttempt(claims.jti);
  const staff = await liveStaff(claims);
  return withTurn(codeTurnKey(staff.id), arrivedAt, async (turn) => {
    if (!(await verifyPasskeySignIn(staff.id, claims.jti, input.response as unknown as AuthenticationResponseJSON, rp))) {
      await turn.failed();
      await recordAudit(actorOf(staff), { action: 'SIGN_IN_FAILED', detail: 'passkey refused' });
      throw unauthorized(PASSKEY_REFUSED);
    }
    await turn.succeeded();
    if (!(await claimOnce(claims))) throw unauthorized(SECOND_STEP_EXPIRED);
    await recordAudit(actorOf(staff), { action: 'SIGN_IN', detail: 'password and passkey' });
    return sessionFor(staff, secret);
  });
}
