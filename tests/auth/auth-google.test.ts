// POST /api/auth/google-login with ID tokens signed by a local test key standing in for Google's:
// signature, audience, issuer, expiry and verified email are all checked on the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { createStaffWithToken, startTestServer, type TestServer } from '../helpers/test-server.ts';
import { setGoogleKeySource } from '../../server/tokens.ts';
import { StaffModel } from '../../models/staff/accounts.ts';
import { generate } from 'otplib';

const CLIENT_ID = 'test-client-id.apps.googleusercontent.com';
const KEY_ID = 'test-key-1';
const googleKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const forgerKey = generateKeyPairSync('rsa', { modulusLength: 2048 });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ GOOGLE_CLIENT_ID: CLIENT_ID });
  setGoogleKeySource(async () => ({ [KEY_ID]: googleKey.publicKey.export({ type: 'spki', format: 'pem' }).toString() }));
  await createStaffWithToken(server, { name: 'Gina Google', email: 'gina@example.com' });
});
afterAll(async () => {
  setGoogleKeySource();
  await server?.stop();
});

/** An ID token as Google Identity Services hands it to the page; each test bends one part. */
function idToken(overrides: Record<string, unknown> = {}, opts: { key?: typeof googleKey; kid?: string } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: 'https://accounts.google.com',
    aud: CLIENT_ID,
    sub: '1098765432101234567890',
    email: 'gina@example.com',
    email_verified: true,
    name: 'Gina Google',
    iat: now - 10,
    exp: now + 3600,
    ...overrides,
  };
  return jwt.sign(claims, (opts.key ?? googleKey).privateKey, { algorithm: 'RS256', keyid: opts.kid ?? KEY_ID });
}

const googleLogin = (credential: unknown) => server.api('POST', '/api/auth/google-login', { body: { credential } });
const NOT_VERIFIED = { error: 'The Google sign-in could not be verified. Please try again.' };

describe('POST /api/auth/google-login', () => {
  it('signs in the staff account with the verified Google email', async () => {
    const res = await googleLogin(idToken({ email: 'Gina@Example.com' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.any(String), user: { name: 'Gina Google', email: 'gina@example.com' } });
    const me = await server.api('GET', '/trpc/auth.me', { token: res.body.token });
    expect(me.status).toBe(200);
    expect((await StaffModel.findOne({ email: 'gina@example.com' }).lean())!.lastLoginAt).toBeInstanceOf(Date);
  });

  it('asks an account with a second factor for its code before any token', async () => {
    const { token } = await createStaffWithToken(server, { name: 'Gil Guarded', email: 'gil@example.com' });
    const setup = await server.api('POST', '/api/auth/totp/setup', { token });
    await server.api('POST', '/api/auth/totp/confirm', { token, body: { code: await generate({ secret: setup.body.secret }) } });
    const res = await googleLogin(idToken({ email: 'gil@example.com' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mfaRequired: true, mfaToken: expect.any(String), methods: ['totp', 'recovery'] });
    const next = await generate({ secret: setup.body.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const done = await server.api('POST', '/api/auth/mfa', { body: { mfaToken: res.body.mfaToken, code: next } });
    expect(done.status).toBe(200);
    expect(done.body.user).toEqual({ name: 'Gil Guarded', email: 'gil@example.com' });
  });

  it('accepts the issuer without the scheme too', async () => {
    expect((await googleLogin(idToken({ iss: 'accounts.google.com' }))).status).toBe(200);
  });

  it('refuses a token signed by another key', async () => {
    const res = await googleLogin(idToken({}, { key: forgerKey }));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_VERIFIED);
  });

  it('refuses a token whose payload was altered after signing', async () => {
    const [header, , signature] = idToken().split('.');
    const payload = Buffer.from(
      JSON.stringify({
        iss: 'https://accounts.google.com',
        aud: CLIENT_ID,
        email: 'gina@example.com',
        email_verified: true,
        iat: 1,
        exp: 9999999999,
      }),
    ).toString('base64url');
    expect((await googleLogin(`${header}.${payload}.${signature}`)).body).toEqual(NOT_VERIFIED);
  });

  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const res = await googleLogin(idToken({ iat: now - 7200, exp: now - 3600 }));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_VERIFIED);
  });

  it('refuses a token meant for another application', async () => {
    const res = await googleLogin(idToken({ aud: 'someone-else.apps.googleusercontent.com' }));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_VERIFIED);
  });

  it('refuses a token from another issuer or with an unknown key id', async () => {
    expect((await googleLogin(idToken({ iss: 'https://evil.example.com' }))).status).toBe(401);
    expect((await googleLogin(idToken({}, { kid: 'unknown-key' }))).status).toBe(401);
    expect((await googleLogin('not.a.token')).status).toBe(401);
  });

  it('refuses an email Google has not verified', async () => {
    const res = await googleLogin(idToken({ email_verified: false }));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Your Google email address is not verified.' });
  });

  it('refuses a verified email that has no staff account', async () => {
    const res = await googleLogin(idToken({ email: 'stranger@example.com' }));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'No staff account uses stranger@example.com. Ask the system administrator for access.' });
  });

  it('refuses operator payloads and missing credentials with 400', async () => {
    expect((await googleLogin({ $gt: '' })).status).toBe(400);
    expect((await server.api('POST', '/api/auth/google-login', { body: {} })).status).toBe(400);
  });

  it('answers 503 when the signing keys cannot be fetched', async () => {
    setGoogleKeySource(async () => {
      throw new Error('network down');
    });
    try {
      const res = await googleLogin(idToken());
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: 'Google sign-in is unavailable right now. Please try again later.' });
    } finally {
      setGoogleKeySource(async () => ({ [KEY_ID]: googleKey.publicKey.export({ type: 'spki', format: 'pem' }).toString() }));
    }
  });
});
