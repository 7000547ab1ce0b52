// One's own second factors (the Sign-in security page): authenticator-app and passkey enrolment, the list with
// last use, new recovery codes, and removal with the current password or a code. Enrolment is
// open to an enrolment-only session (the office requires a factor); it answers a full session.
import { sessionProcedure, protectedProcedure, unbatched, auditActorOf } from './trpc.ts';
import { totpConfirmInput, removeFactorsInput, passkeyRegisterInput, removePasskeyInput } from '../schemas/second-factor.ts';
import { listFactors, regenerateRecoveryCodes, startTotpSetup } from '../models/second-factor.ts';
import { addOwnPasskey, confirmOwnTotp, removeOwnFactors, removeOwnPasskey } from '../models/own-factors.ts';
import { passkeyRegistrationOptions } from '../models/passkeys.ts';
import { relyingPartyOf } from '../server/relying-party.ts';
import { recordAudit } from '../models/audit.ts';

export const factorProcedures = {
  /** CONTRACT.md: `{ secret, otpauthUrl }` for an authenticator app; pending until confirmed. */
  totpSetup: sessionProcedure.mutation(({ ctx }) => startTotpSetup({ id: ctx.staff.id, email: ctx.staff.email })),

  /** CONTRACT.md: `{ success, recoveryCodes }`; also a fresh full session token for the console. */
  totpConfirm: sessionProcedure
    .use(unbatched)
    .input(totpConfirmInput)
    .mutation(({ input, ctx }) => confirmOwnTotp(ctx.staff, input.code, ctx.config.jwtSecret)),

  /** Options for the browser's `startRegistration`; the challenge is kept server-side. */
  passkeyRegisterOptions: sessionProcedure.mutation(({ ctx }) =>
    passkeyRegistrationOptions(
      { id: ctx.staff.id as string, email: ctx.staff.email, name: ctx.staff.name },
      relyingPartyOf(ctx.req, ctx.config),
    ),
  ),

  /** Stores the passkey; `recoveryCodes` when it is the first factor (else null), and a full session token. */
  passkeyRegister: sessionProcedure
    .use(unbatched)
    .input(passkeyRegisterInput)
    .mutation(({ input, ctx }) => addOwnPasskey(ctx.staff, input, relyingPartyOf(ctx.req, ctx.config), ctx.config.jwtSecret)),

  removePasskey: protectedProcedure
    .use(unbatched)
    .input(removePasskeyInput)
    .mutation(async ({ input, ctx }) => {
      await removeOwnPasskey(ctx.staff, input.id);
      return { success: true as const };
    }),

  factors: sessionProcedure.query(({ ctx }) => listFactors(ctx.staff.id)),

  regenerateRecoveryCodes: protectedProcedure.mutation(async ({ ctx }) => {
    const recoveryCodes = await regenerateRecoveryCodes(ctx.staff.id);
    await recordAudit(auditActorOf(ctx), { action: 'RECOVERY_CODES_REGENERATED', targetEmail: ctx.staff.email });
    return { recoveryCodes };
  }),

  removeFactors: protectedProcedure
    .use(unbatched)
    .input(removeFactorsInput)
    .mutation(async ({ input, ctx }) => {
      await removeOwnFactors(ctx.staff, input, ctx.ip);
      return { success: true as const };
    }),
};
