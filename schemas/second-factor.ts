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

/**
 * A factor change from a session signed in more than 5 minutes ago answers 403 with this text;
 * the request then carries one of the step-up fields below (models/auth/step-up.ts).
 */
export const STEP_UP_REQUIRED =
  'Confirm it is you: send your current password (currentPassword) or a current code from your authenticator app or a recovery code (currentCode). A sign-in within the last 5 minutes also counts.';

/** The step-up proof a factor change may carry: the current password or a current code. */
export const stepUpFields = {
  currentPassword: z.string().max(256, 'Current password is incorrect').optional(),
  currentCode: secondFactorCode.optional(),
};
export const stepUpInput = z.object(stepUpFields);
export type StepUpProof = z.infer<typeof stepUpInput>;

/**
 * Setting up an authenticator app, passkey options, new recovery codes: only the step-up proof, when
 * the sign-in is old; any other field is refused (400) rather than ignored.
 */
export const optionalStepUpInput = stepUpInput.strict().optional();

export const totpConfirmInput = z.object({ code: secondFactorCode, ...stepUpFields });

/** Removing one's second factors: the step-up proof (`password` and `code` are the older names of its fields). */
export const removeFactorsInput = z
  .object({ password: z.string().max(256).optional(), code: secondFactorCode.optional(), ...stepUpFields })
  .strict()
  .optional();
export type RemoveFactorsInput = z.infer<typeof removeFactorsInput>;

/** What the password step answers an account with a second factor (docs/api.md). */
export interface MfaChallenge {
  mfaRequired: true;
  mfaToken: string;
  methods: ('totp' | 'passkey' | 'recovery')[];
}

/** A WebAuthn response as the browser library hands it over; SimpleWebAuthn checks the contents. */
const webAuthnResponse = <T extends z.ZodRawShape>(response: T) =>
  z.object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.object(response),
    authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
    clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }),
  });
const b64 = (max: number) => z.string().max(max);

/** Adding a passkey: the authenticator's answer and a name to tell it apart. */
export const passkeyRegisterInput = z.object({
  ...stepUpFields,
  name: z.string().trim().max(60, 'Keep the name under 60 characters').default('Passkey'),
  response: webAuthnResponse({
    clientDataJSON: b64(4096),
    attestationObject: b64(16384),
    transports: z
      .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
      .max(8)
      .optional(),
  }),
});

/** The passkey step of a sign-in: the token the password step answered and the signed assertion. */
export const passkeyMfaInput = z.object({
  mfaToken: mfaInput.shape.mfaToken,
  response: webAuthnResponse({
    clientDataJSON: b64(4096),
    authenticatorData: b64(4096),
    signature: b64(1024),
    userHandle: b64(1024).optional(),
  }),
});
export type PasskeyMfaInput = z.infer<typeof passkeyMfaInput>;

export const mfaTokenInput = z.object({ mfaToken: mfaInput.shape.mfaToken });
export const removePasskeyInput = z.object({ id: z.string().min(1).max(1024), ...stepUpFields });
