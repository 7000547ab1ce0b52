// A person's data on request (README, "Contact rules"): found by email or phone, downloaded as one JSON file (audited as
// medical reads), erased so that no search, list, record, timeline, activity entry or CSV export shows
// their name, email, phone, notes or medical text, while the counts still equal a plain count, their
// do-not-contact entry still marks a new request, and the erasure is in the audit log. Admins only;
// hostile input is refused with 4xx JSON and changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import { outcome, trpcClient } from '../helpers/trpc-client.ts';
import { countLeads } from '../../models/leads/index.ts';
import { StaffModel } from '../../models/staff/accounts.ts';
import { openText } from '../../server/field-crypto.ts';

const server = useTestServer();
let admin: string;
let ben: string;
const asAdmin = () => trpcClient(server.url, admin);
const asBen = () => trpcClient(server.url, ben);

const PERSON = { name: 'Erin Erasable', email: 'erin.erasable@example.com', phone: '(720) 555-0199' };
const SECRETS = [
  'Erin',
  'Erasable',
  'erin.erasable',
  '555-0199',
  '5550199',
  'Metformin daily',
  'Type 2 diabetes',
  'Dr Quill',
  'likes mornings',
];
let leadId = '';
let customerId = '';

beforeAll(async () => {
  const office = await createOffice(server, ['Ben Carter']);
  admin = office.admin;
  ben = office.agents['Ben Carter']!;
  await StaffModel.updateOne({ email: 'office@example.com' }, { $set: { isAdmin: true } });

  const res = await server.api('POST', '/api/referral', { body: PERSON });
  expect(res.status).toBe(201);
  await server.api('POST', '/api/referral', { body: { name: 'Carl Control', email: 'carl@example.com', phone: '(720) 555-0123' } });
  leadId = (await asAdmin().leads.page.query({ search: 'erin' })).leads[0]!.leadId;
  await asAdmin().leads.claim.mutate({ leadId, claimedBy: 'Ben Carter' });
  await asBen().leads.logCall.mutate({ leadId, outcome: 'reached', note: 'Erin likes mornings' });
  await asBen().leads.update.mutate({ leadId, notes: 'Erin Erasable: Type 2 diabetes' });
  await asBen().leads.update.mutate({ leadId, status: 'closed' });
  customerId = (await asAdmin().leads.get.query({ leadId })).customerId!;
  await asAdmin().customers.update.mutate({
    customerId,
    medicalHistory: 'Type 2 diabetes',
    medications: 'Metformin daily',
    preferredDoctor: 'Dr Quill',
  });
  await asBen().privacy.doNotContact.mutate({ leadId, reason: 'Erin asked by phone' });
});

