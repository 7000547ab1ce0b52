// The auth routes over HTTP against the real embedded database: sign-in answers, enumeration and
// timing safety, lockout per account and per address, token expiry and revocation, password change.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import jwt from 'jsonwebtoken';
import { createStaffWithToken, useTestServer } from '../helpers/test-server.ts';
import { StaffModel, hashPassword, verifyPassword } from '../../models/staff/accounts.ts';
import { ACCOUNT_ATTEMPTS, ADDRESS_ATTEMPTS } from '../../models/auth/login-throttle.ts';

const server = useTestServer({ TRUST_PROXY: '1' });
beforeAll(async () => {
  // One trusted proxy hop lets every test come from an address of its own, so their attempts never add up.
});

let addressNo = 0;
const newAddress = () => `198.51.100.${++addressNo}`;

function login(body: unknown, ip: string) {
  return server.api('POST', '/api/auth/login', { body, headers: { 'x-forwarded-for': ip } });
}
/** The signed-in user as the console asks for it: a protected tRPC query. */
async function me(token: string) {
  const res = await server.api('GET', '/trpc/auth.me', { token });
  return { status: res.status, user: res.body?.result?.data?.json };
}
function changePassword(token: string | undefined, body: unknown) {
  return server.api('POST', '/api/auth/change-password', { token, body });
}

