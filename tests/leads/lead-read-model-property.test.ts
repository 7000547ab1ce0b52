// The lead lists' reference test (docs/decisions/004-lead-read-model.md): random writes of every kind
// sent to two app servers on one database at once, leads changed around the application and one server
// restarted in the middle, no recount anywhere; afterwards every count, page, search, the Overdue filter
// and the dashboard, on both servers, equal a plain reading of the leads collection in memory. Prints its
// seed; RM_SEED=<seed> replays a run.
import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createApp } from '../../web/app.ts';
import { StaffModel, hashPassword } from '../../models/staff/accounts.ts';
import { signStaffToken } from '../../server/tokens.ts';
import { writeAroundLeadModel } from '../../models/leads/testing.ts';
import { phoneSearchDigits, RESPONSE_PROMISE_MS } from '../../schemas/lead.ts';
import { startTestDatabase, type TestDatabase } from '../helpers/test-db.ts';
import { trpcClient } from '../helpers/trpc-client.ts';
import { generator } from '../helpers/seeded-random.ts';

const SEED = Number(process.env.RM_SEED ?? Math.floor(Math.random() * 2 ** 31));
const OPS = 520;
const AGENTS = ['Ben Carter', 'Stef'];
const JWT_SECRET = 'property-secret-property-secret-0123';

let db: TestDatabase;
let inProcess: { server: Server; close: () => Promise<void>; url: string };
let second: { child: ChildProcess; url: string; checked: Promise<void> } | null = null;
let token = '';

/** The second server, in a process of its own (tests/helpers/app-process.ts), as server.ts starts one. */
function startSecond(): Promise<{ child: ChildProcess; url: string; checked: Promise<void> }> {
  const child = spawn(path.join('node_modules', '.bin', 'tsx'), ['tests/helpers/app-process.ts'], {
    env: { ...process.env, MONGODB_URI: db.uri, JWT_SECRET, DATA_DIR: db.dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  let checked!: () => void;
  const done = new Promise<void>((r) => (checked = r));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`second server exited ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /LISTENING (\d+)/.exec(out)?.[1];
      if (port) resolve({ child, url: `http://127.0.0.1:${port}`, checked: done });
      if (out.includes('CHECKED')) checked();
    });
  });
}

async function stopSecond() {
  const s = second;
  second = null;
  if (!s) return;
  s.child.removeAllListeners('exit');
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  await exited;
}

beforeAll(async () => {
  db = await startTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: db.dataDir, JWT_SECRET, TRUST_PROXY: '1' });
  const { app, close } = await createApp(config, { ssr: false });
  const server: Server = await new Promise((r) => {
    const s = app.listen(0, '127.0.0.1', () => r(s));
  });
  inProcess = { server, close, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  const admin = await StaffModel.create({
    name: 'Office Admin',
    email: 'office@example.com',
    passwordHash: await hashPassword('x'.repeat(12)),
  });
  for (const name of AGENTS)
    await StaffModel.create({
      name,
      email: `${name.split(' ')[0].toLowerCase()}@example.com`,
      passwordHash: admin.passwordHash,
      isAgent: true,
    });
  token = signStaffToken({ id: admin.id, tokenVersion: admin.tokenVersion }, config.jwtSecret);
  second = await startSecond();
}, 60_000);

afterAll(async () => {
  await stopSecond();
  await new Promise((r) => inProcess.server.close(r));
  await inProcess.close();
  await db.stop();
});

/** A JSON call to a server; a 5xx fails the test. */
async function call(url: string, method: string, to: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url + to, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((err: unknown) => {
    // The server being restarted closed the connection: the write may or may not have happened; the leads say which.
    if (url !== inProcess.url) return null;
    throw err;
  });
  if (!res) return { status: 0, body: null };
  const answer = (await res.json().catch(() => null)) as any;
  if (res.status >= 500) throw new Error(`${method} ${to}: ${res.status} ${JSON.stringify(answer)}`);
  return { status: res.status, body: answer };
}