const text = async (path: string) => {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${admin}` } });
  expect(res.status).toBe(200);
  return res.text();
};
const audit = (action: string) => mongoose.connection.collection('auditentries').find({ action }).toArray();

describe('finding and downloading', () => {
  it('finds the leads, customers, activity and do-not-contact entries by email or phone, and downloads them audited', async () => {
    const byPhone = await asAdmin().privacy.find.query({ phone: '720.555.0199' });
    expect(byPhone.leads.map((l) => l.leadId)).toEqual([leadId]);
    expect(byPhone.customers.map((c) => c.customerId)).toEqual([customerId]);
    expect(byPhone.activityEntries).toBeGreaterThan(3);
    expect(byPhone.suppressions.filter((s) => s.active)).toHaveLength(2);
    expect((await asAdmin().privacy.find.query({ email: 'nobody@example.com' })).leads).toEqual([]);

    const file = await asAdmin().privacy.export.mutate({ email: PERSON.email });
    expect(file.leads[0]!.name).toBe(PERSON.name);
    expect(file.leads[0]!.notes).toBe('Erin Erasable: Type 2 diabetes');
    expect(JSON.stringify(file.leads[0]!.timeline)).toContain('Erin likes mornings');
    expect(file.customers[0]!.medications).toBe('Metformin daily');
    expect(file.activity.some((a) => a.action === 'DO_NOT_CONTACT_SET')).toBe(true);
    expect(file.doNotContact).toHaveLength(2);
    expect((await audit('PERSON_DATA_EXPORTED')).length).toBe(1);
    expect(
      (await audit('CUSTOMER_MEDICAL_READ')).some((e) => e.customerId === customerId && /Privacy request/.test(openText(e.detail))),
    ).toBe(true);
  });
});

describe('erasing', () => {
  it('is admins only, needs the typed confirmation, and refuses hostile input with 4xx JSON, changing nothing', async () => {
    expect((await outcome(asBen().privacy.find.query({ email: PERSON.email }))).status).toBe(403);
    expect((await outcome(asBen().privacy.erase.mutate({ person: { email: PERSON.email }, confirm: 'ERASE' }))).status).toBe(403);
    const bad: [string, unknown][] = [
      ['privacy.erase', { person: { email: PERSON.email }, confirm: 'erase' }],
      ['privacy.erase', { person: { email: PERSON.email } }],
      ['privacy.erase', { person: {}, confirm: 'ERASE' }],
      ['privacy.erase', { person: { email: { $ne: null } }, confirm: 'ERASE' }],
      ['privacy.erase', { person: { email: PERSON.email, extra: 1 }, confirm: 'ERASE' }],
      ['privacy.export', { phone: 'x'.repeat(10_000) }],
      ['privacy.export', { email: 'not-an-email' }],
      ['privacy.export', []],
    ];
    for (const [path, json] of bad) {
      const res = await fetch(`${server.url}/trpc/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify({ json }),
      });
      expect(res.status, `${path} ${JSON.stringify(json)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get('content-type')).toContain('application/json');
    }
    const find = await fetch(`${server.url}/trpc/privacy.find?input=${encodeURIComponent(JSON.stringify({ json: { email: 'x' } }))}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(find.status).toBe(400);
    expect((await asAdmin().leads.get.query({ leadId })).lead.name).toBe(PERSON.name);
    expect((await audit('PERSON_ERASED')).length).toBe(0);
  });

  it('leaves no trace of the person in search, lists, records, timelines, activity or CSV exports; counts stay right', async () => {
    const before = await asAdmin().leads.page.query({});
    const statsBefore = await asAdmin().leads.stats.query();

    const done = await asAdmin().privacy.erase.mutate({ person: { phone: PERSON.phone }, confirm: 'ERASE' });
    expect(done).toMatchObject({ leads: 1, customers: 1 });

    for (const search of ['erin', 'erasable', PERSON.email, '720 555 0199']) {
      expect((await asAdmin().leads.page.query({ search })).leads, search).toEqual([]);
    }
    const record = await asAdmin().leads.get.query({ leadId });
    const customer = await asAdmin().customers.get.query({ customerId });
    const shown = [
      JSON.stringify(await asAdmin().leads.page.query({})),
      JSON.stringify(record),
      JSON.stringify(await asAdmin().customers.list.query()),
      JSON.stringify(customer),
      JSON.stringify(await asAdmin().activity.list.query()),
      await text('/api/admin/leads'),
      await text('/api/admin/customers'),
      await text('/api/admin/customers/export'),
      await text('/api/admin/activity-logs/export'),
    ].join('\n');
    for (const s of SECRETS) expect(shown, s).not.toContain(s);
    expect(record.lead.status).toBe('closed');
    expect(record.timeline.some((e) => e.kind === 'call')).toBe(true);
    expect(customer.medicalHistory).toBe('');

    // The counts still equal the leads themselves, and nothing was lost from them.
    const after = await asAdmin().leads.page.query({});
    expect(after.counts).toEqual(before.counts);
    expect(after.total).toBe(await countLeads());
    const stats = await asAdmin().leads.stats.query();
    expect(stats.totalReferrals).toBe(statsBefore.totalReferrals);
    expect(stats.statusCounts).toEqual(statsBefore.statusCounts);

    // The do-not-contact entry stays, without its reason (free text that named her): a new request from the same phone is marked.
    await server.api('POST', '/api/referral', { body: { name: 'Back Again', email: 'back.again@example.com', phone: PERSON.phone } });
    const again = (await asAdmin().leads.page.query({ search: 'back again' })).leads[0]!;
    expect(again.doNotContact).toMatchObject({ by: 'Ben Carter', reason: '' });

    const erased = await audit('PERSON_ERASED');
    expect(erased).toHaveLength(1);
    expect(JSON.stringify(erased)).not.toContain('Erin');
    const requests = await asAdmin().privacy.requests.query();
    expect(requests.map((r) => r.kind)).toEqual(['erase', 'export']);
    expect(requests[0]!.keepUntil.getTime() - requests[0]!.at.getTime()).toBeGreaterThan(700 * 86_400_000);
  });
});
