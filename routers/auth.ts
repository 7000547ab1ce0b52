// Staff sign-in (password and Google), the signed-in user and what it may do, password change and sign-out.
import { isAdminStaff, publicProcedure, router, sessionProcedure, unbatched } from './trpc.ts';
import { restRoutes } from './rest.ts';
import { badRequest, DomainError, forbidden, unauthorized, unavailable } from '../server/errors.ts';
import { GoogleTokenError, signStaffToken, verifyGoogleIdToken } from '../server/tokens.ts';
import { authenticate, changePassword, findStaffByEmail, recordLogin, type StaffDoc } from '../models/staff.ts';
import { admitAddress, admitAttempt, forgive, forgiveAddress, recordFailure, signInKeys } from '../models/login-throttle.ts';
import { revokeToken } from '../models/session.ts';
import { changePasswordInput, googleLoginInput, loginInput, type SessionUser } from '../schemas/auth.ts';

const INVALID_LOGIN = 'Invalid email or password';

const userOf = (staff: StaffDoc): SessionUser => ({ name: staff.name, email: staff.email });

function session(staff: StaffDoc, secret: string) {
  return { token: signStaffToken({ id: staff.id, tokenVersion: staff.tokenVersion }, secret), user: userOf(staff) };
}

export const authRouter = router({
  login: publicProcedure
    .use(unbatched)
    .input(loginInput)
    .mutation(async ({ input, ctx }) => {
      const keys = signInKeys(input.email, ctx.ip);
      await admitAttempt(keys);
      const staff = await authenticate(input.email, input.password);
      if (!staff) {
        await recordFailure(keys);
        throw unauthorized(INVALID_LOGIN);
      }
      await forgive(keys);
      return session(staff, ctx.config.jwtSecret);
    }),

  googleLogin: publicProcedure
    .use(unbatched)
    .input(googleLoginInput)
    .mutation(async ({ input, ctx }) => {
      const clientId = ctx.config.GOOGLE_CLIENT_ID;
      if (!clientId) throw badRequest('Google sign-in is not enabled on this server.');
      await admitAddress(ctx.ip);
      let email: string;
      try {
        email = await verifyGoogleIdToken(input.credential, clientId);
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
      await forgiveAddress(ctx.ip);
      return session(staff, ctx.config.jwtSecret);
    }),

  me: sessionProcedure.query(({ ctx }) => userOf(ctx.staff)),

  /** What the console shows this account: the admin pages, and whether a new password is due first. */
  access: sessionProcedure.query(({ ctx }) => ({
    isAdmin: isAdminStaff(ctx.staff, ctx.config),
    isAgent: Boolean(ctx.staff.isAgent),
    mustChangePassword: Boolean(ctx.staff.mustChangePassword),
  })),

  /**
   * Every older token stops working; the caller gets a fresh one so this browser stays signed in.
   * A wrong current password counts against the account like a failed sign-in.
   */
  changePassword: sessionProcedure
    .use(unbatched)
    .input(changePasswordInput)
    .mutation(async ({ input, ctx }) => {
      const keys = signInKeys(ctx.staff.email, ctx.ip, { countAddress: false });
      await admitAttempt(keys);
      let updated: StaffDoc;
      try {
        updated = await changePassword(ctx.staff, input.currentPassword, input.newPassword);
      } catch (err) {
        if (err instanceof DomainError && err.code === 'BAD_REQUEST') await recordFailure(keys);
        throw err;
      }
      await forgive(keys);
      return { success: true as const, token: session(updated, ctx.config.jwtSecret).token };
    }),

  /** Ends this token at once (other devices stay signed in). */
  logout: sessionProcedure.mutation(async ({ ctx }) => {
    await revokeToken(ctx.claims);
    return { success: true as const };
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
  { method: 'post', path: '/api/auth/logout', handle: (caller) => caller.logout() },
]);