describe('POST /api/auth/login', () => {
  it('answers a token and the user for the right password, whatever the email case', async () => {
    await createStaffWithToken(server, { name: 'Dana Broker', email: 'dana@example.com', password: 'dana-password-1' });
    const res = await login({ email: '  Dana@Example.COM ', password: 'dana-password-1' }, newAddress());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.any(String), user: { name: 'Dana Broker', email: 'dana@example.com' } });
    expect(await me(res.body.token)).toEqual({ status: 200, user: { name: 'Dana Broker', email: 'dana@example.com' } });
    const staff = await StaffModel.findOne({ email: 'dana@example.com' }).lean();
    expect(staff!.lastLoginAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('issues tokens that last 8 hours', async () => {
    await createStaffWithToken(server, { name: 'Tim Token', email: 'tim@example.com', password: 'tim-password-1' });
    const res = await login({ email: 'tim@example.com', password: 'tim-password-1' }, newAddress());
    const claims = jwt.decode(res.body.token) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(8 * 3600);
    // The server shares this clock: a minute before the 8 hours end the token works, a minute after it does not.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(claims.iat * 1000 + 8 * 3600_000 - 60_000);
      expect((await me(res.body.token)).status).toBe(200);
      vi.setSystemTime(claims.iat * 1000 + 8 * 3600_000 + 60_000);
      expect((await me(res.body.token)).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives an unknown email and a wrong password the same answer', async () => {
    await createStaffWithToken(server, { name: 'Uma Same', email: 'uma@example.com', password: 'uma-password-1' });
    const ip = newAddress();
    const wrong = await login({ email: 'uma@example.com', password: 'not-her-password' }, ip);
    const unknown = await login({ email: 'nobody@example.com', password: 'not-her-password' }, ip);
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid email or password' });
    }
  });

  it('takes about as long for an unknown email as for a wrong password', async () => {
    const accounts = ['tara@example.com', 'theo@example.com'];
    for (const email of accounts) await createStaffWithToken(server, { name: 'Timing Test', email, password: 'right-password-1' });
    const ip = newAddress();
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await login({ email, password: 'a-wrong-password' }, ip);
      expect(res.status).toBe(401);
      return performance.now() - started;
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (const email of accounts) {
      for (let i = 0; i < ACCOUNT_ATTEMPTS - 1; i++) {
        wrong.push(await timed(email));
        unknown.push(await timed(`ghost-${email}-${i}`));
      }
    }
    // What one password check costs here: an unknown email answered without one would be that much faster.
    const hash = await hashPassword('some-password');
    const checks: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await verifyPassword(hash, 'other-password');
      checks.push(performance.now() - started);
    }
    // Minimums, because other work on the machine only ever adds time.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...wrong) - Math.min(...checks) / 2);
  });

  it('refuses operator payloads and missing fields with 400', async () => {
    await createStaffWithToken(server, { name: 'Otto Op', email: 'otto@example.com', password: 'otto-password-1' });
    const ip = newAddress();
    for (const body of [
      { email: { $gt: '' }, password: { $gt: '' } },
      { email: 'otto@example.com', password: { $ne: null } },
      { email: { $regex: '.*' }, password: 'otto-password-1' },
      { email: 'otto@example.com' },
      {},
    ]) {
      const res = await login(body, ip);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String) });
      expect(res.body.token).toBeUndefined();
    }
  });

  it(`locks an account for an address after ${ACCOUNT_ATTEMPTS} failed attempts from it, even for the right password`, async () => {
    await createStaffWithToken(server, { name: 'Lena Lock', email: 'lena@example.com', password: 'lena-password-1' });
    const ip = newAddress();
    for (let i = 0; i < ACCOUNT_ATTEMPTS; i++) {
      expect((await login({ email: 'lena@example.com', password: `guess-${i}` }, ip)).status).toBe(401);
    }
    const locked = await login({ email: 'lena@example.com', password: 'lena-password-1' }, ip);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/^Too many failed sign-in attempts\. Please try again in 1[45] minutes\.$/);
    // From another address the owner still gets in (tests/engine/login-race.test.ts covers the delay).
    expect((await login({ email: 'lena@example.com', password: 'lena-password-1' }, newAddress())).status).toBe(200);
    // Other accounts are not affected.
    await createStaffWithToken(server, { name: 'Nina Next', email: 'nina@example.com', password: 'nina-password-1' });
    expect((await login({ email: 'nina@example.com', password: 'nina-password-1' }, newAddress())).status).toBe(200);
  });

  it('locks unknown emails the same way, so the lockout reveals nothing', async () => {
    const ip = newAddress();
    for (let i = 0; i < ACCOUNT_ATTEMPTS; i++)
      expect((await login({ email: 'ghost@example.com', password: `g-${i}` }, ip)).status).toBe(401);
    expect((await login({ email: 'ghost@example.com', password: 'g-x' }, ip)).status).toBe(429);
  });

  it('starts an account afresh after a successful sign-in', async () => {
    await createStaffWithToken(server, { name: 'Fay Fresh', email: 'fay@example.com', password: 'fay-password-1' });
    const ip = newAddress();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < ACCOUNT_ATTEMPTS - 1; i++)
        expect((await login({ email: 'fay@example.com', password: 'typo' }, ip)).status).toBe(401);
      expect((await login({ email: 'fay@example.com', password: 'fay-password-1' }, ip)).status).toBe(200);
    }
  });

  it(`limits one address to ${ADDRESS_ATTEMPTS} failed attempts across accounts`, async () => {
    await createStaffWithToken(server, { name: 'Ada Address', email: 'ada@example.com', password: 'ada-password-1' });
    const ip = newAddress();
    for (let i = 0; i < ADDRESS_ATTEMPTS; i++) {
      expect((await login({ email: `spray${i}@example.com`, password: 'Winter2024!' }, ip)).status).toBe(401);
    }
    const blocked = await login({ email: 'ada@example.com', password: 'ada-password-1' }, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(/Too many failed sign-in attempts/);
    // The same account from another address is fine.
    expect((await login({ email: 'ada@example.com', password: 'ada-password-1' }, newAddress())).status).toBe(200);
  });
});

describe('tokens', () => {
  it('refuses a missing, malformed, expired or foreign-signed token with 401', async () => {
    const { staff, token } = await createStaffWithToken(server, { name: 'Eve Expiry', email: 'eve@example.com' });
    expect((await me(token)).status).toBe(200);
    const expired = jwt.sign({ ver: staff.tokenVersion, exp: Math.floor(Date.now() / 1000) - 60 }, server.config.jwtSecret, {
      subject: staff.id,
    });
    const foreign = jwt.sign({ ver: staff.tokenVersion }, 'another-secret-another-secret-another', { subject: staff.id, expiresIn: 3600 });
    const unsigned = jwt.sign({ ver: staff.tokenVersion }, '', { subject: staff.id, algorithm: 'none' });
    for (const t of [expired, foreign, unsigned, 'not-a-token']) expect((await me(t)).status).toBe(401);
    const res = await server.api('GET', '/trpc/auth.me');
    expect(res.status).toBe(401);
    const rest = await changePassword(undefined, { currentPassword: 'x', newPassword: 'new-password-1' });
    expect(rest.status).toBe(401);
    expect(rest.body).toEqual({ error: expect.any(String) });
  });

  it('ends the tokens of a removed account', async () => {
    const { staff, token } = await createStaffWithToken(server, { name: 'Rob Removed', email: 'rob@example.com' });
    await StaffModel.deleteOne({ _id: staff._id });
    expect((await me(token)).status).toBe(401);
  });
});

