// Second factors against someone holding a password or a stolen session, over HTTP: a factor
// change needs a fresh proof (403 without, and with it the other sessions end), wrong codes are
// capped at 10 a day per account whatever the passwords, one second-step token gives one session
// even for codes sent at once, and sessions follow the factor.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generate } from 'otplib';
import { createStaffWithToken, useTestServer } from '../helpers/test-server.ts';
import { signStaffToken } from '../../server/tokens.ts';
import { StaffModel } from '../../models/staff/accounts.ts';
import { listAudit } from '../../models/audit/log.ts';
import { updateOfficeSettings } from '../../models/flows/office-settings.ts';
import { OutboxModel, setEnabledChannels } from '../../models/outbox/queue.ts';

const server = useTestServer({ TRUST_PROXY: '1' });
let addressNo = 0;
const post = (path: string, body: unknown, token?: string) =>
  server.api('POST', path, { body, token, headers: { 'x-forwarded-for': `198.51.100.${(++addressNo % 250) + 1}` } });
const trpc = (path: string, json: unknown, token: string) => post(`/trpc/${path}`, json === undefined ? {} : { json }, token);
const me = async (token: string) => (await server.api('GET', '/trpc/auth.me', { token })).status;
const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
const PASSWORD = 'a-guarded-password-1';

/** A session signed in `minutesAgo` minutes ago (its proof is that old). */
async function oldSession(email: string, minutesAgo: number) {
  const staff = await StaffModel.findOne({ email }).orFail();
  const authTime = Math.floor(Date.now() / 1000) - minutesAgo * 60;
  return signStaffToken({ id: staff.id, tokenVersion: staff.tokenVersion }, server.config.jwtSecret, { authTime });
}

/** An account with an authenticator app, enrolled from a fresh session (no extra field needed). */
async function enrolled(email: string) {
  const { token } = await createStaffWithToken(server, { name: `Staff ${email.split('@')[0]}`, email, password: PASSWORD });
  const setup = await post('/api/auth/totp/setup', {}, token);
  expect(setup.status).toBe(200);
  const confirm = await post('/api/auth/totp/confirm', { code: await codeAt(setup.body.secret) }, token);
  expect(confirm.status).toBe(200);
  return { secret: setup.body.secret as string, recoveryCodes: confirm.body.recoveryCodes as string[], token };
}

const login = async (email: string) => (await post('/api/auth/login', { email, password: PASSWORD })).body.mfaToken as string;

afterEach(() => {
  vi.useRealTimers();
  setEnabledChannels([]);
});

describe('a factor change', () => {
  it('is refused (403) from a session signed in more than 5 minutes ago, and changes nothing', async () => {
    const { secret } = await enrolled('stale@example.com');
    const stale = await oldSession('stale@example.com', 10);
    const attempts = [
      () => post('/api/auth/totp/setup', {}, stale),
      () => post('/api/auth/totp/confirm', { code: '123456' }, stale),
      () => trpc('auth.regenerateRecoveryCodes', undefined, stale),
      () => trpc('auth.removeFactors', {}, stale),
      () => trpc('auth.removePasskey', { id: 'any' }, stale),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(403);
    }
    const refused = await post('/api/auth/totp/setup', {}, stale);
    expect(refused.body.error).toMatch(/currentPassword/);
    expect(refused.body.error).toMatch(/currentCode/);
    // Still the same factor: the password alone gives no session, the app's code does.
    const mfaToken = await login('stale@example.com');
    expect(mfaToken).toEqual(expect.any(String));
    expect((await post('/api/auth/mfa', { mfaToken, code: await codeAt(secret, 30) })).status).toBe(200);
  });

  it('with the password or a code goes through, ends every other session, is audited and emailed', async () => {
    setEnabledChannels(['staff-email']);
    const { secret, token: other } = await enrolled('proven@example.com');
    const stale = await oldSession('proven@example.com', 10);
    expect((await trpc('auth.regenerateRecoveryCodes', { currentPassword: 'not-the-password' }, stale)).status).toBe(400);
    expect(await me(other)).toBe(200);

    const regenerated = await trpc('auth.regenerateRecoveryCodes', { currentPassword: PASSWORD }, stale);
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.result.data.json.recoveryCodes).toHaveLength(10);
    expect(await me(other)).toBe(401);
    expect(await me(stale)).toBe(200);

    // A second session, then the removal proven with a current code.
    const second = (await post('/api/auth/mfa', { mfaToken: await login('proven@example.com'), code: await codeAt(secret, 30) })).body
      .token as string;
    // A recovery code from the new set proves it (the app's codes up to the last used step are spent).
    const removed = await trpc('auth.removeFactors', { currentCode: regenerated.body.result.data.json.recoveryCodes[0] }, stale);
    expect(removed.status).toBe(200);
    expect(await me(second)).toBe(401);
    expect(await me(stale)).toBe(200);
    const after = await post('/api/auth/login', { email: 'proven@example.com', password: PASSWORD });
    expect(after.body.token).toEqual(expect.any(String));

    const { entries } = await listAudit();
    const mine = entries.filter((e) => e.targetEmail === 'proven@example.com').map((e) => e.action);
    expect(mine).toEqual(expect.arrayContaining(['RECOVERY_CODES_REGENERATED', 'SECOND_FACTOR_REMOVED', 'SECOND_FACTOR_ADDED']));
    const mails = await OutboxModel.find({ channel: 'staff-email', 'data.to': 'proven@example.com' }).lean();
    expect(mails.map((m) => (m.data as { subject: string }).subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/recovery codes/i), expect.stringMatching(/removed/i)]),
    );
    // The notice names what happened, never a code.
    for (const m of mails) for (const c of regenerated.body.result.data.json.recoveryCodes) expect(JSON.stringify(m)).not.toContain(c);
  });

  it('right after a password sign-in needs no extra field, and turning a factor on ends the sessions made without it', async () => {
    const { token: first } = await createStaffWithToken(server, { name: 'Fresh Fay', email: 'fay@example.com', password: PASSWORD });
    const signedIn = await post('/api/auth/login', { email: 'fay@example.com', password: PASSWORD });
    const token = signedIn.body.token as string;
    const setup = await post('/api/auth/totp/setup', {}, token);
    expect(setup.status).toBe(200);
    expect((await post('/api/auth/totp/confirm', { code: await codeAt(setup.body.secret) }, token)).status).toBe(200);
    expect(await me(first)).toBe(401);
    expect(await me(token)).toBe(200);
  });
});

