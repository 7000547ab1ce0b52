// Second-factor secrets as someone holding a copy of DATA_DIR or a backup would look for them: a
// planted authenticator secret and recovery codes are in no file under DATA_DIR (the WAL included)
// nor in a backup; the stored secret is sealed (enc:v1), recovery codes are salted argon2id hashes,
// and the older clear secrets and SHA-256 codes are sealed and wrapped once at start and keep working.
// Also the smaller guards: live tickets, repeated query parameters, password choices.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { createStaffWithToken, useTestServer } from '../helpers/test-server.ts';
import { walkSealedFields } from '../../models/flows/walk-sealed-fields.ts';
import { isEncrypted, openText } from '../../server/field-crypto.ts';
import { readBackup, writeBackup } from '../../scripts/db-snapshot.ts';
import { filesUnder } from '../helpers/data-files.ts';

const server = useTestServer({ TRUST_PROXY: '1' });
const post = (p: string, body: unknown, token?: string) =>
  server.api('POST', p, { body, token, headers: { 'x-forwarded-for': '203.0.113.9' } });
const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
const factors = () => mongoose.connection.collection<{ _id: string } & Record<string, unknown>>('staff_factors');

describe('a copy of the data folder or a backup', () => {
  it('holds neither the authenticator secret nor a recovery code, and cannot sign in with the password', async () => {
    const { staff, token } = await createStaffWithToken(server, {
      name: 'Planted Pia',
      email: 'pia@example.com',
      password: 'sealed-secret-pw-1',
    });
    const setup = await post('/api/auth/totp/setup', {}, token);
    const secret = setup.body.secret as string;
    const confirm = await post('/api/auth/totp/confirm', { code: await codeAt(secret) }, token);
    const codes = confirm.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    // At least 80 bits each: 18 characters of a 31-character alphabet.
    for (const c of codes) expect(c.replace(/-/g, '').length * Math.log2(31)).toBeGreaterThanOrEqual(80);

    const stored = (await factors().findOne({ _id: staff.id }))!;
    const totp = stored.totp as { secret: string };
    expect(totp.secret).toMatch(/^enc:v1:/);
    expect(openText(totp.secret)).toBe(secret);
    for (const h of stored.recoveryCodes as string[]) expect(h).toMatch(/^\$argon2id\$/);

    // Every byte of every file under DATA_DIR, the SQLite file and its WAL included.
    const needles = [secret, ...codes, ...codes.map((c) => c.replace(/-/g, ''))];
    const files = filesUnder(server.config.dataDir);
    expect(files.some((f) => /wal$/i.test(f))).toBe(true);
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const n of needles) expect(bytes.includes(n), `${n} in ${file}`).toBe(false);
    }

    // A backup: neither its bytes nor its decrypted contents hold them.
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'factor-backup-')), 'snapshot.ndjson.gz');
    await writeBackup(mongoose.connection.db!, file, true);
    const raw = readFileSync(file);
    for (const n of needles) expect(raw.includes(n)).toBe(false);
    const restored = JSON.stringify((await readBackup(file)).sections);
    for (const n of needles) expect(restored.includes(n)).toBe(false);

    // What the copy does hold gives no code: the password alone still stops at the second step.
    const login = await post('/api/auth/login', { email: 'pia@example.com', password: 'sealed-secret-pw-1' });
    expect(login.body).toMatchObject({ mfaRequired: true });
    expect(login.body.token).toBeUndefined();
  });
});

