// Which stored fields are encrypted at rest (server/field-crypto.ts), and the helpers that seal them
// on the way in and open them on the way out. People write health facts into notes too, so notes are
// sealed wherever a copy of them is kept.
import { openText, sealText } from '../../server/field-crypto.ts';

/** The customer's medical details and notes. */
export const CUSTOMER_SEALED = ['medicalHistory', 'medications', 'preferredDoctor', 'notes'] as const;
/** The lead's notes. */
export const LEAD_SEALED = ['notes'] as const;
/** A staff member's authenticator-app secret, on and pending: with the password it would open a session. */
export const FACTOR_SEALED = ['totp.secret', 'pendingTotp.secret'] as const;

/** A copy of `fields` with those named encrypted (non-empty strings only; others pass unchanged). */
export function sealFields<T extends Record<string, unknown>>(fields: T, names: readonly string[]): T {
  const out: Record<string, unknown> = { ...fields };
  for (const n of names) if (n in out) out[n] = sealText(out[n]);
  return out as T;
}

/** A copy of a stored record with those fields decrypted. */
export function openFields<T extends object>(record: T, names: readonly string[]): T {
  const out: Record<string, unknown> = { ...(record as Record<string, unknown>) };
  for (const n of names) if (n in out) out[n] = openText(out[n]);
  return out as T;
}
