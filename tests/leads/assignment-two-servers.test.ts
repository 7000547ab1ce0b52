// Round robin and the escalation ladder on two app servers over one database (docs/product.md §11): leads added on
// both at once each get one holder; with nobody calling, both servers' workers and this test run the
// ladder at once on the real clock (steps of seconds): each holding of a lead is reminded and returned
// to the next agent at most once, the next holder gets a ladder of their own (reminded in turn), and the
// admins are told exactly once per lead.
import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import mongoose from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createApp } from '../../web/app.ts';
import { startNotifier } from '../../notify/worker.ts';
import { startEscalationJob } from '../../notify/escalation-job.ts';
import { StaffModel, hashPassword } from '../../models/staff/accounts.ts';
import { setStaffAvailability } from '../../models/office/availability.ts';
import { updateOfficeSettings } from '../../models/flows/office-settings.ts';
import { escalateDue, escalationSteps, readLead } from '../../models/leads/index.ts';
import { signStaffToken } from '../../server/tokens.ts';
import { startTestDatabase, type TestDatabase } from '../helpers/test-db.ts';
import { startAppProcess } from '../helpers/server-processes.ts';

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
  // This server's escalation job runs the ladder every half second, as server.ts's does every five.
  const notifier = startNotifier(config);
  const escalation = startEscalationJob({ everyMs: 500 });
  const close = async () => {
    await escalation.stop();
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
  const started = startAppProcess({ MONGODB_URI: db.uri, JWT_SECRET, DATA_DIR: db.dataDir });
  second = started.child;
  secondUrl = await started.url;
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

  // Both workers run the ladder every half second or so; this test runs it too, twice at once, until
  // every lead's second holder was reminded and the admins were told.
  const deadline = Date.now() + 60_000;
  for (;;) {
    await Promise.all([escalateDue(), escalateDue()]);
    const holdings = await Promise.all(ids.map(async (id) => holdingsOf(await timelineOf(id))));
    if (holdings.every((h) => h.admins === 1 && h.reminders.length >= 2)) break;
    expect(Date.now()).toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 300));
  }
  // The ladder off: passes still running finish (the timelines stop changing), then nothing more.
  await updateOfficeSettings({ escalation: { remindAfterMin: null, returnAfterMin: null, adminsAfterMin: null } }, admin);
  const entries = async () => (await Promise.all(ids.map(timelineOf))).reduce((n, t) => n + t.length, 0);
  for (let before = -1, now = await entries(); now !== before; before = now, now = await entries()) {
    await new Promise((r) => setTimeout(r, 2000));
  }

  for (const id of ids) {
    const { holdings, admins, reminders, returns, other } = holdingsOf(await timelineOf(id));
    expect(other).toEqual([]);
    expect(admins).toBe(1);
    expect(holdings[0]!.holder).toBe(first.get(id));
    for (const [i, h] of holdings.entries()) {
      if (i === 0) continue;
      expect(h.holder).not.toBe(holdings[i - 1]!.holder);
      expect(h.reason).toBe(`Returned by escalation. Assigned to ${h.holder} by round robin: licensed in CO, available`);
    }
    // The steps taken, by holding (a reminder taken before a return may land on the timeline after it).
    const byHolding = new Map<string, { holder: string | null; steps: string[] }>();
    for (const s of await escalationSteps(id)) {
      if (s.step === 'admins' || !s.holder) continue;
      const holding = s._id.slice(0, s._id.lastIndexOf(':'));
      const group = byHolding.get(holding) ?? byHolding.set(holding, { holder: s.holder, steps: [] }).get(holding)!;
      expect(s.holder).toBe(group.holder);
      expect(s.done).toBe(true);
      group.steps.push(s.step);
    }
    // One return per holding handed on; each holding returned was reminded; and the timeline shows each step once.
    const groups = [...byHolding.values()];
    expect(groups.filter((g) => g.steps.includes('return')).length).toBe(holdings.length - 1);
    for (const g of groups) if (g.steps.includes('return')) expect(g.steps.sort()).toEqual(['remind', 'return']);
    expect(groups.filter((g) => g.steps.includes('remind')).length).toBeGreaterThanOrEqual(2);
    expect(reminders.sort()).toEqual(
      groups
        .filter((g) => g.steps.includes('remind'))
        .map((g) => g.holder)
        .sort(),
    );
    expect(returns.sort()).toEqual(
      groups
        .filter((g) => g.steps.includes('return'))
        .map((g) => g.holder)
        .sort(),
    );
    expect((await readLead(id))!.claimedBy).toBe(holdings.at(-1)!.holder);
  }
}, 150_000);

/** A lead's holdings from its timeline, whom its reminders and returns named, and its admins' notices. */
function holdingsOf(timeline: Awaited<ReturnType<typeof timelineOf>>) {
  const holdings: { holder: string; reason?: string }[] = [];
  const [reminders, returns, other] = [[], [], []] as string[][];
  let admins = 0;
  for (const e of timeline) {
    const reason = e.reason ?? '';
    if (e.kind === 'assigned') holdings.push({ holder: e.claimedBy!, reason: e.reason });
    else if (e.kind !== 'escalated') continue;
    else if (reason.startsWith('Admins told')) admins++;
    // A lead still waiting for its first round robin turn seconds later on a busy machine: its pool steps.
    else if (/^(Reminder to the team:|Still in the pool)/.test(reason) && !returns.length) continue;
    else if (reason.startsWith('Reminder to ')) reminders.push(/^Reminder to (\S+):/.exec(reason)![1]!);
    else if (reason.startsWith('Back to the pool: ')) returns.push(e.claimedBy!);
    else other.push(reason);
  }
  return { holdings, admins, reminders, returns, other };
}
