// Staff sign-in (password and Google, then the second step when the account has a factor), the
// signed-in user and what it may do, password change and sign-out. Factor enrolment: auth-factors.ts.
import { isAdminStaff, publicProcedure, router, sessionProcedure, unbatched } from './trpc.ts';
import { restRoutes } from './rest.ts';
import * as answers from '../schemas/api.ts';
import { DomainError } from '../server/errors.ts';
import { changePassword, type StaffDoc } from '../models/staff';
import {
  admitAttempt,
  forgive,
  signInKeys,
  revokeToken,
  completePasskeyStep,
  completeSecondStep,
  passkeyStepOptions,
  sessionFor,
  userOf,
  logInWithGoogle,
  logInWithPassword,
} from '../models/auth';
import { changePasswordInput, googleLoginInput, loginInput } from '../schemas/auth.ts';
import { mfaInput, mfaTokenInput, passkeyMfaInput, totpConfirmInput } from '../schemas/second-factor.ts';
import { relyingPartyOf } from '../server/relying-party.ts';
import { factorProcedures } from './auth-factors.ts';

export const authRouter = router({
  /** docs/api.md: a session, or `{ mfaRequired, mfaToken, methods }` for an account with a second factor. */
  login: publicProcedure
    .use(unbatched)
    .input(loginInput)
    .mutation(({ input, ctx }) => logInWithPassword(input, ctx.ip, ctx.config.jwtSecret)),

  /** The second step: an authenticator or recovery code for the token the password step answered. */
  mfa: publicProcedure
    .use(unbatched)
    .input(mfaInput)
    .mutation(({ input, ctx }) => completeSecondStep(input, ctx.config.jwtSecret)),

  /** The passkey second step, part 1: the options for the browser's prompt (a challenge for this attempt). */
  passkeyOptions: publicProcedure
    .use(unbatched)
    .input(mfaTokenInput)
    .mutation(({ input, ctx }) => passkeyStepOptions(input.mfaToken, ctx.config.jwtSecret, relyingPartyOf(ctx.req, ctx.config))),

  /** The passkey second step, part 2: the signed answer; a session as `mfa` answers. */
  passkeyMfa: publicProcedure
    .use(unbatched)
    .input(passkeyMfaInput)
    .mutation(({ input, ctx }) => completePasskeyStep(input, ctx.config.jwtSecret, relyingPartyOf(ctx.req, ctx.config))),

  googleLogin: publicProcedure
    .use(unbatched)
    .input(googleLoginInput)
    .mutation(({ input, ctx }) => logInWithGoogle(input.credential, ctx.ip, ctx.config.GOOGLE_CLIENT_ID, ctx.config.jwtSecret)),

  me: sessionProcedure.query(({ ctx }) => userOf(ctx.staff)),

  /** What the console shows this account: the admin pages, and whether a new password or a second factor is due first. */
  access: sessionProcedure.query(({ ctx }) => ({
    isAdmin: isAdminStaff(ctx.staff, ctx.config),
    isAgent: Boolean(ctx.staff.isAgent),
    mustChangePassword: Boolean(ctx.staff.mustChangePassword),
    ...(ctx.claims.scope === 'enrol' ? { mustEnrol: true as const } : {}),
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
      const turn = await admitAttempt(keys);
      let updated: StaffDoc;
      try {
        updated = await changePassword(ctx.staff, input.currentPassword, input.newPassword);
        await forgive(keys, turn);
      } catch (err) {
        if (err instanceof DomainError && err.code === 'BAD_REQUEST' && err.message === 'Current password is incorrect')
          await turn.failed();
        throw err;
      } finally {
        await turn.release();
      }
      // An enrolment-only session stays one until a factor is added.
      return { success: true as const, token: sessionFor(updated, ctx.config.jwtSecret, ctx.claims.scope).token };
    }),

  /** Ends this token at once (other devices stay signed in). */
  logout: sessionProcedure.mutation(async ({ ctx }) => {
    await revokeToken(ctx.claims);
    return { success: true as const };
  }),

  ...factorProcedures,
});

/** The step-up fields of a REST body, if any (an empty or absent body carries none). */
const stepUpOf = (body: unknown) => {
  if (!body || typeof body !== 'object') return undefined;
  const { currentPassword, currentCode } = body as Record<string, unknown>;
  return currentPassword === undefined && currentCode === undefined
    ? undefined
    : // Checked by the procedure's schema: anything but text is refused there with a 400.
      ({ currentPassword, currentCode } as { currentPassword?: string; currentCode?: string });
};

export const authRest = restRoutes(authRouter, [
  {
    method: 'post',
    path: '/api/auth/login',
    summary: 'Staff sign-in with email and password (an account with a second factor gets mfaRequired and no token)',
    body: loginInput,
    answer: answers.signInAnswer,
    code: {
      procedure: '`auth.login`',
      input: '`loginInput` (`schemas/auth.ts`)',
      model: '`models/staff/accounts.ts`, `models/auth/login-throttle.ts`',
      screen: '`src/pages/admin/auth/LoginPage.tsx`',
    },
    handle: (caller, req) => caller.login(req.body),
  },
  {
    method: 'post',
    path: '/api/auth/mfa',
    summary: 'The second step of a sign-in: an authenticator or recovery code',
    body: mfaInput,
    answer: answers.sessionAnswer,
    code: {
      procedure: '`auth.mfa`',
      input: '`mfaInput` (`schemas/second-factor.ts`)',
      model: '`models/auth/sign-in.ts` `completeSecondStep`',
    },
    handle: (caller, req) => caller.mfa(req.body),
  },
  // The passkey step is for the console's browser (WebAuthn), so the published document leaves it out.
  {
    method: 'post',
    path: '/api/auth/passkey/options',
    summary: 'The authentication options of a passkey for the second step of a sign-in',
    unpublished: true,
    code: { procedure: '`auth.passkeyOptions`', input: '`mfaTokenInput`', model: '`models/auth/sign-in.ts` `passkeyStepOptions`' },
    handle: (caller, req) => caller.passkeyOptions(req.body),
  },
  {
    method: 'post',
    path: '/api/auth/passkey/verify',
    summary: 'The second step of a sign-in with a passkey',
    unpublished: true,
    code: { procedure: '`auth.passkeyMfa`', input: '`passkeyMfaInput`', model: '`models/auth/sign-in.ts` `completePasskeyStep`' },
    handle: (caller, req) => caller.passkeyMfa(req.body),
  },
  {
    method: 'post',
    path: '/api/auth/google-login',
    summary: 'Staff sign-in with a Google credential (the second factor applies as for a password)',
    body: googleLoginInput,
    answer: answers.signInAnswer,
    code: {
      procedure: '`auth.googleLogin`',
      input: '`googleLoginInput`',
      model: '`models/staff/accounts.ts`, `server/tokens.ts`',
      screen: '`GoogleSignInButton.tsx`',
    },
    handle: (caller, req) => caller.googleLogin(req.body),
  },
  {
    method: 'post',
    path: '/api/auth/change-password',
    summary: 'Change the signed-in password',
    staff: true,
    body: changePasswordInput,
    answer: answers.success,
    code: {
      procedure: '`auth.changePassword`',
      input: '`changePasswordInput`',
      model: '`models/staff/accounts.ts`',
      screen: '`src/pages/admin/auth/ChangePasswordDialog.tsx`',
    },
    // docs/api.md fixes this answer; REST callers sign in again with the new password.
    handle: async (caller, req) => {
      await caller.changePassword(req.body);
      return { success: true };
    },
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    summary: 'End this token at once',
    staff: true,
    answer: answers.success,
    code: {
      procedure: '`auth.logout`',
      model: '`models/staff/accounts.ts` (revoked token ids)',
      screen: '`src/pages/admin/AdminLayout.tsx`',
    },
    handle: (caller) => caller.logout(),
  },
  // The step-up fields (currentPassword, currentCode) may come in the body of both enrolment calls.
  {
    method: 'post',
    path: '/api/auth/totp/setup',
    summary: 'Start adding an authenticator app (step-up: docs/api.md): a secret and its otpauth URL',
    staff: true,
    answer: answers.totpSetupAnswer,
    code: { procedure: '`auth.totpSetup`', model: '`models/auth/own-factors.ts` `startOwnTotpSetup`' },
    handle: (caller, req) => caller.totpSetup(stepUpOf(req.body)),
  },
  {
    method: 'post',
    path: '/api/auth/totp/confirm',
    summary: 'Turn the authenticator app on with a code from it (step-up: docs/api.md); answers ten recovery codes',
    staff: true,
    body: totpConfirmInput,
    answer: answers.totpConfirmAnswer,
    code: {
      procedure: '`auth.totpConfirm`',
      input: '`totpConfirmInput` (`schemas/second-factor.ts`)',
      model: '`models/auth/own-factors.ts` `confirmOwnTotp`',
    },
    // docs/api.md fixes this answer; the console's fresh token stays on tRPC.
    handle: async (caller, req) => {
      const { success, recoveryCodes } = await caller.totpConfirm(req.body);
      return { success, recoveryCodes };
    },
  },
]);
