// The second factor over HTTP (docs/api.md): authenticator-app enrolment, the second step with an
// authenticator or recovery code, reuse refused, the office setting that makes a factor required,
// and the audit entries, against the real embedded database.
import { describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { createStaffWithToken, useTestServer } from '../helpers/test-server.ts';
import { updateOfficeSettings } from '../../models/flows/office-settings.ts';
import { listAudit } from '../../models/audit/log.ts';

const server = useTestServer({ TRUST_PROXY: '1' });
let addressNo = 0;
const newAddress = () => `192.0.2.${++addressNo}`;
const post = (path: string, body: unknown, opts: { token?: string; ip?: string } = {}) =>
  server.api('POST', path, { body, token: opts.token, headers: { 'x-forwarded-for': opts.ip ?? newAddress() } });
const login = (email: string, password: string, ip?: string) => post('/api/auth/login', { email, password }, { ip });
const me = async (token: string) => (await server.api('GET', '/trpc/auth.me', { token })).status;
const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

/** A staff account with an authenticator app: its secret and recovery codes. */
async function enrolled(email: string, password = 'enrolled-password-1') {
  const { token } = await createStaffWithToken(server, { name: `Staff ${email}`, email, password });
  const setup = await post('/api/auth/totp/setup', {}, { token });
  expect(setup.status).toBe(200);
  const secret: string = setup.body.secret;
  const enrolmentCode = await codeAt(secret);
  const confirm = await post('/api/auth/totp/confirm', { code: enrolmentCode }, { token });
  expect(confirm.status).toBe(200);
  return { secret, enrolmentCode, recoveryCodes: confirm.body.recoveryCodes as string[], password, token };
}

describe('authenticator-app enrolment', () => {
  it('answers a base32 secret and an otpauth URL for SHA-1, 6 digits, 30 s, then ten recovery codes', async () => {
    const { token } = await createStaffWithToken(server, { name: 'Ena Enrol', email: 'ena@example.com' });
    const setup = await post('/api/auth/totp/setup', {}, { token });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{16,}=*$/);
    const url = new URL(setup.body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(url.searchParams.get('secret')).toBe(setup.body.secret);
    expect(url.searchParams.get('algorithm') ?? 'SHA1').toBe('SHA1');
    expect(url.searchParams.get('digits') ?? '6').toBe('6');
    expect(url.searchParams.get('period') ?? '30').toBe('30');

    const wrong = await post(
      '/api/auth/totp/confirm',
      { code: '000000' === (await codeAt(setup.body.secret)) ? '111111' : '000000' },
      { token },
    );
    expect(wrong.status).toBe(400);
    const confirm = await post('/api/auth/totp/confirm', { code: await codeAt(setup.body.secret) }, { token });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toEqual({ success: true, recoveryCodes: expect.any(Array) });
    expect(new Set(confirm.body.recoveryCodes).size).toBe(10);
    expect((await post('/api/auth/totp/setup', {}, {})).status).toBe(401);
  });
});

describe('sign-in with a second factor', () => {
  it('gives no token for the password alone, and a session for a right code, once', async () => {
    const { secret, enrolmentCode, password } = await enrolled('otto@example.com');
    const first = await login('otto@example.com', password);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ mfaRequired: true, mfaToken: expect.any(String), methods: ['totp', 'recovery'] });
    expect(first.body.token).toBeUndefined();
    // The second-step token opens nothing.
    expect(await me(first.body.mfaToken)).toBe(401);

    // The code the enrolment used is refused; the next step's code (within the window) works.
    const reused = await post('/api/auth/mfa', { mfaToken: first.body.mfaToken, code: enrolmentCode });
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ error: expect.any(String) });
    const next = await codeAt(secret, 30);
    const ok = await post('/api/auth/mfa', { mfaToken: first.body.mfaToken, code: next });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ token: expect.any(String), user: { name: 'Staff otto@example.com', email: 'otto@example.com' } });
    expect(await me(ok.body.token)).toBe(200);

    // The same code again, in a new sign-in: refused. The used second-step token: refused.
    const second = await login('otto@example.com', password);
    expect((await post('/api/auth/mfa', { mfaToken: second.body.mfaToken, code: next })).status).toBe(401);
    expect((await post('/api/auth/mfa', { mfaToken: first.body.mfaToken, code: next })).status).toBe(401);
  });

  it('takes a recovery code once', async () => {
    const { recoveryCodes, password } = await enrolled('rita@example.com');
    const code = recoveryCodes[3]!;
    const first = await login('rita@example.com', password);
    const ok = await post('/api/auth/mfa', { mfaToken: first.body.mfaToken, code: code.toUpperCase() });
    expect(ok.status).toBe(200);
    expect(await me(ok.body.token)).toBe(200);
    const again = await login('rita@example.com', password);
    const refused = await post('/api/auth/mfa', { mfaToken: again.body.mfaToken, code });
    expect(refused.status).toBe(401);
    expect(refused.body.token).toBeUndefined();
  });

  it('evaluates at most 2 of 30 parallel wrong codes from 30 addresses; the rest are 429 with Retry-After', async () => {
    const { password } = await enrolled('paula@example.com');
    const { body } = await login('paula@example.com', password);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post('/api/auth/mfa', { mfaToken: body.mfaToken, code: String(100000 + i * 7) })),
    );
    const evaluated = answers.filter((a) => a.status === 401);
    const limited = answers.filter((a) => a.status === 429);
    expect(evaluated.length).toBeGreaterThanOrEqual(1);
    expect(evaluated.length).toBeLessThanOrEqual(2);
    expect(limited).toHaveLength(30 - evaluated.length);
    for (const a of limited) {
      expect(Number(a.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(a.body).toEqual({ error: expect.any(String) });
    }
  });
});

