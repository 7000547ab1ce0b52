// Round robin and the escalation ladder on two app servers over one database (issue 27): leads added on
// both at once each get one holder; with nobody calling, both servers' workers and this test run the
// ladder at once on the real clock (steps of seconds), and every lead is reminded, returned to the next
// agent and reported to the admins exactly once.
import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../server/config.ts';
import { createApp } from '../web/app.ts';
import { startNotifier } from '../notify/worker.ts';
import { StaffModel, hashPassword } from '../models/staff.ts';
import { setStaffAvailability } from '../models/availability.ts';
import { updateOfficeSettings } from '../models/office-settings.ts';
import { escalateDue, escalationSteps, readLead } from '../models/leads/index.ts';
import { signStaffToken } from '../server/tokens.ts';
import { startTestDatabase, type TestDatabase } from './helpers/test-db.ts';

const JWT_SECRET = 'two-servers-secret-two-servers-0123';
const AGENTS = ['Ava', 'Ben', 'Cleo'];
const LEADS = 24;
const admin = { id: 'test', name: 'Test Admin', email: 'test@example.com' };

let db: TestDatabase;
let inProcess: { server: Server; close: () => Promise<void>; url: string };
let second: ChildProcess;
let secondUrl = '';
let token = '';

beforeAll(async () => {
  db = await startTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: db.dataDir, JWT_SECRET });
  const { app, close: closeApp } = await createApp(config, { ssr: false });
  // This server's worker runs the escalation ladder every half second, as server.ts's does every five.
  const notifier = startNotifier(config, { escalateMs: 500 });
  const close = async () => {
    await notifier.stop();
    await closeApp();
  };
  const server: Server = await new Promise((r) => {
    const s = app.listen(0, '127.0.0.1', () => r(s));
  });
  inProcess = { server, close, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  const passwordHash = await hashPassword('x'.repeat(12));
  const office = await StaffModel.create({ name: 'Office Admin', email: 'office@example.com', passwordHash, isAdmin: true });
  token = signStaffToken({ id: office.id, tokenVersion: office.tokenVersion }, config.jwtSecret);
  for (const name of AGENTS) {
    const staff = await StaffModel.create({ name, email: `${name.toLowerCase()}@example.com`, passwordHash, isAgent: true });
    await setStaffAvailability({ staffId: staff.id as string, licensedStates: ['CO'] }, admin);
  }
  await updateOfficeSettings(
    { assignmentMode: 'round-robin', escalation: { remindAfterMin: 0.05, returnAfterMin: 0.1, adminsAfterMin: 0.15 } },
    admin,
  );
  second = spawn(path.join('node_modules', '.bin', 'tsx'), ['tests/helpers/app-process.ts'], {
    env: { ...process.env, MONGODB_URI: db.uri, JWT_SECRET, DATA_DIR: db.dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  secondUrl = await new Promise((resolve, reject) => {
    let out = '';
    second.on('exit', (code) => reject(new Error(`second server exited ${code}`)));
    second.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /LISTENING (\d+)/.exec(out)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
  });
}, 60_000);

afterAll(async () => {
  second?.removeAllListeners('exit');
  const exited = new Promise((r) => second?.once('exit', r));
  second?.kill('SIGTERM');
  await exited;
  await new Promise((r) => inProcess.server.close(r));
  await inProcess.close();
  await db.stop();
});

const add = async (url: string, n: number) => {
  const res = await fetch(`${url}/api/admin/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: `Two ${n}`, email: `two${n}@example.com`, phone: `(303) 555-${String(7000 + n)}` }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { leadId: string }).leadId;
};

const timelineOf = async (leadId: string) =>
  ((await mongoose.connection.collection('lead_timelines').findOne({ _id: new mongoose.Types.ObjectId(leadId) }))?.entries ?? []) as {
    kind: string;
    claimedBy?: string;
    reason?: string;
  }[];

it('one holder per lead and each escalation step once, with two servers running the ladder', async () => {
  const ids = await Promise.all(Array.from({ length: LEADS }, (_, n) => add(n % 2 ? secondUrl : inProcess.url, n)));
  const first = new Map<string, string>();
  for (const id of ids) {
    // The first holder, from the timeline: on a slow machine the ladder may already have moved the lead on.
    const assigned = (await timelineOf(id)).find((e) => e.kind === 'assigned');
    expect(AGENTS).toContain(assigned?.claimedBy);
    first.set(id, assigned!.claimedBy!);
  }
  // Fair over the burst: 8 each, give or take the two servers choosing at the same moment.
  for (const name of AGENTS) expect([...first.values()].filter((a) => a === name).length).toBeGreaterThanOrEqual(5);

  // Both workers run the ladder every half second or so; this test runs it too, twice at once.
  const deadline = Date.now() + 40_000;
  for (;;) {
    await Promise.all([escalateDue(), escalateDue()]);
    const steps = await Promise.all(ids.map((id) => escalationSteps(id)));
    if (steps.every((s) => s.length === 3 && s.every((x) => x.done))) break;
    expect(Date.now()).toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 300));
  }

  for (const id of ids) {
    const timeline = await timelineOf(id);
    const escalated = timeline.filter((e) => e.kind === 'escalated').map((e) => e.reason!.split(':')[0]);
    expect(escalated.sort()).toEqual(['Admins told', 'Back to the pool', `Reminder to ${first.get(id)}`].sort());
    const assigned = timeline.filter((e) => e.kind === 'assigned');
    expect(assigned).toHaveLength(2);
    expect(assigned[0]!.claimedBy).toBe(first.get(id));
    expect(assigned[1]!.claimedBy).not.toBe(first.get(id));
    expect(assigned[1]!.reason).toBe(
      `Returned by escalation. Assigned to ${assigned[1]!.claimedBy} by round robin: licensed in CO, available`,
    );
    expect((await readLead(id))!.claimedBy).toBe(assigned[1]!.claimedBy);
  }
}, 120_000);
