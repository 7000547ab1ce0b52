// Staff bearer tokens: short-lived JWTs carrying the staff id, the account's token version (so a
// password change or an account removal ends every older token) and a token id (so a sign-out ends
// that one token). Also the check of the Google ID tokens that Google sign-in hands over.
import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';

/** One working day: a stolen token is useful for hours, not weeks, and staff sign in each morning. */
export const TOKEN_LIFETIME_SECONDS = 8 * 60 * 60;

export interface StaffClaims {
  sub: string;
  ver: number;
  /** Token id: a sign-out records it as revoked until `exp`. */
  jti: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** 'enrol': the office requires a second factor this account lacks; only enrolment is open. */
  scope?: 'enrol';
  /**
   * When the holder last proved who they are (password, code or passkey), seconds since the epoch:
   * factor changes need a proof of the last few minutes (models/auth/step-up.ts). Tokens from before this
   * claim existed count from their issue time.
   */
  authTime?: number;
}

/** What a token is for: a session (no `typ`) or the pending second step of a sign-in. */
const MFA_TYPE = 'mfa';
/** Time to fetch a code from an app or touch a key between the password and the second step. */
export const MFA_TOKEN_LIFETIME_SECONDS = 5 * 60;

export function signStaffToken(
  staff: { id: string; tokenVersion: number },
  secret: string,
  opts: { scope?: 'enrol'; authTime?: number } = {},
): string {
  const at = opts.authTime ?? Math.floor(Date.now() / 1000);
  return jwt.sign(opts.scope ? { ver: staff.tokenVersion, scope: opts.scope, at } : { ver: staff.tokenVersion, at }, secret, {
    subject: staff.id,
    expiresIn: TOKEN_LIFETIME_SECONDS,
    jwtid: randomUUID(),
    algorithm: 'HS256',
  });
}

/**
 * The claims of a token this server signed, or null. Besides the signature (HS256 only, so never
 * `alg: none`) and expiry, a token must carry `iat`, `exp` and `jti`, and its lifetime may not
 * exceed TOKEN_LIFETIME_SECONDS: a leaked signing key cannot mint long-lived tokens unnoticed.
 */
export function verifyStaffToken(token: string, secret: string): StaffClaims | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'], maxAge: TOKEN_LIFETIME_SECONDS });
    if (typeof payload !== 'object' || typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
    // A second-step token is no session.
    if (payload.typ !== undefined) return null;
    const { iat, exp, jti } = payload;
    if (typeof iat !== 'number' || typeof exp !== 'number' || typeof jti !== 'string' || !jti) return null;
    // An `iat` in the future would stretch the lifetime past the maximum: measure from now too.
    if (exp - iat > TOKEN_LIFETIME_SECONDS || exp - Date.now() / 1000 > TOKEN_LIFETIME_SECONDS + 60) return null;
    const authTime = typeof payload.at === 'number' && payload.at <= Date.now() / 1000 + 60 ? payload.at : iat;
    return { sub: payload.sub, ver: payload.ver, jti, exp, authTime, ...(payload.scope === 'enrol' ? { scope: 'enrol' as const } : {}) };
  } catch {
    return null;
  }
}

/**
 * The token a right password earns an account with a second factor: it opens nothing but the
 * second step (`POST /api/auth/mfa`), for a few minutes. Its id keys that attempt's code limit.
 */
export function signMfaToken(staff: { id: string; tokenVersion: number }, secret: string): string {
  return jwt.sign({ ver: staff.tokenVersion, typ: MFA_TYPE }, secret, {
    subject: staff.id,
    expiresIn: MFA_TOKEN_LIFETIME_SECONDS,
    jwtid: randomUUID(),
    algorithm: 'HS256',
  });
}

export function verifyMfaToken(token: string, secret: string): StaffClaims | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'], maxAge: MFA_TOKEN_LIFETIME_SECONDS });
    if (typeof payload !== 'object' || payload.typ !== MFA_TYPE) return null;
    const { sub, ver, jti, exp } = payload;
    if (typeof sub !== 'string' || typeof ver !== 'number' || typeof jti !== 'string' || typeof exp !== 'number') return null;
    return { sub, ver, jti, exp };
  } catch {
    return null;
  }
}

// ---- Google ID tokens ----

/** Public keys by key id (PEM certificates or keys), as Google publishes them. */
export type GoogleKeys = Record<string, string>;
export type GoogleKeySource = () => Promise<GoogleKeys>;

/** google-auth-library (about 15 MiB) is loaded on the first Google sign-in, not at start. */
const loadGoogleAuth = () => import('google-auth-library');

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** Google's published signing certificates; google-auth-library caches them as their headers allow. */
const googleKeys: GoogleKeySource = async () => {
  const { OAuth2Client } = await loadGoogleAuth();
  const { certs } = await new OAuth2Client().getFederatedSignonCertsAsync();
  return certs as GoogleKeys;
};

let keySource: GoogleKeySource = googleKeys;

/**
 * Replaces where the signing keys come from. Tests sign tokens with a local key and pass its
 * public half here; call without an argument to go back to Google's keys.
 */
export function setGoogleKeySource(source?: GoogleKeySource): void {
  keySource = source ?? googleKeys;
}

export class GoogleTokenError extends Error {
  /** True when Google's keys could not be fetched: the credential itself may be fine. */
  constructor(
    message: string,
    readonly unavailable = false,
  ) {
    super(message);
  }
}

/**
 * The verified email of a Google ID token: signature against the signing keys, audience (our
 * client id), issuer, issue and expiry times, and a verified email. Throws GoogleTokenError.
 */
export async function verifyGoogleIdToken(credential: string, clientId: string): Promise<string> {
  let keys: GoogleKeys;
  try {
    keys = await keySource();
  } catch {
    throw new GoogleTokenError('Google sign-in is unavailable right now. Please try again later.', true);
  }
  let payload;
  try {
    const { OAuth2Client } = await loadGoogleAuth();
    const client = new OAuth2Client({ clientId });
    const ticket = await client.verifySignedJwtWithCertsAsync(credential, keys, clientId, GOOGLE_ISSUERS);
    payload = ticket.getPayload();
  } catch {
    throw new GoogleTokenError('The Google sign-in could not be verified. Please try again.');
  }
  if (!payload?.email) throw new GoogleTokenError('The Google sign-in did not include an email address.');
  if (payload.email_verified !== true) throw new GoogleTokenError('Your Google email address is not verified.');
  return payload.email.toLowerCase();
}
