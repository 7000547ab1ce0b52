// One's own second factors (the Sign-in security page): authenticator-app and passkey enrolment, the list with
// last use, new recovery codes, and removal. Every change needs a fresh proof (models/auth/step-up.ts): a
// sign-in of the last 5 minutes, or the current password or a code in the request. Enrolment is
// open to an enrolment-only session (the office requires a factor); it answers a full session.
import { sessionProcedure, protectedProcedure, unbatched } from './trpc.ts';
import {
  optionalStepUpInput,
  passkeyRegisterInput,
  removeFactorsInput,
  removePasskeyInput,
  totpConfirmInput,
} from '../schemas/second-factor.ts';
import * as auth from '../models/auth';
import { relyingPartyOf } from '../server/relying-party.ts';

const ownerOf = (ctx: auth.Owner) => ({ staff: ctx.staff, claims: ctx.claims, ip: ctx.ip });

export const factorProcedures = {
  /** docs/api.md: `{ secret, otpauthUrl }` for an authenticator app; pending until confirmed. */
  totpSetup: sessionProcedure
    .use(unbatched)
    .input(optionalStepUpInput)
    .mutation(({ input, ctx }) => auth.startOwnTotpSetup(ownerOf(ctx), input)),

  /** docs/api.md: `{ success, recoveryCodes }`; also a fresh full session token for the console. */
  totpConfirm: sessionProcedure
    .use(unbatched)
    .input(totpConfirmInput)
    .mutation(({ input, ctx }) => auth.confirmOwnTotp(ownerOf(ctx), input, ctx.config.jwtSecret)),

  /** Options for the browser's `startRegistration`; the challenge is kept server-side. */
  passkeyRegisterOptions: sessionProcedure
    .use(unbatched)
    .input(optionalStepUpInput)
    .mutation(({ input, ctx }) => auth.ownPasskeyOptions(ownerOf(ctx), input, relyingPartyOf(ctx.req, ctx.config))),

  /** Stores the passkey; `recoveryCodes` when it is the first factor (else null), and a full session token. */
  passkeyRegister: sessionProcedure
    .use(unbatched)
    .input(passkeyRegisterInput)
    .mutation(({ input, ctx }) => auth.addOwnPasskey(ownerOf(ctx), input, relyingPartyOf(ctx.req, ctx.config), ctx.config.jwtSecret)),

  removePasskey: protectedProcedure
    .use(unbatched)
    .input(removePasskeyInput)
    .mutation(async ({ input, ctx }) => {
      await auth.removeOwnPasskey(ownerOf(ctx), input);
      return { success: true as const };
    }),

  factors: sessionProcedure.query(({ ctx }) => auth.listFactors(ctx.staff.id)),

  regenerateRecoveryCodes: protectedProcedure
    .use(unbatched)
    .input(optionalStepUpInput)
    .mutation(({ input, ctx }) => auth.regenerateOwnRecoveryCodes(ownerOf(ctx), input)),

  removeFactors: protectedProcedure
    .use(unbatched)
    .input(removeFactorsInput)
    .mutation(async ({ input, ctx }) => {
      await auth.removeOwnFactors(ownerOf(ctx), input);
      return { success: true as const };
    }),
};
