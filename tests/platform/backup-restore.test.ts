// npm run db:backup and db:restore as commands, on the embedded engine: a backup taken while the
// server runs is encrypted as a whole, and brings every lead, customer (medical fields included),
// staff account, visit and activity entry back equal given the key file; restore refuses to overwrite data without --force and refuses a
// damaged file without changing anything.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { startEmbeddedDb } from '../../server/embedded-db.ts';
import { flushVisits } from '../../models/visits/index.ts';
import { startAppServer, type AppServer } from '../engine/harness.ts';
import { defaultKeyFile } from '../../server/key-file.ts';
import { openText } from '../../server/field-crypto.ts';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const { EJSON } = mongoose.mongo.BSON;

function run(script: string, args: string[], dataDir: string, env: Record<string, string> = {}) {
  const r = spawnSync(tsx, [`scripts/${script}.ts`, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, MONGODB_URI: '', LOG_LEVEL: 'silent', ...env },
    timeout: 120_000,
  });
  return { code: r.status, out: r.stdout + r.stderr };
}

/** Every collection's documents in canonical Extended JSON, in _id order. */
async function contents(db: mongoose.mongo.Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
    const docs = await db.collection(name).find().toArray();
    out[name] = docs.map((d) => EJSON.stringify(d, { relaxed: false })).sort();
  }
  return out;
}

let app: AppServer;
const work = mkdtempSync(path.join(tmpdir(), 'backup-test-'));