it('keeps every count, page, search, the Overdue filter and the dashboard equal to the leads, across two servers and a restart', async () => {
  console.log(`lead lists two-server test: RM_SEED=${SEED}`);
  const random = generator(SEED);
  const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)];
  const ids: string[] = [];
  /** Leads the load never touches: changed around the application midway, which every list must show at once. */
  const quiet: mongoose.Types.ObjectId[] = [];

  // Leads older than the 24-hour promise, stored around the model.
  await writeAroundLeadModel(async (Lead) => {
    await Lead.insertMany(
      Array.from({ length: 10 }, (_, i) => ({
        name: `Old Lead ${i}`,
        email: `old${i}@example.com`,
        phone: `+1303555${String(9000 + i)}`,
        phoneDigits: `303555${9000 + i}`,
        createdAt: new Date(Date.now() - RESPONSE_PROMISE_MS - (i + 1) * 3_600_000),
      })),
    ).then((docs) => {
      ids.push(...docs.slice(0, 6).map((d) => String(d._id)));
      quiet.push(...docs.slice(6).map((d) => d._id));
    });
  });

  const urls = () => [inProcess.url, ...(second ? [second.url] : [])];
  let n = 0;
  const operation = async (k: number) => {
    const url = pick(urls());
    const leadId = ids.length ? pick(ids) : '000000000000000000000000';
    const kind = random();
    if (kind < 0.16) {
      const i = n++;
      const res = await call(
        url,
        'POST',
        '/api/referral',
        { name: `Lead ${i}`, email: `lead${i}@example.org`, phone: `720-555-${1000 + i}` },
        {
          'x-forwarded-for': `10.8.${i >> 8}.${i & 255}`,
        },
      );
      if (res.status === 201) ids.push(res.body.leadId);
    } else if (kind < 0.24) {
      const i = n++;
      const res = await call(url, 'POST', '/api/admin/leads', {
        name: `Console ${i}`,
        email: `console${i}@example.org`,
        phone: `303-555-${1000 + i}`,
      });
      if (res.status === 201) ids.push(res.body.leadId);
    } else if (kind < 0.42) await call(url, 'PUT', `/api/admin/leads/${leadId}/claim`, { claimedBy: pick(AGENTS) });
    else if (kind < 0.48) await call(url, 'PUT', `/api/admin/leads/${leadId}/unclaim`);
    else if (kind < 0.68)
      await call(url, 'PUT', `/api/admin/leads/${leadId}`, {
        status: pick(['called', 'follow-up', 'quoted', 'lost', 'unclaimed', 'closed']),
      });
    else if (kind < 0.74) await call(url, 'PUT', `/api/admin/leads/${leadId}`, { notes: `Note ${k}` });
    else if (kind < 0.84)
      await trpcClient(url, token)
        .leads.logCall.mutate({ leadId, outcome: pick(['reached', 'voicemail', 'no-answer', 'wrong-number'] as const), note: `Call ${k}` })
        .catch((err: { data?: { httpStatus?: number }; cause?: unknown }) => {
          if (err.cause instanceof TypeError && url !== inProcess.url) return; // the restart closed the connection
          if ((err.data?.httpStatus ?? 500) >= 500) throw err;
        });
    else if (kind < 0.9) await call(url, 'DELETE', `/api/admin/leads/${leadId}`);
    else if (kind < 0.93)
      // A search or the Overdue filter meanwhile: each server then holds entry documents that later writes must refresh.
      await trpcClient(url, token)
        .leads.page.query({ tab: 'all', page: 0, search: pick(['lead', 'console', '720555', '']), overdue: random() < 0.5 })
        .catch((err: { cause?: unknown }) => {
          if (!(err.cause instanceof TypeError && url !== inProcess.url)) throw err;
        });
    else {
      // A bulk action of the console: the same change to several leads at once.
      const change = pick([{ claim: pick(AGENTS) }, { status: 'lost' }, { status: 'unclaimed' }, { status: 'closed' }]);
      await Promise.all(
        Array.from({ length: 4 }, () => pick(ids)).map((id) =>
          'claim' in change
            ? call(url, 'PUT', `/api/admin/leads/${id}/claim`, { claimedBy: change.claim })
            : call(url, 'PUT', `/api/admin/leads/${id}`, change),
        ),
      );
    }
  };

  // Six clients at once; one server restarted midway, in a process of its own.
  let next = 0;
  let restarted: Promise<unknown> = Promise.resolve();
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < OPS) {
        const k = next++;
        if (k === Math.floor(OPS / 3))
          restarted = changeAroundTheModel(quiet)
            .then(stopSecond)
            .then(async () => (second = await startSecond()));
        await operation(k);
      }
    }),
  );
  await restarted;
  await second!.checked;

  await expectTruth(inProcess.url);
  await expectTruth(second!.url);
}, 120_000);

