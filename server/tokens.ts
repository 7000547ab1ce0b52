// Staff bearer tokens: short-lived JWTs carrying the staff id and the account's token version,
// so a password change or an account removal ends every older token.
import jwt from 'jsonwebtoken';

export const TOKEN_LIFETIME_SECONDS = 8 * 60 * 60; // one working day

export interface StaffClaims {
  sub: string;
  ver: number;
}

export function signStaffToken(staff: { id: string; tokenVersion: number }, secret: string): string {
  return jwt.sign({ ver: staff.tokenVersion }, secret, {
    subject: staff.id,
    expiresIn: TOKEN_LIFETIME_SECONDS,
    algorithm: 'HS256',
  });
}

export function verifyStaffToken(token: string, secret: string): StaffClaims | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload !== 'object' || typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
    return { sub: payload.sub, ver: payload.ver };
  } catch {
    return null;
  }
}
