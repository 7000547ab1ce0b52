// Sign-in and password schemas, shared by the login page, the password dialog, the procedures,
// the REST adapters and the staff command.
import { z } from 'zod';
import { emailAddress, personName } from './lead.ts';
import { isCommonPassword } from './common-passwords.ts';

export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing it cannot be abused. */
export const PASSWORD_MAX_LENGTH = 256;

export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
export const PASSWORDS_DO_NOT_MATCH = 'New passwords do not match';

export const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`);

/**
 * Staff accounts reach health data: a password they choose (or are given) is at least 12 characters
 * and not a common one. Shorter than 8 still gets docs/product.md's message first.
 */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_PASSWORD_TOO_SHORT = `Staff passwords must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters long`;
export const PASSWORD_TOO_COMMON = 'That password is too common. Choose one that is harder to guess.';
export const staffPassword = newPassword
  .refine((p) => p.length >= STAFF_PASSWORD_MIN_LENGTH, STAFF_PASSWORD_TOO_SHORT)
  .refine((p) => !isCommonPassword(p), PASSWORD_TOO_COMMON);

export const PASSWORD_HAS_PERSONAL = 'The password must not contain your name or the part of your email address before the @';
export const PASSWORD_REUSED = 'The new password must differ from your last 5 passwords';

/**
 * A password that holds the account's own name or email name is among the first an attacker tries:
 * null when `password` holds neither the email's local part (3+ characters) nor a word of the name
 * (4+ letters: short words such as "the" or "van" sit in many passphrases by chance).
 */
export function personalPasswordProblem(password: string, account: { email: string; name: string }): string | null {
  const pw = password.toLowerCase();
  const local = account.email.trim().toLowerCase().split('@')[0] ?? '';
  const words = account.name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 4);
  if ((local.length >= 3 && pw.includes(local)) || words.some((w) => pw.includes(w))) return PASSWORD_HAS_PERSONAL;
  return null;
}

/** A password being checked, not chosen: any non-empty text up to the maximum. */
const givenPassword = z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, 'Invalid email or password');

/**
 * Login takes any non-empty email text: an unknown or malformed address gets the same
 * "Invalid email or password" as a wrong password, never a hint that it does not exist.
 */
export const loginInput = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Email is required').max(254, 'Invalid email or password'),
  password: givenPassword,
});
export type LoginInput = z.infer<typeof loginInput>;

export const googleLoginInput = z.object({
  credential: z.string().min(1, 'Google credential is required').max(8192, 'Google credential is too long'),
});

export const changePasswordInput = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH, 'Current password is incorrect'),
  newPassword: staffPassword,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** The user kept beside the token in the browser (docs/product.md §3, the login answer of docs/api.md). */
export const sessionUser = z.object({ name: z.string(), email: z.string() });
export type SessionUser = z.infer<typeof sessionUser>;

/** A staff account as the `staff` command and the ADMIN_* variables give it. */
export const staffAccountInput = z.object({
  name: personName,
  email: emailAddress,
  password: staffPassword,
  isAgent: z.boolean().optional(),
  isAdmin: z.boolean().optional(),
});
export type StaffAccountInput = z.infer<typeof staffAccountInput>;

/** The order docs/product.md §5 gives: confirmation first, then length. Null when the form may be sent. */
export function checkNewPassword(newPw: string, confirmation: string): string | null {
  if (newPw !== confirmation) return PASSWORDS_DO_NOT_MATCH;
  if (newPw.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  return null;
}