/** A status, a holder and a contact time changed on the leads themselves, as an import or a script might. */
async function changeAroundTheModel(quiet: mongoose.Types.ObjectId[]) {
  const leads = mongoose.connection.collection('leads');
  const changes = [
    { status: 'lost' },
    { status: 'called', claimedBy: 'Stef', claimedAt: new Date(), contactedAt: new Date() },
    { status: 'quoted', claimedBy: AGENTS[0], claimedAt: new Date(), contactedAt: new Date() },
    { contactedAt: new Date() },
  ];
  await Promise.all(quiet.map((_id, i) => leads.updateOne({ _id }, { $set: changes[i] })));
}

/** The leads as stored, newest first (ties: the larger _id first), with the rules worked out in memory. */
async function reference() {
  const rows = (await mongoose.connection.collection('leads').find({}).toArray()).sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (String(b._id) < String(a._id) ? -1 : String(b._id) > String(a._id) ? 1 : 0),
  );
  return rows.map((l) => ({
    id: String(l._id),
    status: l.status as string,
    claimedBy: (l.claimedBy as string | null) ?? null,
    name: (l.name as string).toLowerCase(),
    email: (l.email as string).toLowerCase(),
    phone: l.phoneDigits as string,
    overdue: !['closed', 'lost'].includes(l.status) && !l.contactedAt && Date.now() - l.createdAt.getTime() > RESPONSE_PROMISE_MS,
  }));
}

type Row = Awaited<ReturnType<typeof reference>>[number];
const TABS: [string, (r: Row) => boolean][] = [
  ['all', () => true],
  ['unclaimed', (r) => r.status !== 'lost' && r.status !== 'closed' && !r.claimedBy],
  ['closed', (r) => r.status === 'closed'],
  ['lost', (r) => r.status === 'lost'],
  ...AGENTS.map((a): [string, (r: Row) => boolean] => [`agent:${a}`, (r) => r.status !== 'lost' && r.claimedBy === a]),
];

async function expectTruth(url: string) {
  const client = trpcClient(url, token);
  const rows = await reference();
  const page = (tab: string, p: number, extra: object = {}) =>
    client.leads.page.query({
      tab: (tab.startsWith('agent:') ? 'agent' : tab) as 'all',
      agent: tab.startsWith('agent:') ? tab.slice(6) : undefined,
      page: p,
      search: '',
      ...extra,
    });
  for (const [tab, inTab] of TABS) {
    const want = rows.filter(inTab).map((r) => r.id);
    for (const order of ['desc', 'asc'] as const) {
      const wanted = order === 'desc' ? want : [...want].reverse();
      const first = await page(tab, 0, { order });
      expect(first.counts[tab], `${url} ${tab} count`).toBe(want.length);
      const got = [...first.leads.map((l) => l.leadId)];
      for (let p = 1; p < first.pages; p++) got.push(...(await page(tab, p, { order })).leads.map((l) => l.leadId));
      expect(got, `${url} ${tab} ${order}`).toEqual(wanted);
    }
  }
  for (const search of ['lead 1', 'console', 'example.org', '720555']) {
    const digits = phoneSearchDigits(search);
    const want = rows.filter((r) => r.name.includes(search) || r.email.includes(search) || (digits && r.phone.includes(digits)));
    const got = await page('all', 0, { search });
    expect(got.counts.all, `${url} search ${search}`).toBe(want.length);
    expect(got.leads.map((l) => l.leadId)).toEqual(want.slice(0, 50).map((r) => r.id));
  }
  const overdue = await page('all', 0, { overdue: true });
  expect(
    overdue.leads.map((l) => l.leadId),
    `${url} overdue`,
  ).toEqual(
    rows
      .filter((r) => r.overdue)
      .slice(0, 50)
      .map((r) => r.id),
  );
  const stats = await client.leads.stats.query();
  const count = (f: (r: Row) => boolean) => rows.filter(f).length;
  expect(stats, `${url} stats`).toMatchObject({
    totalReferrals: rows.length,
    claimedLeads: count((r) => r.claimedBy !== null),
    unclaimedLeads: count((r) => r.claimedBy === null),
    overdueLeads: count((r) => r.overdue),
    statusCounts: Object.fromEntries(
      ['unclaimed', 'called', 'follow-up', 'quoted', 'closed', 'lost'].map((s) => [s, count((r) => r.status === s)]),
    ),
  });
  for (const agent of stats.agents) {
    const mine = rows.filter((r) => r.claimedBy === agent.name);
    expect([agent.assigned, agent.closed, agent.lost], `${url} ${agent.name}`).toEqual([
      mine.length,
      mine.filter((r) => r.status === 'closed').length,
      mine.filter((r) => r.status === 'lost').length,
    ]);
  }
}