describe('second-factor records of older versions', () => {
  it('are sealed and wrapped in argon2id once, and keep working', async () => {
    const { staff } = await createStaffWithToken(server, { name: 'Old Olga', email: 'olga@example.com', password: 'older-version-pw-1' });
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const oldCode = 'abcde-fghjk';
    const oldHash = createHash('sha256').update('abcdefghjk').digest('hex');
    await factors().insertOne({
      _id: staff.id,
      totp: { secret, lastStep: 0, addedAt: new Date() },
      recoveryCodes: [oldHash],
      passkeys: [],
    });
    await walkSealedFields('plain');
    const stored = (await factors().findOne({ _id: staff.id }))!;
    expect(isEncrypted((stored.totp as { secret: string }).secret)).toBe(true);
    expect(stored.recoveryCodes).toEqual([expect.stringMatching(/^legacy\$\$argon2id\$/)]);
    expect(await walkSealedFields('plain')).toBe(0);

    const first = await post('/api/auth/login', { email: 'olga@example.com', password: 'older-version-pw-1' });
    expect((await post('/api/auth/mfa', { mfaToken: first.body.mfaToken, code: await codeAt(secret) })).status).toBe(200);
    const second = await post('/api/auth/login', { email: 'olga@example.com', password: 'older-version-pw-1' });
    expect((await post('/api/auth/mfa', { mfaToken: second.body.mfaToken, code: oldCode.toUpperCase() })).status).toBe(200);
  });
});

describe('a live-console ticket', () => {
  const openStream = async (ticket: string) => {
    const params = `?connectionParams=${encodeURIComponent(JSON.stringify({ ticket }))}`;
    const ac = new AbortController();
    const res = await fetch(`${server.url}/trpc/live.changes${params}`, { headers: { accept: 'text/event-stream' }, signal: ac.signal });
    const reader = res.body!.getReader();
    let text = '';
    const until = Date.now() + 3000;
    while (!/UNAUTHORIZED|data: /.test(text) && Date.now() < until)
      text += new TextDecoder().decode((await reader.read()).value ?? new Uint8Array());
    ac.abort();
    return text;
  };
  const ticketOf = async (token: string) => post('/trpc/live.ticket', {}, token);

  it('opens one stream, and none after its session signed out (401 for a new one)', async () => {
    const { token } = await createStaffWithToken(server, { name: 'Live Lou', email: 'lou@example.com' });
    const ticket = (await ticketOf(token)).body.result.data.json.ticket as string;
    expect(await openStream(ticket)).toMatch(/data: /);
    expect(await openStream(ticket)).toMatch(/UNAUTHORIZED/);

    const kept = (await ticketOf(token)).body.result.data.json.ticket as string;
    expect((await post('/api/auth/logout', {}, token)).status).toBe(200);
    expect(await openStream(kept)).toMatch(/UNAUTHORIZED/);
    expect((await ticketOf(token)).status).toBe(401);
  });
});

describe('smaller guards', () => {
  it('refuses a repeated query parameter on /trpc with 400', async () => {
    const { token } = await createStaffWithToken(server, { name: 'Query Quin', email: 'quin@example.com' });
    const input = encodeURIComponent(JSON.stringify({ json: {} }));
    expect((await server.api('GET', `/trpc/auth.me?input=${input}`, { token })).status).toBe(200);
    const twice = await server.api('GET', `/trpc/auth.me?input=${input}&input=${input}`, { token });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toMatch(/more than once/);
  });

  it('refuses a password holding the name or the email name, or one of the last five', async () => {
    const { token } = await createStaffWithToken(server, {
      name: 'Marisol Vega',
      email: 'mvega@example.com',
      password: 'first-choice-pw-01',
    });
    const change = (currentPassword: string, newPassword: string) =>
      server.api('POST', '/api/auth/change-password', { token: current, body: { currentPassword, newPassword } });
    let current = token;
    for (const bad of ['marisol-rocks-2026', 'VEGA-and-more-words', 'hello-mvega-there']) {
      const res = await change('first-choice-pw-01', bad);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/must not contain your name or the part of your email address before the @/);
    }
    const short = await change('first-choice-pw-01', 'short');
    expect(short.body.error).toMatch(/Password must be at least 8 characters long/);

    const chain = ['second-choice-pw-02', 'third-choice-pw-03', 'fourth-choice-pw-04'];
    let previous = 'first-choice-pw-01';
    for (const next of chain) {
      const res = await server.api('POST', '/trpc/auth.changePassword', {
        token: current,
        body: { json: { currentPassword: previous, newPassword: next } },
      });
      expect(res.status).toBe(200);
      current = res.body.result.data.json.token;
      previous = next;
    }
    const reused = await change(previous, 'first-choice-pw-01');
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('The new password must differ from your last 5 passwords');
  });
});
