// Second-factor schemas: the second step of a sign-in, authenticator-app enrolment and removal,
// shared by the login page, the Sign-in security page, the procedures and the REST adapters.
import { z } from 'zod';

/** A six-digit authenticator code or a recovery code, as typed (spaces and dashes allowed). */
export const secondFactorCode = z.string().trim().min(1, 'Enter the code').max(64, 'That code is too long');

/** `POST /api/auth/mfa`: the token the password step answered and a code. */
export const mfaInput = z.object({
  mfaToken: z.string().min(1, 'mfaToken is required').max(4096, 'Invalid mfaToken'),
  code: secondFactorCode,
});
export type MfaInput = z.infer<typeof mfaInput>;

export const totpConfirmInput = z.object({ code: secondFactorCode });

/** Removing one's second factor needs the current password or a current code. */
export const removeFactorsInput = z
  .object({ password: z.string().max(256).optional(), code: secondFactorCode.optional() })
  .refine((v) => Boolean(v.password) || Boolean(v.code), 'Enter your current password or a code');
export type RemoveFactorsInput = z.infer<typeof removeFactorsInput>;

/** What the password step answers an account with a second factor (CONTRACT.md). */
export interface MfaChallenge {
  mfaRequired: true;
  mfaToken: string;
  methods: ('totp' | 'recovery')[];
}
