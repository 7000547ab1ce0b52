// A database written before the lead lists were plain indexed queries (docs/decisions/004-lead-read-model.md):
// leads with lead numbers and write marks but no name key, the kept copies beside them, the old indexes. A
// server started on it (tests/helpers/app-process.ts, the start-up of server.ts) drops the copies, builds the
// indexes and answers every list, count and the dashboard from the leads, none of them lost.
import type { ChildProcess } from 'node:child_process';
import mongoose from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { StaffModel, hashPassword } from '../../models/staff/accounts.ts';
import { signStaffToken } from '../../server/tokens.ts';
import { loadConfig } from '../../server/config.ts';
import { startTestDatabase, type TestDatabase } from '../helpers/test-db.ts';
import { startAppProcess } from '../helpers/server-processes.ts';
import { trpcClient } from '../helpers/trpc-client.ts';
import { OLD_LEAD_COPIES } from '../../models/leads/index.ts';

const JWT_SECRET = 'upgrade-secret-upgrade-secret-0123456';
const HOUR = 3600_000;
let db: TestDatabase;
let child: ChildProcess | null = null;

beforeAll(async () => {
  db = await startTestDatabase();
}, 60_000);

afterAll(async () => {
  if (child) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  await db.stop();
});

/** The app server process on the test database; resolves with its address once it listens. */
function startServer(): Promise<string> {
  const server = startAppProcess({ MONGODB_URI: db.uri, JWT_SECRET, DATA_DIR: db.dataDir });
  child = server.child;
  return server.url;
}

/** What the old code left: leads as it stored them, its copies and its indexes (the new ones not yet built). */
async function writeOldFolder() {
  const conn = mongoose.connection;
  const now = Date.now();
  const names = ['zoe 10', 'Ana 9', 'ana 2', 'Émile', 'Bob'];
  const leads = names.map((name, i) => ({
    _id: new mongoose.Types.ObjectId(),
    name,
    email: `old${i}@example.com`,
    phone: `+1303555700${i}`,
    phoneDigits: `303555700${i}`,
    notes: '',
    status: ['unclaimed', 'called', 'lost', 'closed', 'unclaimed'][i],
    claimedBy: [null, 'Ben Carter', null, 'Ben Carter', null][i],
    claimedAt: i % 2 ? new Date(now - 40 * HOUR) : null,
    contactedAt: i === 1 || i === 3 ? new Date(now - 39 * HOUR) : null,
    source: 'website',
    duplicateOf: null,
    seq: i + 1,
    countMark: new mongoose.Types.ObjectId().toHexString(),
    followUpAt: null,
    createdAt: new Date(now - (50 - i) * HOUR),
    updatedAt: new Date(now - (50 - i) * HOUR),
  }));
  await conn.collection('leads').dropIndexes();
  await conn.collection('leads').insertMany(leads);
  const oldIndexes: Record<string, 1 | -1>[] = [
    { createdAt: -1 },
    { email: 1, createdAt: -1 },
    { phoneDigits: 1, createdAt: -1 },
    { status: 1, claimedBy: 1 },
  ];
  for (const index of oldIndexes) await conn.collection('leads').createIndex(index);
  const [entries, counters, followUps] = OLD_LEAD_COPIES;
  await conn.collection<{ _id: string; [field: string]: unknown }>(entries).insertOne({ _id: 'b0', e: { '1_x': 'stale entry' } });
  await conn.collection<{ _id: string; [field: string]: unknown }>(counters).insertMany([
    { _id: 'leads', c: { none: { unclaimed: 99 } }, t: { all: 99 }, w: { n: 99 }, v: 8 },
    { _id: 'seq', n: 5 },
  ]);
  await conn.collection<{ _id: string; [field: string]: unknown }>(followUps).insertOne({ _id: 'a00', leads: {} });
  expect(OLD_LEAD_COPIES).toHaveLength(3);
  return leads;
}

it('drops the kept copies, builds the indexes and answers every list from the leads, nothing lost', async () => {
  const old = await writeOldFolder();
  const admin = await StaffModel.create({
    name: 'Office Admin',
    email: 'office@example.com',
    passwordHash: await hashPassword('x'.repeat(12)),
  });
  await StaffModel.create({ name: 'Ben Carter', email: 'ben@example.com', passwordHash: admin.passwordHash, isAgent: true });
  const token = signStaffToken({ id: admin.id, tokenVersion: admin.tokenVersion }, loadConfig({ NODE_ENV: 'test', JWT_SECRET }).jwtSecret);

  const client = trpcClient(await startServer(), token);

  const collections = (await mongoose.connection.db!.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
  for (const gone of OLD_LEAD_COPIES) expect(collections).not.toContain(gone);
  const indexes = (await mongoose.connection.collection('leads').indexes()).map((i) => i.name);
  expect(indexes).toEqual(expect.arrayContaining(['status_1_createdAt_-1', 'claimedBy_1_status_1_createdAt_-1', 'nameKey_1_createdAt_-1']));
  expect(indexes).not.toContain('status_1_claimedBy_1');

  const all = await client.leads.page.query({ tab: 'all' });
  expect(all.leads.map((l) => l.name)).toEqual([...old].reverse().map((l) => l.name));
  expect(all.counts).toMatchObject({ all: 5, unclaimed: 2, closed: 1, lost: 1, 'agent:Ben Carter': 2, overdue: 2 });
  const byName = await client.leads.page.query({ tab: 'all', sort: 'name', order: 'asc' });
  expect(byName.leads.map((l) => l.name)).toEqual(['ana 2', 'Ana 9', 'Bob', 'Émile', 'zoe 10']);
  expect((await client.leads.page.query({ tab: 'all', search: 'ÉMILE' })).leads.map((l) => l.name)).toEqual(['Émile']);
  const stats = await client.leads.stats.query();
  expect(stats).toMatchObject({ totalReferrals: 5, claimedLeads: 2, unclaimedLeads: 3, overdueLeads: 2 });
  expect(stats.statusCounts).toMatchObject({ unclaimed: 2, called: 1, lost: 1, closed: 1 });
  // Every lead kept, each with its name's sort key now.
  const stored = await mongoose.connection.collection('leads').find().toArray();
  expect(stored.map((l) => String(l._id)).sort()).toEqual(old.map((l) => String(l._id)).sort());
  expect(stored.every((l) => typeof l.nameKey === 'string')).toBe(true);
}, 90_000);
