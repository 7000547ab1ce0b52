// `npm run keys:rotate` as a command while the server runs and staff keep saving: every medical
// detail and note stays readable, every value ends under the new key, the old key is retired from
// the ring (kept only for older backups), and the rotation is in the audit log. The reasons sealed like
// them (a do-not-contact entry's, a medical read's) move to the new key too.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '../engine/harness.ts';
import { defaultKeyFile, keyId, parseDataKey } from '../../server/key-file.ts';
import { currentKey, keyIdOf, openText } from '../../server/field-crypto.ts';
import { recordAudit } from '../../models/audit/log.ts';

const root = path.resolve(import.meta.dirname, '../..');
let app: AppServer;
let token: string;
const ids: string[] = [];

beforeAll(async () => {
  app = await startAppServer({ embedded: true, dbName: 'brokerage' });
  token = await app.token('Ben');
  for (let i = 0; i < 12; i++) {
    const res = await app.api('POST', '/api/admin/customers', token, {
      name: `Rotated ${i}`,
      email: `rotated${i}@example.com`,
      phone: `720555${String(1000 + i)}`,
      age: 40 + i,
      insuranceProvider: 'Aetna',
      medicalHistory: `condition ${i}`,
      notes: `note ${i} v0`,
    });
    expect(res.status).toBe(201);
    ids.push(res.body.customerId as string);
  }
  await app.client(token).privacy.doNotContact.mutate({ customerId: ids[0]!, reason: 'on dialysis, call her daughter' });
  await recordAudit(
    { id: 'x', name: 'Stef', email: 'stef@example.com' },
    { action: 'CUSTOMER_MEDICAL_READ', customerId: ids[1]!, customerName: 'Rotated 1', detail: 'Reason: transplant list' },
  );
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

function rotate(dataDir: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/keys-rotate.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, MONGODB_URI: '', LOG_LEVEL: 'silent', KEYS_ROTATE_GRACE_MS: '500' },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('npm run keys:rotate', () => {
  it('re-encrypts every value under a new key while saves go on, losing none', async () => {
    const keyFile = defaultKeyFile(path.resolve(app.engine.dataDir));
    const oldKid = currentKey().kid;
    const done = rotate(app.engine.dataDir);
    let finished = false;
    void done.then(() => (finished = true));
    // Saves during the rotation: each customer's notes move on; the last one written must survive.
    const last = new Map<string, string>();
    for (let round = 1; !finished && round < 400; round++) {
      await Promise.all(
        ids.map(async (customerId, i) => {
          const notes = `note ${i} v${round}`;
          const res = await app.api('PUT', `/api/admin/customers/${customerId}`, token, { notes });
          expect(res.status).toBe(200);
          last.set(customerId, notes);
        }),
      );
    }
    const { code, out } = await done;
    expect(code, out).toBe(0);
    expect(last.size).toBe(ids.length); // saves did run while it rotated

    const ring = JSON.parse(readFileSync(keyFile, 'utf8')) as { dataKeys: string[]; retired: string[] };
    expect(ring.dataKeys).toHaveLength(1);
    expect(ring.retired.map((k) => keyId(parseDataKey(k, 'retired').key))).toEqual([oldKid]);
    const newKid = keyId(parseDataKey(ring.dataKeys[0]!, 'current').key);
    expect(newKid).not.toBe(oldKid);

    for (const [i, customerId] of ids.entries()) {
      const one = await app.client(token).customers.get.query({ customerId });
      expect(one).toMatchObject({ medicalHistory: `condition ${i}`, notes: last.get(customerId) ?? `note ${i} v0` });
    }
    const stored = await mongoose.connection.collection('customers').find().toArray();
    for (const c of stored) for (const f of ['medicalHistory', 'notes']) expect(keyIdOf(c[f])).toBe(newKid);
    const reasons = [
      ...(await mongoose.connection.collection('suppressions').find().toArray()).map((s) => s.reason as string),
      (await mongoose.connection.collection('auditentries').findOne({ action: 'CUSTOMER_MEDICAL_READ' }))!.detail as string,
    ];
    expect(reasons).toHaveLength(3);
    for (const r of reasons) expect(keyIdOf(r)).toBe(newKid);
    expect(reasons.map((r) => openText(r))).toEqual([
      'on dialysis, call her daughter',
      'on dialysis, call her daughter',
      'Reason: transplant list',
    ]);

    const audit = await mongoose.connection.collection('auditentries').findOne({ action: 'DATA_KEYS_ROTATED' });
    expect(audit?.detail).toContain(`under key ${newKid}; retired ${oldKid}`);
  }, 180_000);
});
