// Phones in one stored form: search ignores the US country code, and duplicates are found across the
// ways a number is typed, for leads stored before the change too (docs/product.md §5).
import { beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import { trpcClient } from '../helpers/trpc-client.ts';
import { readLead, findLeadRecords } from '../../models/leads/index.ts';
import { writeAroundLeadModel } from '../../models/leads/testing.ts';

const server = useTestServer({ TRUST_PROXY: '1' });
let admin: string;
beforeAll(async () => {
  ({ admin } = await createOffice(server, []));
});

let address = 10;
const submit = (name: string, email: string, phone: string) =>
  server.api('POST', '/api/referral', { body: { name, email, phone }, headers: { 'x-forwarded-for': `203.0.113.${address++}` } });

/** A lead written the way the old code stored it: the phone as typed, its digits as typed. */
async function legacyLead(name: string, phone: string) {
  const _id = new mongoose.Types.ObjectId();
  const now = new Date();
  await writeAroundLeadModel((Lead) =>
    Lead.collection.insertOne({
      _id,
      name,
      email: `${name.split(' ')[0].toLowerCase()}@example.com`,
      phone,
      phoneDigits: phone.replace(/\D/g, ''),
      notes: '',
      status: 'unclaimed',
      claimedBy: null,
      source: 'website',
      duplicateOf: null,
      createdAt: now,
      updatedAt: now,
    }),
  );
  return String(_id);
}

describe('phones across the ways they are typed', () => {
  let legacyCountryCode: string;

  beforeAll(async () => {
    expect((await submit('Stored Standard', 'standard@example.com', '303-555-7001')).status).toBe(201);
    await legacyLead('Legacy Typed', '(303) 555-7001');
    legacyCountryCode = await legacyLead('Legacy Prefixed', '1-303-555-7002');
    // The old code's duplicate key of that lead, still inside its 24-hour window.
    await mongoose.connection
      .collection<{ _id: string; leadId: mongoose.Types.ObjectId; at: Date }>('lead_keys')
      .insertOne({ _id: 'phone:13035557002', leadId: new mongoose.Types.ObjectId(legacyCountryCode), at: new Date() });
  });

  it.each(['+1 303 555 7001', '303 555 7001', '3035557001', '555-7001'])(
    'search %s finds the stored and the legacy lead',
    async (search) => {
      const page = await trpcClient(server.url, admin).leads.page.query({ tab: 'all', search });
      expect(page.leads.map((l) => [l.name, l.phone])).toEqual([
        ['Legacy Typed', '(303) 555-7001'],
        ['Stored Standard', '+13035557001'],
      ]);
    },
  );

  it('finds a legacy number stored with its country code by the number without it', async () => {
    const page = await trpcClient(server.url, admin).leads.page.query({ tab: 'all', search: '(303) 555-7002' });
    expect(page.leads.map((l) => l.name)).toEqual(['Legacy Prefixed']);
  });

  it('marks a repeat as a duplicate whichever way either number was typed', async () => {
    const first = await submit('Ann First', 'ann1@example.com', '+1 720 555 8000');
    const again = await submit('Ann Again', 'ann2@example.com', '720-555-8000');
    const prefixed = await submit('Ann Prefixed', 'ann3@example.com', '1 (720) 555-8000');
    const leads = await findLeadRecords({ _id: { $in: [first, again, prefixed].map((r) => r.body.leadId) } });
    const byName = new Map(leads.map((l) => [l.name, l]));
    expect(byName.get('Ann First')!.duplicateOf).toBeNull();
    expect(String(byName.get('Ann Again')!.duplicateOf)).toBe(first.body.leadId);
    expect(String(byName.get('Ann Prefixed')!.duplicateOf)).toBe(first.body.leadId);
    expect([...byName.values()].map((l) => l.phone)).toEqual(['+17205558000', '+17205558000', '+17205558000']);
  });

  it('marks a new lead as a duplicate of a legacy lead whose key kept the country code', async () => {
    const res = await submit('Repeat Caller', 'repeat@example.com', '303 555 7002');
    expect(res.status).toBe(201);
    const lead = await readLead(res.body.leadId);
    expect(String(lead!.duplicateOf)).toBe(legacyCountryCode);
  });
});