beforeAll(async () => {
  app = await startAppServer({ embedded: true, dbName: 'brokerage' });
  const ben = await app.token('Ben');
  for (let i = 0; i < 4; i++) {
    expect(
      (await app.api('POST', '/api/referral', ben, { name: `Visitor ${i}`, email: `v${i}@example.com`, phone: `303555010${i}` })).status,
    ).toBe(201);
  }
  const leads = (await app.api('GET', '/api/admin/leads', ben)).body as { leadId: string }[];
  expect((await app.api('PUT', `/api/admin/leads/${leads[0].leadId}/claim`, ben, { claimedBy: 'Ben' })).status).toBe(200);
  // The customer with medical details, as the close form sends it: through the console's own client.
  await app.client(ben).customers.closeLead.mutate({
    leadId: leads[0].leadId,
    customer: {
      name: 'Ada Moss',
      email: 'ada@example.com',
      phone: '3035550199',
      age: 44,
      medicalHistory: 'Type 2 diabetes since 2019',
      medications: 'metformin 500 mg',
    },
  });
  const added = await app.api('POST', '/api/admin/customers', ben, {
    name: 'Cal Reyes',
    email: 'cal@example.com',
    phone: '7205550142',
    age: 61,
    insuranceProvider: 'Aetna',
    medicalHistory: 'hip replacement 2021',
    medications: 'none',
  });
  expect(added.status).toBe(201);
  for (const page of ['home', 'about', 'contact']) {
    await fetch(`${app.url}/api/track-visit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 Firefox/130.0' },
      body: JSON.stringify({ page, userAgent: 'Mozilla/5.0 Firefox/130.0', referrer: 'direct' }),
    });
  }
  await flushVisits();
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

describe('backup and restore', () => {
  it('brings every record back equal, into a stopped database, and refuses to overwrite without --force', async () => {
    const db = mongoose.connection.db!;
    const before = await contents(db);
    expect(before.leads).toHaveLength(4);
    expect(before.customers).toHaveLength(2);
    expect(before.staffs).toHaveLength(1);
    expect(Object.keys(before).filter((c) => c.startsWith('visits_')).length).toBe(1);

    // While the server runs, from its engine.
    const file = path.join(work, 'snapshot.ndjson.gz');
    const backup = run('db-backup', [file], app.engine.dataDir);
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain(`Backup written to ${file}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Encrypted as a whole: neither the bytes nor a gunzip of them show a medical detail or a name.
    const raw = readFileSync(file);
    for (const secret of ['Type 2 diabetes since 2019', 'Ada Moss', 'ada@example.com']) expect(raw.includes(secret)).toBe(false);
    expect(() => gunzipSync(raw)).toThrow();

    // Without a path: DATA_DIR/backups/<time>.ndjson.gz.
    const byDefault = run('db-backup', [], app.engine.dataDir);
    expect(byDefault.code, byDefault.out).toBe(0);
    expect(readdirSync(path.join(app.engine.dataDir, 'backups'))).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.ndjson\.gz\.enc$/),
    ]);

    // Into a new, stopped database.
    // On a new machine: refused until it is given the key file of the server that made the backup.
    const target = mkdtempSync(path.join(tmpdir(), 'restore-'));
    const keyless = run('db-restore', [file], target);
    expect(keyless.code).toBe(1);
    expect(keyless.out).toMatch(/encrypted with data key \S+, which this machine's keys do not hold\. Set KEY_FILE/);
    const withKeys = { KEY_FILE: defaultKeyFile(path.resolve(app.engine.dataDir)) };
    const restored = run('db-restore', [file], target, withKeys);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toMatch(/^Restored \d+ documents in \d+ collections/m);

    const engine = await startEmbeddedDb(target);
    const conn = await mongoose.createConnection(`${engine.uri}brokerage`, { serverSelectionTimeoutMS: 5000 }).asPromise();
    try {
      expect(await contents(conn.db!)).toEqual(before);
      const ada = await conn.db!.collection('customers').findOne({ email: 'ada@example.com' });
      expect(ada).toMatchObject({ age: 44 });
      expect([openText(ada!.medicalHistory), openText(ada!.medications)]).toEqual(['Type 2 diabetes since 2019', 'metformin 500 mg']);
      expect(ada!.leadId).toBeInstanceOf(mongoose.mongo.ObjectId);
      expect(ada!.createdAt).toBeInstanceOf(Date);
      const indexes = (await conn.db!.collection('customers').listIndexes().toArray()).map((i) => i.name);
      expect(indexes).toContain('leadKey_1');
    } finally {
      await conn.close();
    }

    // The engine now holds data: refused without --force, nothing changed.
    const refused = run('db-restore', [file], target, withKeys);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/already holds data \(.*leads: 4.*\)\. Restoring would replace it; run again with --force/);
    const forced = run('db-restore', [file, '--force'], target, withKeys);
    expect(forced.code, forced.out).toBe(0);

    // A file cut short is refused before anything changes.
    const cut = path.join(work, 'cut.ndjson.gz');
    const bytes = readFileSync(file);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const damaged = run('db-restore', [cut, '--force'], target, withKeys);
    expect(damaged.code).toBe(1);
    expect(damaged.out).toMatch(/cut\.ndjson\.gz (cannot be read as a backup|is incomplete)/);

    const again = await mongoose.createConnection(`${engine.uri}brokerage`, { serverSelectionTimeoutMS: 5000 }).asPromise();
    try {
      expect(await contents(again.db!)).toEqual(before);
    } finally {
      await again.close();
      await engine.stop();
    }
  }, 300_000);
});

describe('the snapshot lock of the embedded engine', () => {
  it('holds writes while a backup reads, lets reads through, and lets the held writes run after', async () => {
    const client = mongoose.connection.getClient();
    const probe = mongoose.connection.db!.collection('probe');
    await probe.insertOne({ n: 0 });
    await client.db('admin').command({ fsync: 1, lock: true });
    let written = false;
    const write = probe.updateOne({ n: 0 }, { $set: { n: 1 } }).then(() => (written = true));
    await new Promise((r) => setTimeout(r, 500));
    expect(written).toBe(false);
    expect(await probe.countDocuments({ n: 0 })).toBe(1);
    await client.db('admin').command({ fsyncUnlock: 1 });
    await write;
    expect(await probe.countDocuments({ n: 1 })).toBe(1);
    await expect(client.db('admin').command({ fsyncUnlock: 1 })).rejects.toThrow('fsyncUnlock called when not locked');
  });
});