describe('the office setting requireSecondFactor', () => {
  it('limits an account without a factor to enrolment until it adds one', async () => {
    await createStaffWithToken(server, { name: 'Nora New', email: 'nora@example.com', password: 'nora-password-1' });
    const actor = { id: 'test', name: 'Test Admin', email: 'admin@example.com' };
    await updateOfficeSettings({ requireSecondFactor: true }, actor);
    try {
      const res = await login('nora@example.com', 'nora-password-1');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ token: expect.any(String), mustEnrol: true });
      const limited = res.body.token;
      expect((await server.api('GET', '/trpc/leads.list', { token: limited })).status).toBe(403);
      const access = await server.api('GET', '/trpc/auth.access', { token: limited });
      expect(access.body.result.data.json.mustEnrol).toBe(true);
      const setup = await post('/api/auth/totp/setup', {}, { token: limited });
      const confirm = await server.api('POST', '/trpc/auth.totpConfirm', {
        token: limited,
        body: { json: { code: await codeAt(setup.body.secret) } },
      });
      expect(confirm.status).toBe(200);
      const full = confirm.body.result.data.json.token;
      expect((await server.api('GET', '/trpc/leads.list', { token: full })).status).toBe(200);
    } finally {
      await updateOfficeSettings({ requireSecondFactor: false }, actor);
    }
  });
});

describe("an admin resetting a colleague's factors", () => {
  it("removes them, ends the colleague's sessions and is audited", async () => {
    const { password } = await enrolled('lost@example.com', 'lost-phone-password');
    const session = await login('lost@example.com', password);
    expect(session.body.mfaRequired).toBe(true);
    const { staff: admin, token: adminToken } = await createStaffWithToken(server, { name: 'Ada Admin', email: 'ada-admin@example.com' });
    admin.isAdmin = true;
    await admin.save();
    const list = await server.api('GET', '/trpc/staff.list', { token: adminToken });
    const row = list.body.result.data.json.find((r: { email: string }) => r.email === 'lost@example.com');
    expect(row.hasSecondFactor).toBe(true);
    const { token: colleagueToken } = await enrolled('lost2@example.com');
    const row2 = (await server.api('GET', '/trpc/staff.list', { token: adminToken })).body.result.data.json.find(
      (r: { email: string }) => r.email === 'lost2@example.com',
    );
    const reset = await server.api('POST', '/trpc/staff.resetFactors', { token: adminToken, body: { json: { staffId: row2.id } } });
    expect(reset.status).toBe(200);
    expect(await me(colleagueToken)).toBe(401);
    const again = await login('lost2@example.com', 'enrolled-password-1');
    expect(again.body).toEqual({ token: expect.any(String), user: expect.any(Object) });
    const { entries } = await listAudit({ action: 'SECOND_FACTORS_RESET' });
    expect(entries[0]).toMatchObject({ targetEmail: 'lost2@example.com', actor: { email: 'ada-admin@example.com' } });
    // Others may not.
    expect(
      (await server.api('POST', '/trpc/staff.resetFactors', { token: colleagueToken, body: { json: { staffId: row.id } } })).status,
    ).toBe(401);
  });
});

describe('the audit log', () => {
  it('records sign-ins, failed sign-ins and an added factor', async () => {
    await enrolled('audrey@example.com', 'audrey-password-1');
    await login('audrey@example.com', 'not-her-password');
    await createStaffWithToken(server, { name: 'Plain Pat', email: 'pat@example.com', password: 'pat-password-1' });
    await login('pat@example.com', 'pat-password-1');
    const { entries } = await listAudit();
    const of = (action: string, email: string) => entries.filter((e) => e.action === action && e.actor.email === email);
    expect(of('SECOND_FACTOR_ADDED', 'audrey@example.com')).toHaveLength(1);
    expect(of('SIGN_IN_FAILED', 'audrey@example.com')).toHaveLength(1);
    expect(of('SIGN_IN', 'pat@example.com')).toHaveLength(1);
  });
});
