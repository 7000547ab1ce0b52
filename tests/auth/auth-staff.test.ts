// Staff accounts from the outside: the `npm run staff` command beside a running server, the
// ADMIN_* bootstrap, the first-start hint, and the demo agents of `npm run seed:demo`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestDatabase } from '../helpers/test-db.ts';
import { StaffModel, verifyPassword } from '../../models/staff/accounts.ts';
import { DEMO_AGENTS, DEMO_PASSWORD, seedStaff } from '../../scripts/seed/staff.ts';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const children: ChildProcess[] = [];
// Each server runs in a process group of its own, so a test that fails midway leaves no server
// (tsx's child, and its database) behind.
afterAll(() =>
  children.forEach((c) => {
    if (c.exitCode === null && c.pid) process.kill(-c.pid, 'SIGKILL');
  }),
);

const baseEnv = (dataDir: string) => {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: '0', DATA_DIR: dataDir };
  for (const k of ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'ADMIN_NAME', 'MONGODB_URI']) delete env[k];
  return env;
};

async function startServer(dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(tsx, ['server.ts'], { cwd: root, env: { ...baseEnv(dataDir), ...env }, detached: true });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /Listening on (http:\/\/\S+)/.exec(output);
      if (m) {
        clearInterval(timer);
        resolve(m[1]!);
      }
    }, 100);
    child.on('exit', () => {
      clearInterval(timer);
      reject(new Error(`server exited: ${output}`));
    });
  });
  return {
    base,
    output: () => output,
    async stop() {
      const exited = new Promise((r) => child.on('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function staff(dataDir: string, ...args: string[]) {
  return staffWithInput(dataDir, '', ...args);
}

/** The command with `input` on its standard input (a password piped in). */
function staffWithInput(dataDir: string, input: string, ...args: string[]) {
  const res = spawnSync(tsx, ['scripts/staff.ts', ...args], { cwd: root, env: baseEnv(dataDir), encoding: 'utf8', timeout: 60_000, input });
  return { code: res.status, out: res.stdout, err: res.stderr };
}

/**
 * fetch that survives a kept-alive connection the server closed while a `staff` command blocked
 * this process (the client only notices on reuse): one retry on a fresh connection.
 */
async function fetchFresh(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw err;
    return fetch(url, init);
  }
}

async function login(base: string, email: string, password: string) {
  const res = await fetchFresh(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, body: (await res.json()) as { token?: string; user?: { name: string; email: string }; error?: string } };
}
async function meStatus(base: string, token: string) {
  return (await fetchFresh(`${base}/trpc/auth.me`, { headers: { authorization: `Bearer ${token}` } })).status;
}

describe('staff command and ADMIN_* bootstrap', () => {
  it('manages accounts beside a running server, and the server bootstraps ADMIN_* at start', { timeout: 420_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'staff-cmd-'));
    let server = await startServer(dataDir);
    // With no staff and no ADMIN_*, the server says how to create the first account.
    expect(server.output()).toContain('No staff accounts exist yet');
    expect(server.output()).toContain('npm run staff -- add --name');

    const short = staff(dataDir, 'add', '--name', 'Pat Staff', '--email', 'pat@example.com', '--password', 'short');
    expect(short.code).toBe(1);
    expect(short.err).toContain('Password must be at least 8 characters long');
    const malformed = staff(dataDir, 'add', '--name', 'Pat Staff', '--email', 'not-an-email', '--password', 'pat-password-1');
    expect(malformed.code).toBe(1);
    expect(malformed.err).toContain('Enter a valid email address');
    expect(staff(dataDir, 'add', '--email', 'pat@example.com').code).toBe(1);
    const elevenChars = staff(dataDir, 'add', '--name', 'Pat Staff', '--email', 'pat@example.com', '--password', 'pat-passwd1');
    expect(elevenChars.code).toBe(1);
    expect(elevenChars.err).toContain('Staff passwords must be at least 12 characters long');

    // Without --password the password comes from standard input, never the command line.
    const piped = staffWithInput(dataDir, 'pia-piped-password\n', 'add', '--name', 'Pia Piped', '--email', 'pia@example.com');
    expect(piped.code).toBe(0);
    expect(piped.err).not.toMatch(/shell history/);
    expect((await login(server.base, 'pia@example.com', 'pia-piped-password')).status).toBe(200);
    expect(staffWithInput(dataDir, '', 'add', '--name', 'Pia Piped', '--email', 'pia2@example.com').code).toBe(1);

    const added = staff(dataDir, 'add', '--name', 'Pat Staff', '--email', 'Pat@Example.com', '--password', 'pat-password-1', '--agent');
    expect(added.code).toBe(0);
    const first = await login(server.base, 'pat@example.com', 'pat-password-1');
    expect(first).toEqual({ status: 200, body: { token: expect.any(String), user: { name: 'Pat Staff', email: 'pat@example.com' } } });

    const listed = staff(dataDir, 'list');
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/Pat Staff\s+pat@example\.com\s+yes/);
    expect(listed.out).not.toMatch(/argon2|passwordHash/);

    // Same email again: name, password and agent flag are updated, older tokens end.
    expect(staff(dataDir, 'add', '--name', 'Pat Renamed', '--email', 'pat@example.com', '--password', 'pat-password-2').code).toBe(0);
    expect(await meStatus(server.base, first.body.token!)).toBe(401);
    expect((await login(server.base, 'pat@example.com', 'pat-password-1')).status).toBe(401);
    const second = await login(server.base, 'pat@example.com', 'pat-password-2');
    expect(second.body.user).toEqual({ name: 'Pat Renamed', email: 'pat@example.com' });
    expect(staff(dataDir, 'list').out).toMatch(/Pat Renamed\s+pat@example\.com\s+no/);

    const removed = staff(dataDir, 'remove', '--email', 'pat@example.com');
    expect(removed.code).toBe(0);
    expect(await meStatus(server.base, second.body.token!)).toBe(401);
    expect(staff(dataDir, 'remove', '--email', 'pat@example.com').code).toBe(1);
    await server.stop();

    // ADMIN_* creates the account at start; no hint then.
    server = await startServer(dataDir, { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'boss-password-1', ADMIN_NAME: 'The Boss' });
    expect(server.output()).not.toContain('No staff accounts exist yet');
    const boss = await login(server.base, 'boss@example.com', 'boss-password-1');
    expect(boss.body.user).toEqual({ name: 'The Boss', email: 'boss@example.com' });
    await server.stop();

    // A restart with the same variables keeps sessions; a new ADMIN_PASSWORD replaces the old one.
    server = await startServer(dataDir, { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'boss-password-1' });
    expect(await meStatus(server.base, boss.body.token!)).toBe(200);
    await server.stop();
    server = await startServer(dataDir, { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'boss-password-2' });
    expect(await meStatus(server.base, boss.body.token!)).toBe(401);
    expect((await login(server.base, 'boss@example.com', 'boss-password-1')).status).toBe(401);
    expect((await login(server.base, 'boss@example.com', 'boss-password-2')).body.user?.name).toBe('The Boss');
    await server.stop();
  });

  it('never lets ADMIN_PASSWORD undo a password changed in the console, and makes --admin accounts', { timeout: 300_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'staff-admin-'));
    let server = await startServer(dataDir, { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'boss-password-2' });
    const current = await login(server.base, 'boss@example.com', 'boss-password-2');
    expect(current.status).toBe(200);
    // Once the password is changed in the console, no start undoes it, whatever ADMIN_PASSWORD says.
    const changed = await fetch(`${server.base}/api/auth/change-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${current.body.token}` },
      body: JSON.stringify({ currentPassword: 'boss-password-2', newPassword: 'chief-own-password' }),
    });
    expect(changed.status).toBe(200);
    await server.stop();
    server = await startServer(dataDir, { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'boss-password-3' });
    expect(server.output()).toContain('ADMIN_PASSWORD is ignored');
    expect((await login(server.base, 'boss@example.com', 'boss-password-3')).status).toBe(401);
    expect((await login(server.base, 'boss@example.com', 'chief-own-password')).status).toBe(200);

    // --admin: the account may manage staff and read the audit log; the ADMIN_EMAIL account is one.
    const added = staff(dataDir, 'add', '--name', 'Ann Admin', '--email', 'ann@example.com', '--password', 'ann-password-1', '--admin');
    expect(added.code).toBe(0);
    // A password on the command line works, with a warning that it stays in the shell's history.
    expect(added.err).toMatch(/^Warning: a password given with --password is kept in your shell history/);
    expect(added.err).toMatch(/must not contain your name/);
    const listed = staff(dataDir, 'list').out;
    expect(listed).toMatch(/Ann Admin\s+ann@example\.com\s+no\s+yes/);
    expect(listed).toMatch(/boss@example\.com\s+no\s+yes/);
    await server.stop();
  });
});

describe('demo agents', () => {
  it('seeds Ben and Stef as agents with the demo password, idempotently', async () => {
    const db = await startTestDatabase();
    try {
      expect(await seedStaff()).toBe('2 agents (2 new)');
      const before = await StaffModel.find().sort({ email: 1 }).lean();
      expect(await seedStaff()).toBe('2 agents (0 new)');
      const after = await StaffModel.find().sort({ email: 1 }).lean();
      expect(after.map((s) => [s.name, s.email, s.isAgent])).toEqual(DEMO_AGENTS.map((a) => [a.name, a.email, true]));
      expect(after.map((s) => s.tokenVersion)).toEqual(before.map((s) => s.tokenVersion));
      for (const s of after) expect(await verifyPassword(s.passwordHash, DEMO_PASSWORD)).toBe(true);
    } finally {
      await db.stop();
    }
  });
});
