// Keys away from the data and medical details encrypted at rest, as someone holding a copy of the
// data folder would try them: the quick start's keys (key file mode) are nowhere in DATA_DIR, a
// token signed with anything found there is refused, and a planted medical phrase appears in no
// database file (the SQLite file and its WAL included) while the console still shows it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import mongoose from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOffice, createStaffWithToken, useTestServer } from '../helpers/test-server.ts';
import { trpcClient } from '../helpers/trpc-client.ts';
import { walkSealedFields } from '../../models/flows/walk-sealed-fields.ts';
import { isEncrypted, openText } from '../../server/field-crypto.ts';
import type { SuppressionDoc } from '../../models/privacy/suppression-store.ts';
import { filesUnder } from '../helpers/data-files.ts';

// No JWT_SECRET: both keys come from the generated key file, as in the quick start.
const server = useTestServer({ JWT_SECRET: '' });
const PHRASE = 'HIV positive since 2019';
let admin: string;

/** Every string an attacker could try as a signing key: whole files, lines, words, JSON strings. */
function candidateSecrets(dir: string): Set<string> {
  const out = new Set<string>();
  for (const file of filesUnder(dir)) {
    const text = readFileSync(file).toString('utf8');
    out.add(text).add(text.trim());
    for (const line of text.split(/\r?\n/)) out.add(line.trim());
    for (const word of text.split(/[^A-Za-z0-9+/=_-]+/)) if (word.length >= 32) out.add(word);
    for (const m of text.matchAll(/"([^"\\]{16,})"/g)) out.add(m[1]!);
  }
  out.delete('');
  return out;
}

beforeAll(async () => {
  ({ admin } = await createOffice(server, ['Ben']));
});

describe('a copy of the data folder', () => {
  it('holds no key: the key file lies outside DATA_DIR and a token forged with anything found inside is refused', async () => {
    const { dataDir, keyFile } = server.config;
    expect(keyFile).toBeDefined();
    expect(path.relative(dataDir, keyFile!).startsWith('..')).toBe(true);
    expect(JSON.parse(readFileSync(keyFile!, 'utf8')).jwtSecret).toBe(server.config.jwtSecret);

    const { staff, token } = await createStaffWithToken(server, { name: 'Forge Target', email: 'target@example.com' });
    expect((await server.api('GET', '/api/admin/leads', { token })).status).toBe(200);
    const secrets = [...candidateSecrets(dataDir)];
    expect(secrets.length).toBeGreaterThan(0);
    // Every candidate, down to each word of the SQLite files, differs from the signing key...
    for (const secret of secrets) expect(secret.includes(server.config.jwtSecret)).toBe(false);
    // ...and the server refuses tokens signed with them (the first hundred, over HTTP).
    for (const secret of secrets.slice(0, 100)) {
      const forged = jwt.sign({ ver: staff.tokenVersion }, secret, {
        subject: staff.id,
        expiresIn: 3600,
        jwtid: 'forged',
        algorithm: 'HS256',
      });
      expect((await server.api('GET', '/api/admin/leads', { token: forged })).status).toBe(401);
    }
  });

  it('never shows a planted medical phrase, while the console shows it to staff', async () => {
    const created = await server.api('POST', '/api/admin/customers', {
      token: admin,
      body: {
        name: 'Planted Phrase',
        email: 'planted@example.com',
        phone: '(303) 555-4242',
        age: 52,
        insuranceProvider: 'Aetna',
        medicalHistory: PHRASE,
        medications: `${PHRASE} (meds)`,
        preferredDoctor: `Dr ${PHRASE}`,
        notes: `Notes: ${PHRASE}`,
      },
    });
    expect(created.status).toBe(201);
    const customerId = created.body.customerId as string;

    const detail = await trpcClient(server.url, admin).customers.get.query({ customerId });
    expect(detail).toMatchObject({
      medicalHistory: PHRASE,
      medications: `${PHRASE} (meds)`,
      preferredDoctor: `Dr ${PHRASE}`,
      notes: `Notes: ${PHRASE}`,
    });
    const list = await server.api('GET', '/api/admin/customers', { token: admin });
    expect(list.body.find((c: { customerId: string }) => c.customerId === customerId)).not.toHaveProperty('notes');

    const stored = await mongoose.connection.collection('customers').findOne({ _id: new mongoose.Types.ObjectId(customerId) });
    for (const f of ['medicalHistory', 'medications', 'preferredDoctor', 'notes']) expect(stored![f]).toMatch(/^enc:v1:[\w-]{8}:/);

    // The raw bytes of every file: the SQLite database, its WAL and shared memory, everything.
    const files = filesUnder(server.config.dataDir);
    expect(files.some((f) => /\.sqlite(-wal)?$|wal$/i.test(f) || f.includes(`${path.sep}db${path.sep}`))).toBe(true);
    for (const file of files) expect(readFileSync(file).includes(PHRASE), file).toBe(false);
  });
});

describe('values stored before encryption', () => {
  it('are encrypted at start, once, even by two servers at the same moment', async () => {
    const customers = mongoose.connection.collection('customers');
    const { insertedId } = await customers.insertOne({
      name: 'Old Record',
      email: 'old@example.com',
      phone: '+13035550100',
      medicalHistory: 'asthma since childhood',
      medications: '',
      notes: 'from before encryption',
      leadKey: 'manual:old-record',
    });
    const [a, b] = await Promise.all([walkSealedFields('plain'), walkSealedFields('plain')]);
    expect(a + b).toBe(2);
    expect(await walkSealedFields('plain')).toBe(0);
    const stored = (await customers.findOne({ _id: insertedId }))!;
    expect(isEncrypted(stored.medicalHistory)).toBe(true);
    expect(stored.medications).toBe('');
    expect(openText(stored.medicalHistory)).toBe('asthma since childhood');
    expect(openText(stored.notes)).toBe('from before encryption');
  });

  it('include the do-not-contact reasons and the reasons typed to read medical details', async () => {
    const db = mongoose.connection;
    await db.collection<SuppressionDoc>('suppressions').insertOne({
      _id: 'old:entry',
      kind: 'phone',
      active: false,
      at: new Date(),
      by: 'Ann',
      via: 'call',
      reason: 'kidney failure, hospice',
      lifted: { at: new Date(), by: 'Ann', reason: 'out of hospice now' },
    });
    const { insertedId: read } = await db
      .collection('auditentries')
      .insertOne({ action: 'CUSTOMER_MEDICAL_READ', detail: 'Reason: HIV follow-up' });
    const { insertedId: other } = await db.collection('auditentries').insertOne({ action: 'STAFF_ADDED', detail: 'added Ann' });
    expect(await walkSealedFields('plain')).toBe(3);
    expect(await walkSealedFields('plain')).toBe(0);
    const entry = (await db.collection<SuppressionDoc>('suppressions').findOne({ _id: 'old:entry' }))!;
    expect([entry.reason, entry.lifted!.reason].every(isEncrypted)).toBe(true);
    expect([openText(entry.reason), openText(entry.lifted!.reason)]).toEqual(['kidney failure, hospice', 'out of hospice now']);
    expect(openText((await db.collection('auditentries').findOne({ _id: read }))!.detail)).toBe('Reason: HIV follow-up');
    expect((await db.collection('auditentries').findOne({ _id: other }))!.detail).toBe('added Ann');
  });
});
