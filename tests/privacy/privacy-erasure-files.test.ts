// Reasons are health data, and an erasure leaves nothing in the files, as someone holding a copy of
// DATA_DIR or a backup would look: a do-not-contact reason (a call note copied into the entry) and the
// reason typed to open medical details are in no file under DATA_DIR (WAL included) nor in a backup, even
// decrypted; after an erasure a byte search of the database files and of a backup finds none of the
// person's name, email, phone, birth date, policy numbers or free texts, while the consent proof stays
// and a new form from the same phone is still flagged do-not-contact.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { createOfficeWithAdmin, useTestServer } from '../helpers/test-server.ts';
import { trpcClient } from '../helpers/trpc-client.ts';
import { backupBytes, dataFiles, foundIn } from '../helpers/data-files.ts';

const server = useTestServer();
const work = mkdtempSync(path.join(tmpdir(), 'erasure-files-'));
let admin: string;
let ben: string;
let stef: string;
let leadId = '';
let customerId = '';
const asAdmin = () => trpcClient(server.url, admin);

const PERSON = { name: 'Dorothea Quimbyfield', email: 'dorothea.quimbyfield@example.com', phone: '(720) 555-0148' };
const CALL_NOTE = 'Said she is on DIALYSISWEEKLY and wants no calls';
const READ_REASON = 'Checking KIDNEYTRANSPLANTLIST eligibility';
const PERSONAL = [
  'Dorothea',
  'Quimbyfield',
  'dorothea.quimbyfield',
  '7205550148',
  '555-0148',
  '1958-03-14',
  'PN-77812345',
  'PN-99000111',
  'Quimbyfield Gold Plan',
  'DIALYSISWEEKLY',
  'KIDNEYTRANSPLANTLIST',
  'Lisinopril twenty',
  'Chronic kidney disease',
  'Dr Okonkwo-Marsh',
  'prefers mornings after 9',
  'Was with Blue Shield via employer',
  'wants low copays for nephrology',
];

/** Every file under DATA_DIR and a fresh backup (as written and decrypted): what a copy of either shows. */
async function everything(label: string) {
  const backup = await backupBytes(path.join(work, `${label}.ndjson.gz.enc`));
  return [...dataFiles(server.config.dataDir), { name: 'backup', bytes: backup.raw }, { name: 'backup (decrypted)', bytes: backup.plain }];
}

beforeAll(async () => {
  ({ admin, ben, stef } = await createOfficeWithAdmin(server));
  expect(
    (await server.api('POST', '/api/referral', { body: { ...PERSON, consent: true, pageUrl: '/', formId: 'lead-form' } })).status,
  ).toBe(201);
  leadId = (await asAdmin().leads.page.query({ search: 'quimbyfield' })).leads[0]!.leadId;
  const asBen = trpcClient(server.url, ben);
  await asBen.leads.claim.mutate({ leadId, claimedBy: 'Ben' });
  await asBen.leads.update.mutate({ leadId, notes: 'Dorothea prefers mornings after 9' });
  // A call whose outcome is the request: its note becomes the do-not-contact entry's reason.
  await asBen.leads.logCall.mutate({ leadId, outcome: 'do-not-contact', note: CALL_NOTE });
  const closed = await asBen.customers.closeLead.mutate({
    leadId,
    customer: {
      ...PERSON,
      age: 67,
      insuranceProvider: 'Aetna',
      medicalHistory: 'Chronic kidney disease',
      medications: 'Lisinopril twenty',
      preferredDoctor: 'Dr Okonkwo-Marsh',
      currentInsurance: 'Was with Blue Shield via employer',
      desiredCoverage: 'wants low copays for nephrology',
    },
  });
  customerId = closed.customerId;
  await asBen.customers.update.mutate({ customerId, birthDate: '1958-03-14' });
  const policy = { customerId, line: 'medicare-supplement', effectiveDate: '2026-02-17', premiumPeriod: 'monthly' } as const;
  await asBen.policies.add.mutate({
    ...policy,
    carrier: 'Humana',
    policyNumber: 'PN-77812345',
    planName: 'Quimbyfield Gold Plan',
    premiumCents: 18_255,
  });
  await asBen.policies.add.mutate({ ...policy, carrier: 'Aetna', line: 'part-d', policyNumber: 'PN-99000111', premiumCents: 3_120 });
  await asAdmin().office.updateSettings.mutate({ medicalAccess: 'own-agent-and-admins' });
  await trpcClient(server.url, stef).customers.get.query({ customerId, reason: READ_REASON });
});

