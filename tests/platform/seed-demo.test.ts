// `npm run seed:demo` on a fresh DATA_DIR: a second run leaves every collection and every lead's status and
// follow-up as the first left it, and the demo shows each feature on first sign-in: the demo password signs
// Ben and Stef in with no second factor, My work has follow-ups overdue and due today for both and renewals
// within 7, 30 and 60 days, a customer turns 65 within three months, leads come from several states with
// calling hours on their records, and the customer list shows policies' carriers and lines with ages.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../server/db.ts';
import { startEmbeddedDb } from '../../server/embedded-db.ts';
import { loadConfig } from '../../server/config.ts';
import { createApp } from '../../web/app.ts';
import { ageIns, renewalsWithin, todayIn } from '../../schemas/book-windows.ts';
import { callingCheck } from '../../schemas/calling-hours.ts';
import { trpcClient } from '../helpers/trpc-client.ts';
import { listenLocally } from '../helpers/listen.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'seed-'));
// Beside the data folder (never in the developer's own key file): the seed and the server read the same keys.
const keyFile = `${dataDir}.keys.json`;
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(keyFile, { force: true });
});

function seed(): Promise<number | null> {
  const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/seed-demo.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, KEY_FILE: keyFile, LOG_LEVEL: 'warn', MONGODB_URI: '' },
    stdio: 'ignore',
  });
  return new Promise((resolve) => child.on('exit', resolve));
}

/**
 * Documents per collection and each lead's status and follow-up, read over a connection of its own: the
 * models this file loads (for the server below) never create their collections while it closes.
 */
async function snapshot() {
  const embedded = await startEmbeddedDb(dataDir);
  const conn = await mongoose
    .createConnection(`${embedded.uri.replace(/\/$/, '')}/brokerage`, { serverSelectionTimeoutMS: 5000 })
    .asPromise();
  try {
    const db = conn.db!;
    const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();
    const counts = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await db.collection(n).countDocuments()] as const)));
    const leads = await db
      .collection('leads')
      .find({}, { projection: { status: 1, followUpAt: 1, claimedBy: 1 } })
      .sort({ _id: 1 })
      .toArray();
    return { counts, leads };
  } finally {
    await conn.close();
    await embedded.stop();
  }
}

/** The built API over the seeded folder, for signing in as the demo agents. */
async function serveSeeded() {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    KEY_FILE: keyFile,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
  });
  const db = await connectDatabase({ dataDir });
  const { app, close } = await createApp(config, { ssr: false });
  const { server, url } = await listenLocally(app);
  return {
    url,
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await close();
      await db.close();
    },
  };
}

async function signIn(url: string, email: string) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo-password-1' }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { token?: string; mfaRequired?: boolean };
  expect(body.mfaRequired).toBeUndefined(); // no second factor in the demo
  return trpcClient(url, body.token);
}

describe('seed:demo', () => {
  it('run twice changes nothing, and shows every feature to the demo agents', { timeout: 600_000 }, async () => {
    expect(await seed()).toBe(0);
    const first = await snapshot();
    // Collection names as Mongoose derives them from the model names.
    expect(first.counts.staffs).toBe(2);
    expect(first.counts.leads).toBeGreaterThan(0);
    expect(await seed()).toBe(0);
    expect(await snapshot()).toEqual(first);

    const app = await serveSeeded();
    try {
      for (const [name, email] of [
        ['Ben', 'ben@demo.local'],
        ['Stef', 'stef@demo.local'],
      ]) {
        const agent = await signIn(app.url, email!);
        const work = await agent.leads.myWork.query({});
        expect(work.agent).toBe(name);
        expect(work.overdue.length, `${name}'s overdue follow-ups`).toBeGreaterThan(0);
        expect(work.today.length, `${name}'s follow-ups due today`).toBeGreaterThan(0);

        const book = await agent.policies.book.query({ agent: name });
        const today = todayIn(book.timeZone);
        const within = (days: number) => renewalsWithin(book.policies, today, days).length;
        expect(within(7), `${name}'s renewals within 7 days`).toBeGreaterThan(0);
        expect(within(30)).toBeGreaterThan(within(7));
        expect(within(60)).toBeGreaterThan(within(30));
        expect(ageIns(book.customers, today).filter((c) => c.turns65On).length).toBeGreaterThan(0);

        // A follow-up's record has its region, and so calling hours in the lead's own time.
        const { lead } = await agent.leads.get.query({ leadId: work.overdue[0]!.leadId });
        expect(lead.region?.timeZones.length).toBeGreaterThan(0);
        expect(callingCheck(lead.region, new Date()).known).toBe(true);
      }

      const ben = await signIn(app.url, 'ben@demo.local');
      const leads = await ben.leads.list.query();
      const states = new Set(leads.flatMap((l) => (l.region?.state ? [l.region.state] : [])));
      const zones = new Set(leads.flatMap((l) => l.region?.timeZones ?? []));
      expect(states.size).toBeGreaterThanOrEqual(5);
      expect(zones.size).toBeGreaterThanOrEqual(4);
      expect(leads.every((l) => l.region)).toBe(true);
      expect(new Set(leads.flatMap((l) => (l.consent ? [l.consent.given] : [])))).toEqual(new Set([true, false]));
      expect(leads.filter((l) => l.doNotContact)).toHaveLength(1);

      // The conversion table splits the leads by their first touch: several sources, closed deals with premium.
      const conversion = await ben.leads.conversion.query({ period: '90d' });
      expect(conversion.bySource.length).toBeGreaterThanOrEqual(4);
      expect(conversion.total.premiumWrittenCents).toBeGreaterThan(0);

      const customers = await ben.customers.list.query();
      expect(customers.every((c) => c.age !== null)).toBe(true);
      expect(customers.filter((c) => c.policies?.length).length).toBeGreaterThan(5);
    } finally {
      await app.stop();
    }
  });
});