describe('POST /api/auth/change-password', () => {
  it('changes the password, ends every older token and answers { success: true }', async () => {
    const { token } = await createStaffWithToken(server, { name: 'Cora Change', email: 'cora@example.com', password: 'cora-old-pass' });
    const ip = newAddress();
    const other = (await login({ email: 'cora@example.com', password: 'cora-old-pass' }, ip)).body.token;
    const res = await changePassword(token, { currentPassword: 'cora-old-pass', newPassword: 'a-fresh-new-pass' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await me(token)).status).toBe(401);
    expect((await me(other)).status).toBe(401);
    expect((await login({ email: 'cora@example.com', password: 'cora-old-pass' }, ip)).status).toBe(401);
    const fresh = await login({ email: 'cora@example.com', password: 'a-fresh-new-pass' }, ip);
    expect(fresh.status).toBe(200);
    expect((await me(fresh.body.token)).status).toBe(200);
  });

  it('gives the console a fresh token over tRPC so this browser stays signed in', async () => {
    const { token } = await createStaffWithToken(server, { name: 'Kim Keep', email: 'kim@example.com', password: 'kim-old-pass' });
    const res = await server.api('POST', '/trpc/auth.changePassword', {
      token,
      body: { json: { currentPassword: 'kim-old-pass', newPassword: 'fresh-new-pass' } },
    });
    expect(res.status).toBe(200);
    const answer = res.body.result.data.json;
    expect(answer.success).toBe(true);
    expect((await me(token)).status).toBe(401);
    expect(await me(answer.token)).toEqual({ status: 200, user: { name: 'Kim Keep', email: 'kim@example.com' } });
  });

  it('refuses a wrong current password with the contract answer and keeps the old one', async () => {
    const { token } = await createStaffWithToken(server, { name: 'Walt Wrong', email: 'walt@example.com', password: 'walt-password' });
    const res = await changePassword(token, { currentPassword: 'not-walt', newPassword: 'walt-new-pass' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Current password is incorrect' });
    expect((await me(token)).status).toBe(200);
    expect((await login({ email: 'walt@example.com', password: 'walt-password' }, newAddress())).status).toBe(200);
  });

  it('enforces the minimum length on the server and refuses operator payloads', async () => {
    const { token } = await createStaffWithToken(server, { name: 'Sam Short', email: 'sam@example.com', password: 'sam-password' });
    const short = await changePassword(token, { currentPassword: 'sam-password', newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error).toMatch(/Password must be at least 8 characters long/);
    const op = await changePassword(token, { currentPassword: { $gt: '' }, newPassword: 'sam-new-password' });
    expect(op.status).toBe(400);
    expect((await me(token)).status).toBe(200);
  });

  it('limits guesses of the current password with a stolen token', async () => {
    const { token } = await createStaffWithToken(server, { name: 'Gus Guess', email: 'gus@example.com', password: 'gus-password' });
    for (let i = 0; i < ACCOUNT_ATTEMPTS; i++) {
      expect((await changePassword(token, { currentPassword: `guess-${i}`, newPassword: 'gus-new-password' })).status).toBe(400);
    }
    const locked = await changePassword(token, { currentPassword: 'gus-password', newPassword: 'gus-new-password' });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/Too many failed sign-in attempts/);
  });
});

describe('POST /api/auth/google-login without GOOGLE_CLIENT_ID', () => {
  it('answers 400 with a clear error', async () => {
    const res = await server.api('POST', '/api/auth/google-login', { body: { credential: 'anything' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Google sign-in is not enabled on this server.' });
  });
});
