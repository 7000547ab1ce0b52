// Signing in (docs/api.md): the password or Google first step, then a session or, for an account with a
// second factor, the second step's challenge (models/auth/sign-in.ts). One flow each, called by auth.login
// and auth.googleLogin in a line.
import type { LoginInput } from '../../schemas/auth.ts';
import { badRequest, forbidden, unauthorized, unavailable } from '../../server/errors.ts';
import { GoogleTokenError, verifyGoogleIdToken } from '../../server/tokens.ts';
import { authenticate, findStaffByEmail, recordLogin } from '../staff';
import { admitAddress, admitAttempt, forgive, forgiveAddress, signInKeys } from './login-throttle.ts';
import { afterFirstFactor, recordFailedSignIn, type SignInAnswer } from './sign-in.ts';

const INVALID_LOGIN = 'Invalid email or password';

/** The password step: one guess at a time per account and address, counted against both when wrong. */
export async function logInWithPassword(input: LoginInput, ip: string, jwtSecret: string): Promise<SignInAnswer> {
  const keys = signInKeys(input.email, ip);
  const turn = await admitAttempt(keys);
  try {
    const staff = await authenticate(input.email, input.password);
    if (!staff) {
      await turn.failed();
      await recordFailedSignIn(input.email, await findStaffByEmail(input.email), 'wrong email or password');
      throw unauthorized(INVALID_LOGIN);
    }
    await forgive(keys, turn);
    return await afterFirstFactor(staff, jwtSecret, 'password');
  } finally {
    await turn.release();
  }
}

/** The Google step: the ID token's proven email names the account; none is made for a stranger. */
export async function logInWithGoogle(
  credential: string,
  ip: string,
  clientId: string | undefined,
  jwtSecret: string,
): Promise<SignInAnswer> {
  if (!clientId) throw badRequest('Google sign-in is not enabled on this server.');
  await admitAddress(ip);
  let email: string;
  try {
    email = await verifyGoogleIdToken(credential, clientId);
  } catch (err) {
    if (err instanceof GoogleTokenError) {
      throw err.unavailable ? unavailable(err.message) : unauthorized(err.message);
    }
    throw err;
  }
  const staff = await findStaffByEmail(email);
  // The email is proven by Google, so naming the missing account reveals nothing to its owner.
  if (!staff) throw forbidden(`No staff account uses ${email}. Ask the system administrator for access.`);
  await recordLogin(staff);
  await forgiveAddress(ip);
  return afterFirstFactor(staff, jwtSecret, 'Google');
}
