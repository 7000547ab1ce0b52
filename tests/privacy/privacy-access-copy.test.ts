// A person's access copy: every record held about them (leads with timeline, calls, follow-ups, consent,
// do-not-contact entries, customer, policies, who read their medical details) in plain field names, and
// nothing internal (database ids, counters, lookup keys, hashes, version keys).
import { beforeAll, describe, expect, it } from 'vitest';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import { trpcClient } from '../helpers/trpc-client.ts';
import { StaffModel } from '../../models/staff/accounts.ts';

const server = useTestServer();
let admin: string;
let ben: string;
let customerId = '';
const PERSON = { name: 'Maya Copyfield', email: 'maya.copyfield@example.com', phone: '(303) 555-0161' };
const INTERNAL = ['_id', 'seq', '__v', 'phoneDigits', 'countMark', 'leadKey', 'duplicateOf', 'subject', 'kid', 'userId', 'actorId'];

/** Every key anywhere in a JSON value. */
function keysOf(v: unknown): string[] {
  if (Array.isArray(v)) return v.flatMap(keysOf);
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => [k, ...keysOf(x)]);
  return [];
}

beforeAll(async () => {
  const office = await createOffice(server, ['Ben']);
  admin = office.admin;
  ben = office.agents.Ben!;
  await StaffModel.updateOne({ email: 'office@example.com' }, { $set: { isAdmin: true } });
  await server.api('POST', '/api/referral', { body: { ...PERSON, consent: true, pageUrl: '/contact', formId: 'lead-form' } });
  const asBen = trpcClient(server.url, ben);
  const leadId = (await asBen.leads.page.query({ search: 'copyfield' })).leads[0]!.leadId;
  await asBen.leads.claim.mutate({ leadId, claimedBy: 'Ben' });
  const followUpAt = new Date(Date.now() + 2 * 86_400_000);
  await asBen.leads.logCall.mutate({ leadId, outcome: 'no-answer', note: 'Left a voicemail for Maya', followUpAt });
  customerId = (
    await asBen.customers.closeLead.mutate({
      leadId,
      customer: { ...PERSON, age: 64, insuranceProvider: 'Cigna', medicalHistory: 'Asthma', preferredDoctor: 'Dr Lind' },
    })
  ).customerId;
  const policy = { customerId, effectiveDate: '2026-03-01', premiumPeriod: 'monthly' } as const;
  await asBen.policies.add.mutate({
    ...policy,
    carrier: 'Cigna',
    line: 'medicare-advantage',
    policyNumber: 'MA-1001',
    premiumCents: 12_050,
  });
  await asBen.policies.add.mutate({
    ...policy,
    carrier: 'Delta Dental',
    line: 'dental-vision',
    policyNumber: 'DV-2002',
    premiumCents: 4_000,
  });
  await asBen.customers.get.query({ customerId });
  await asBen.privacy.doNotContact.mutate({ customerId, reason: 'Asked by email' });
});

describe('the access copy', () => {
  it('holds every record of the person in plain names, with no internal field', async () => {
    const copy = await trpcClient(server.url, admin).privacy.export.mutate({ email: PERSON.email });
    expect(copy.leads).toHaveLength(1);
    expect(copy.leads[0]).toMatchObject({ name: PERSON.name, email: PERSON.email, status: 'closed', agent: 'Ben', source: 'website' });
    expect(copy.leads[0]!.timeline.map((e) => e.what)).toEqual(expect.arrayContaining(['created', 'claimed', 'call']));
    expect(copy.calls).toEqual([expect.objectContaining({ by: 'Ben', outcome: 'no-answer', note: 'Left a voicemail for Maya' })]);
    expect(copy.followUps).toHaveLength(1);
    expect(copy.consent).toEqual([expect.objectContaining({ given: true, page: '/contact', form: 'lead-form' })]);
    expect(copy.consent[0]!.text.length).toBeGreaterThan(20);
    expect(copy.doNotContact.map((d) => [d.of, d.active, d.recordedBy, d.recordedFrom, d.reason]).sort()).toEqual([
      ['email', true, 'Ben', 'the customer card', 'Asked by email'],
      ['phone', true, 'Ben', 'the customer card', 'Asked by email'],
    ]);
    expect(copy.customers).toEqual([
      expect.objectContaining({ customerId, name: PERSON.name, age: 64, medicalHistory: 'Asthma', preferredDoctor: 'Dr Lind' }),
    ]);
    expect(copy.policies.map((p) => [p.carrier, p.line, p.policyNumber, p.premium, p.premiumPeriod])).toEqual([
      ['Cigna', 'Medicare Advantage', 'MA-1001', '120.50', 'monthly'],
      ['Delta Dental', 'Dental/vision', 'DV-2002', '40.00', 'monthly'],
    ]);
    expect(copy.medicalReads).toEqual([expect.objectContaining({ customerId, by: 'Ben', reason: null })]);
    expect(copy.activity.some((a) => a.action === 'DO_NOT_CONTACT_SET')).toBe(true);

    const keys = new Set(keysOf(copy));
    for (const k of INTERNAL) expect(keys.has(k), k).toBe(false);
    expect(JSON.stringify(copy)).not.toMatch(/enc:v1|[0-9a-f]{8}:[\w-]{43}/);
  });

  it('is for admins only, and a person with nothing held gets 404', async () => {
    const asBen = trpcClient(server.url, ben);
    await expect(asBen.privacy.export.mutate({ email: PERSON.email })).rejects.toMatchObject({ data: { httpStatus: 403 } });
    await expect(trpcClient(server.url, admin).privacy.export.mutate({ email: 'nobody@example.com' })).rejects.toMatchObject({
      data: { httpStatus: 404 },
    });
  });
});
