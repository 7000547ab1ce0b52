// Staff sessions over HTTP against the real embedded database: which tokens are refused, sign-out
// ending a token at once, and the ADMIN_* account never undoing a password changed since.
import { describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { createStaffWithToken, useTestServer } from '../helpers/test-server.ts';
import { StaffModel, ensureAdminAccount } from '../../models/staff/accounts.ts';

const server = useTestServer({ TRUST_PROXY: '1' });

let addressNo = 0;
const newAddress = () => `192.0.2.${++addressNo}`;

/** Status of a protected tRPC query and of a protected REST route with this Authorization header. */
async function statuses(authorization: string | undefined) {
  const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
  const trpc = await server.api('GET', '/trpc/auth.me', { headers });
  const rest = await server.api('GET', '/api/admin/leads', { headers });
  return [trpc.status, rest.status, rest.body];
}

const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('tokens', () => {
  it('accepts a token the server issued, over tRPC and REST', async () => {
    const { token } = await createStaffWithToken(server, { name: 'Valid Vic', email: 'vic@example.com' });
    const [trpc, rest] = await statuses(`Bearer ${token}`);
    expect([trpc, rest]).toEqual([200, 200]);
  });

  it('refuses alg none, another key, expired, no exp, 10-year, tampered and missing-Bearer tokens with 401 JSON', async () => {
    const { staff, token } = await createStaffWithToken(server, { name: 'Forge Target', email: 'forge@example.com' });
    const secret = server.config.jwtSecret;
    const claims = { ver: staff.tokenVersion };
    const base = { subject: staff.id as string, jwtid: 'forged-token-id' };
    const now = Math.floor(Date.now() / 1000);
    const [header, payload, signature] = token.split('.');
    const forged: Record<string, string> = {
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      'another key': jwt.sign(claims, 'another-secret-another-secret-another', { ...base, expiresIn: 3600 }),
      expired: jwt.sign({ ...claims, iat: now - 7200, exp: now - 60 }, secret, base),
      'no exp': jwt.sign(claims, secret, base),
      '10-year': jwt.sign(claims, secret, { ...base, expiresIn: '3650d' }),
      '9 hours': jwt.sign(claims, secret, { ...base, expiresIn: 9 * 3600 }),
      'iat in the future': jwt.sign({ ...claims, iat: now + 30 * 86400, exp: now + 30 * 86400 + 3600 }, secret, base),
      'no jti': jwt.sign(claims, secret, { subject: staff.id as string, expiresIn: 3600 }),
      tampered: `${header}.${b64({ ...(jwt.decode(token) as object), sub: '000000000000000000000000' })}.${signature}`,
      HS512: jwt.sign(claims, secret, { ...base, expiresIn: 3600, algorithm: 'HS512' }),
    };
    for (const [name, t] of Object.entries(forged)) {
      expect([name, ...(await statuses(`Bearer ${t}`))]).toEqual([name, 401, 401, { error: expect.any(String) }]);
    }
    for (const authorization of [token, `Basic ${token}`, 'Bearer', '']) {
      expect([authorization.slice(0, 12), ...(await statuses(authorization))]).toEqual([
        authorization.slice(0, 12),
        401,
        401,
        { error: expect.any(String) },
      ]);
    }
    expect(await statuses(undefined)).toEqual([401, 401, { error: expect.any(String) }]);
  });

  it('issues tokens with exp, iat and a token id', async () => {
    await createStaffWithToken(server, { name: 'Claim Check', email: 'claims@example.com', password: 'claims-password-1' });
    const res = await server.api('POST', '/api/auth/login', {
      body: { email: 'claims@example.com', password: 'claims-password-1' },
      headers: { 'x-forwarded-for': newAddress() },
    });
    const claims = jwt.decode(res.body.token) as { iat: number; exp: number; jti: string };
    expect(claims.exp - claims.iat).toBe(8 * 3600);
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('POST /api/auth/logout', () => {
  it('answers { success: true } and ends that token at once, leaving the account’s other sessions', async () => {
    await createStaffWithToken(server, { name: 'Leo Logout', email: 'leo@example.com', password: 'leo-password-1' });
    const signIn = async () =>
      (
        await server.api('POST', '/api/auth/login', {
          body: { email: 'leo@example.com', password: 'leo-password-1' },
          headers: { 'x-forwarded-for': newAddress() },
        })
      ).body.token as string;
    const laptop = await signIn();
    const phone = await signIn();
    const res = await server.api('POST', '/api/auth/logout', { token: laptop });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await statuses(`Bearer ${laptop}`)).toEqual([401, 401, { error: expect.any(String) }]);
    expect((await statuses(`Bearer ${phone}`)).slice(0, 2)).toEqual([200, 200]);
    // Signing out twice, or without a token, is refused.
    expect((await server.api('POST', '/api/auth/logout', { token: laptop })).status).toBe(401);
    const bare = await server.api('POST', '/api/auth/logout');
    expect(bare.status).toBe(401);
    expect(bare.body).toEqual({ error: expect.any(String) });
  });

  it('works over tRPC, as the console signs out', async () => {
    const { token } = await createStaffWithToken(server, { name: 'Tia Trpc', email: 'tia@example.com' });
    const res = await server.api('POST', '/trpc/auth.logout', { token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.result.data.json).toEqual({ success: true });
    expect((await server.api('GET', '/trpc/auth.me', { token })).status).toBe(401);
  });
});

describe('ADMIN_* account', () => {
  it('is created as an admin, and a password changed in the console is never undone by ADMIN_PASSWORD', async () => {
    const admin = { email: 'Boss@Example.com', password: 'env-password-1', name: 'The Boss' };
    expect((await ensureAdminAccount(admin)).created).toBe(true);
    const login = (password: string) =>
      server.api('POST', '/api/auth/login', {
        body: { email: 'boss@example.com', password },
        headers: { 'x-forwarded-for': newAddress() },
      });
    const first = await login('env-password-1');
    expect(first.status).toBe(200);
    const access = await server.api('GET', '/trpc/auth.access', { token: first.body.token });
    expect(access.body.result.data.json).toEqual({ isAdmin: true, isAgent: false, mustChangePassword: false });

    // A restart with a new ADMIN_PASSWORD applies it while nobody changed the password since.
    expect((await ensureAdminAccount({ ...admin, password: 'env-password-2' })).passwordChanged).toBe(true);
    expect((await login('env-password-2')).status).toBe(200);

    // Changed in the console: later starts keep it, whatever ADMIN_PASSWORD says.
    const token = (await login('env-password-2')).body.token;
    const changed = await server.api('POST', '/api/auth/change-password', {
      token,
      body: { currentPassword: 'env-password-2', newPassword: 'my-own-password' },
    });
    expect(changed.status).toBe(200);
    for (const password of ['env-password-2', 'env-password-3']) {
      const again = await ensureAdminAccount({ ...admin, password });
      expect(again).toMatchObject({ created: false, passwordChanged: false, passwordKept: true });
    }
    expect((await login('env-password-2')).status).toBe(401);
    expect((await login('env-password-3')).status).toBe(401);
    expect((await login('my-own-password')).status).toBe(200);
    expect((await StaffModel.findOne({ email: 'boss@example.com' }).lean())!.isAdmin).toBe(true);
  });

  it('makes an existing account an admin without touching its password', async () => {
    await createStaffWithToken(server, { name: 'Pre Existing', email: 'pre@example.com', password: 'pre-password-1' });
    const res = await ensureAdminAccount({ email: 'pre@example.com', password: 'env-password-x' });
    expect(res).toMatchObject({ created: false, passwordChanged: false });
    const staff = await StaffModel.findOne({ email: 'pre@example.com' }).lean();
    expect([staff!.isAdmin, staff!.name]).toEqual([true, 'Pre Existing']);
    const login = await server.api('POST', '/api/auth/login', {
      body: { email: 'pre@example.com', password: 'pre-password-1' },
      headers: { 'x-forwarded-for': newAddress() },
    });
    expect(login.status).toBe(200);
  });
});