describe('the office requiring a second factor', () => {
  it('ends the sessions of accounts without one', async () => {
    const { token: bare } = await createStaffWithToken(server, { name: 'Bare Bo', email: 'bo@example.com', password: PASSWORD });
    const { token: guarded } = await enrolled('guarded@example.com');
    const actor = { id: 'test', name: 'Test Admin', email: 'admin@example.com' };
    await updateOfficeSettings({ requireSecondFactor: true }, actor);
    try {
      expect(await me(bare)).toBe(401);
      expect(await me(guarded)).toBe(200);
    } finally {
      await updateOfficeSettings({ requireSecondFactor: false }, actor);
    }
  });
});

describe('wrong second-step codes', () => {
  it('are checked at most 10 times in a day, whatever the passwords; then 429 until a recovery code or the day passes', async () => {
    setEnabledChannels(['staff-email']);
    const { secret, recoveryCodes } = await enrolled('guessed@example.com');
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const statuses: number[] = [];
    // 30 wrong codes, one every 48 minutes, each after a right password (a new second-step token).
    for (let i = 0; i < 30; i++) {
      vi.setSystemTime(start + i * 48 * 60_000);
      const right = await codeAt(secret);
      const wrong = right === '000000' ? '111111' : '000000';
      const res = await post('/api/auth/mfa', { mfaToken: await login('guessed@example.com'), code: wrong });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    // Even the right code is not checked while locked.
    const locked = await post('/api/auth/mfa', { mfaToken: await login('guessed@example.com'), code: await codeAt(secret) });
    expect(locked.status).toBe(429);
    // The owner heard of it once.
    const { entries } = await listAudit({ action: 'SIGN_IN_LOCKED' });
    expect(entries.filter((e) => e.actor.email === 'guessed@example.com')).toHaveLength(1);
    expect(await OutboxModel.countDocuments({ channel: 'staff-email', 'data.to': 'guessed@example.com', 'data.subject': /locked/ })).toBe(
      1,
    );

    // A recovery code passes the lock and lifts it.
    const recovered = await post('/api/auth/mfa', { mfaToken: await login('guessed@example.com'), code: recoveryCodes[0] });
    expect(recovered.status).toBe(200);
    vi.setSystemTime(start + 30 * 48 * 60_000);
    const next = await post('/api/auth/mfa', { mfaToken: await login('guessed@example.com'), code: await codeAt(secret, 30) });
    expect(next.status).toBe(200);
  });
});

describe('one second-step token', () => {
  it('gives one session for 3 right codes sent at once, and spends one code', async () => {
    const { recoveryCodes } = await enrolled('parallel@example.com');
    const mfaToken = await login('parallel@example.com');
    const answers = await Promise.all(recoveryCodes.slice(0, 3).map((code) => post('/api/auth/mfa', { mfaToken, code })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect([401, 429]).toContain(a.status);
    const token = answers.find((a) => a.status === 200)!.body.token as string;
    const factors = await server.api('GET', '/trpc/auth.factors', { token });
    expect(factors.body.result.data.json.find((f: { kind: string }) => f.kind === 'recovery').remaining).toBe(9);
  });
});
