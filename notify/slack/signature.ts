// Slack request signing (v0): HMAC-SHA256 of "v0:{timestamp}:{raw body}" with the signing secret.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Requests signed longer ago than this (or this far ahead) are refused: a captured request goes stale. */
export const MAX_SIGNATURE_AGE_S = 5 * 60;

export function signSlackRequest(secret: string, timestamp: string, body: Buffer | string): string {
  return 'v0=' + createHmac('sha256', secret).update(`v0:${timestamp}:`).update(body).digest('hex');
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/** Checks the headers Slack sends against the raw body, in constant time. */
export function verifySlackSignature(opts: {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  body: Buffer;
  now: Date;
}): SignatureCheck {
  const { timestamp, signature } = opts;
  if (!timestamp || !signature) return { ok: false, reason: 'Missing Slack signature' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'Invalid Slack request timestamp' };
  if (Math.abs(opts.now.getTime() / 1000 - Number(timestamp)) > MAX_SIGNATURE_AGE_S) return { ok: false, reason: 'Stale Slack request' };
  const expected = Buffer.from(signSlackRequest(opts.secret, timestamp, opts.body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'Invalid Slack signature' };
  return { ok: true };
}
