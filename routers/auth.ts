// Staff sign-in (password and Google), the signed-in user, and password change.
import { protectedProcedure, publicProcedure, router } from './trpc.ts';
import { restRoutes } from './rest.ts';
import { badRequest, DomainError, unauthorized } from '../server/errors.ts';
import { GoogleTokenError, signStaffToken, verifyGoogleIdToken } from '../server/tokens.ts';
import { authenticate, changePassword, findStaffByEmail, recordLogin, type StaffDoc } from '../models/staff.ts';
import { ACCOUNT_ATTEMPTS, ADDRESS_ATTEMPTS, accountKey, addressKey, countAttempt, forgive } from '../models/login-throttle.ts';
import { changePasswordInput, googleLoginInput, loginInput, type SessionUser } from '../schemas/auth.ts';

const INVALID_LOGIN = 'Invalid email or password';

const userOf = (staff: StaffDoc): SessionUser => ({ name: staff.name, email: staff.email });

function session(staff: StaffDoc, secret: string) {
  return { token: signStaffToken({ id: staff.id, tokenVersion: staff.tokenVersion }, secret), user: userOf(staff) };
}

export const authRouter = router({
  login: publicProcedure.input(loginInput).mutation(async ({ input, ctx }) => {
    const account = accountKey(input.email);
    const address = addressKey(ctx.ip);
    await countAttempt([
      { key: account, max: ACCOUNT_ATTEMPTS },
      { key: address, max: ADDRESS_ATTEMPTS },
    ]);
    const staff = await authenticate(input.email, input.password);
    if (!staff) throw unauthorized(INVALID_LOGIN);
    await forgive({ account, address });
    return session(staff, ctx.config.jwtSecret);
  }),

  googleLogin: publicProcedure.input(googleLoginInput).mutation(async ({ input, ctx }) => {
    const clientId = ctx.config.GOOGLE_CLIENT_ID;
    if (!clientId) throw badRequest('Google sign-in is not enabled on this server.');
    const address = addressKey(ctx.ip);
    await countAttempt([{ key: address, max: ADDRESS_ATTEMPTS }]);
    let email: string;
    try {
      email = await verifyGoogleIdToken(input.credential, clientId);
    } catch (err) {
      if (err instanceof GoogleTokenError) {
        throw new DomainError(err.unavailable ? 'SERVICE_UNAVAILABLE' : 'UNAUTHORIZED', err.message);
      }
      throw err;
    }
    const staff = await findStaffByEmail(email);
    // The email is proven by Google, so naming the missing account reveals nothing to its owner.
    if (!staff) throw new DomainError('FORBIDDEN', `No staff account uses ${email}. Ask the system administrator for access.`);
    await recordLogin(staff);
    await forgive({ address });
    return session(staff, ctx.config.jwtSecret);
  }),

  me: protectedProcedure.query(({ ctx }) => userOf(ctx.staff)),

  /**
   * Every older token stops working; the caller gets a fresh one so this browser stays signed in.
   * A wrong current password counts against the account like a failed sign-in.
   */
  changePassword: protectedProcedure.input(changePasswordInput).mutation(async ({ input, ctx }) => {
    const account = accountKey(ctx.staff.email);
    await countAttempt([{ key: account, max: ACCOUNT_ATTEMPTS }]);
    const updated = await changePassword(ctx.staff, input.currentPassword, input.newPassword);
    await forgive({ account });
    return { success: true as const, token: session(updated, ctx.config.jwtSecret).token };
  }),
});

export const authRest = restRoutes(authRouter, [
  { method: 'post', path: '/api/auth/login', handle: (caller, req) => caller.login(req.body) },
  { method: 'post', path: '/api/auth/google-login', handle: (caller, req) => caller.googleLogin(req.body) },
  {
    method: 'post',
    path: '/api/auth/change-password',
    // CONTRACT.md fixes this answer; REST callers sign in again with the new password.
    handle: async (caller, req) => {
      await caller.changePassword(req.body);
      return { success: true };
    },
  },
]);