describe('reasons at rest', () => {
  it('keeps the do-not-contact and medical-read reasons out of every file and backup, while the console shows them', async () => {
    const record = await asAdmin().leads.get.query({ leadId });
    expect(record.lead.doNotContact?.reason).toBe(CALL_NOTE);
    const audit = await asAdmin().audit.list.query({});
    expect(audit.entries.some((e) => e.detail === `Reason: ${READ_REASON}`)).toBe(true);
    const files = await everything('reasons');
    expect(files.some((f) => /wal$/i.test(f.name))).toBe(true);
    expect(foundIn(files, ['DIALYSISWEEKLY', 'KIDNEYTRANSPLANTLIST'])).toEqual([]);
    // The check itself finds what is there in clear.
    expect(foundIn(files, ['Quimbyfield']).length).toBeGreaterThan(0);
  });
});

describe('an erasure', () => {
  it('leaves none of the person in the database files or a backup; consent proof and suppression stay', async () => {
    // The person's records in the main database file too, not only in its log (a checkpoint first).
    await mongoose.connection.db!.command({ compact: 'leads' });
    const main = dataFiles(server.config.dataDir).filter((f) => f.name.endsWith('.sqlite'));
    expect(foundIn(main, ['Quimbyfield']).length).toBe(1);

    const done = await asAdmin().privacy.erase.mutate({ person: { phone: PERSON.phone }, confirm: 'ERASE' });
    expect(done).toMatchObject({ leads: 1, customers: 1, policies: 2, freedPagesOverwritten: true });
    expect(done.kept.map((k) => k.what).join(' ')).toMatch(/do-not-contact/i);
    expect(done.kept.every((k) => k.why.length > 20)).toBe(true);

    const files = await everything('erased');
    expect(foundIn(files, PERSONAL)).toEqual([]);

    // The policies keep what the books need, de-identified.
    const policies = await asAdmin().policies.list.query({ customerId });
    expect(policies.map((p) => [p.carrier, p.policyNumber, p.planName, p.effectiveDate, p.premiumCents]).sort()).toEqual([
      ['Aetna', '', '', '2026-02-01', 3_000],
      ['Humana', '', '', '2026-02-01', 18_000],
    ]);
    // The consent proof stays with the lead.
    const record = await asAdmin().leads.get.query({ leadId });
    expect(record.consentRecord).toMatchObject({ given: true, formId: 'lead-form' });
    expect(record.lead.name).toBe('Erased person');

    // The audit entries stay, without her name or the reason typed to read her details.
    const reads = (await asAdmin().audit.list.query({})).entries.filter((e) => e.action === 'CUSTOMER_MEDICAL_READ');
    expect(reads.map((e) => [e.actor.name, e.customerId, e.customerName, e.detail])).toEqual([
      ['Stef', customerId, 'Erased person', 'Reason removed with the person'],
    ]);

    // A new form from the same phone is flagged do-not-contact.
    await server.api('POST', '/api/referral', { body: { name: 'New Caller', email: 'new.caller@example.com', phone: '720-555-0148' } });
    const again = (await asAdmin().leads.page.query({ search: 'new caller' })).leads[0]!;
    expect(again.doNotContact).toMatchObject({ by: 'Ben', reason: '' });
  });
});
