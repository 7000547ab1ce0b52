// POST /api/referral: validation, storage as an unclaimed lead, duplicate marking, the honeypot
// and the per-address rate limit, against the real app and embedded database.
import { beforeAll, describe, expect, it } from 'vitest';
import { readLead, findLeadRecords, countLeads } from '../../models/leads/index.ts';
import { writeAroundLeadModel } from '../../models/leads/testing.ts';
import { REFERRAL_MAX } from '../../routers/site.ts';
import { useTestServer } from '../helpers/test-server.ts';

const server = useTestServer({ TRUST_PROXY: '1' });
beforeAll(async () => {
  // One proxy hop is trusted, so each test can speak from its own client address.
});

let addressCounter = 10;
/** A fresh client address per test, so one test's submissions never use up another's limit. */
const newAddress = () => `203.0.113.${addressCounter++}`;

const submit = (body: unknown, address: string) => server.api('POST', '/api/referral', { body, headers: { 'x-forwarded-for': address } });

describe('POST /api/referral', () => {
  it('stores a valid submission as an unclaimed lead and answers 201 with its id', async () => {
    const before = Date.now();
    const res = await submit({ name: '  Maria Lopez ', email: ' Maria.Lopez@Example.com ', phone: '(303) 555-0101' }, newAddress());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, leadId: expect.stringMatching(/^[0-9a-f]{24}$/) });

    const lead = await readLead(res.body.leadId);
    expect(lead).toMatchObject({
      name: 'Maria Lopez',
      email: 'maria.lopez@example.com',
      phone: '+13035550101',
      status: 'unclaimed',
      claimedBy: null,
      duplicateOf: null,
      source: 'website',
    });
    expect(lead!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('stores a US phone however it was typed in one form, E.164', async () => {
    const res = await submit({ name: 'Dot Typist', email: 'dot@example.com', phone: '303.555.7001' }, newAddress());
    expect(res.status).toBe(201);
    expect(await readLead(res.body.leadId)).toMatchObject({ phone: '+13035557001', phoneDigits: '3035557001' });
  });

  it.each([
    [{ email: 'a@example.com', phone: '3035550102' }, /^name: /],
    [{ name: '   ', email: 'a@example.com', phone: '3035550102' }, /^name: Name is required/],
    [{ name: 'N'.repeat(101), email: 'a@example.com', phone: '3035550102' }, /^name: /],
    [{ name: 'Ann', email: 'not-an-email', phone: '3035550102' }, /^email: Enter a valid email address/],
    [{ name: 'Ann', email: `${'a'.repeat(250)}@example.com`, phone: '3035550102' }, /^email: /],
    [{ name: 'Ann', email: 'ann@example.com', phone: '555-012' }, /^phone: Phone must have 7 to 15 digits/],
    [{ name: 'Ann', email: 'ann@example.com', phone: '1234567890123456' }, /^phone: Phone must have 7 to 15 digits/],
    [{ name: 'Ann', email: 'ann@example.com', phone: 'call me maybe' }, /^phone: /],
  ])('refuses %j with 400 naming the field, storing nothing', async (body, error) => {
    const count = await countLeads();
    const res = await submit(body, newAddress());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringMatching(error) });
    expect(await countLeads()).toBe(count);
  });

  it('keeps a repeat from the same email or phone within 24 hours, marked as a duplicate of the first', async () => {
    const first = await submit({ name: 'Tom Reed', email: 'tom.reed@example.com', phone: '720-555-0110' }, newAddress());
    const sameEmail = await submit({ name: 'Tommy Reed', email: 'TOM.REED@example.com', phone: '720-555-0999' }, newAddress());
    const samePhone = await submit({ name: 'T. Reed', email: 'treed@work.example', phone: '(720) 555 0110' }, newAddress());
    const other = await submit({ name: 'Una Park', email: 'una.park@example.com', phone: '720-555-0111' }, newAddress());
    for (const r of [first, sameEmail, samePhone, other]) expect(r.status).toBe(201);

    const ids = [first, sameEmail, samePhone, other].map((r) => r.body.leadId as string);
    expect(new Set(ids).size).toBe(4);
    const leads = await findLeadRecords({ _id: { $in: ids } });
    const byId = new Map(leads.map((l) => [String(l._id), l]));
    expect(byId.size).toBe(4);
    expect(byId.get(ids[0])!.duplicateOf).toBeNull();
    expect(String(byId.get(ids[1])!.duplicateOf)).toBe(ids[0]);
    expect(String(byId.get(ids[2])!.duplicateOf)).toBe(ids[0]);
    expect(byId.get(ids[3])!.duplicateOf).toBeNull();
    expect(byId.get(ids[1])!.status).toBe('unclaimed');
  });

  it('does not mark a repeat of a lead older than 24 hours', async () => {
    const old = await writeAroundLeadModel((Lead) =>
      Lead.create({
        name: 'Old Lead',
        email: 'old.lead@example.com',
        phone: '406-555-0120',
        phoneDigits: '4065550120',
        createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000),
      }),
    );
    expect(old.createdAt.getTime()).toBeLessThan(Date.now() - 24 * 60 * 60 * 1000);
    const res = await submit({ name: 'Old Lead', email: 'old.lead@example.com', phone: '406-555-0120' }, newAddress());
    expect(res.status).toBe(201);
    expect((await readLead(res.body.leadId))!.duplicateOf).toBeNull();
  });

  it('answers a filled honeypot like a person but stores nothing', async () => {
    const count = await countLeads();
    const res = await submit(
      { name: 'Bot', email: 'bot@spam.example', phone: '555-555-5555', website: 'http://spam.example' },
      newAddress(),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, leadId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(await countLeads()).toBe(count);
    expect(await readLead(res.body.leadId)).toBeNull();

    // An empty honeypot is what the real form sends: that is a person.
    const person = await submit(
      { name: 'Real Person', email: 'real.person@example.com', phone: '555-555-1234', website: '' },
      newAddress(),
    );
    expect(person.status).toBe(201);
    expect(await readLead(person.body.leadId)).not.toBeNull();
  });

  it(`allows ${REFERRAL_MAX} submissions per address per window, then answers 429 while other addresses go on`, async () => {
    const address = newAddress();
    for (let i = 0; i < REFERRAL_MAX; i++) {
      const res = await submit({ name: `Limit ${i}`, email: `limit${i}@example.com`, phone: `303555${String(1000 + i)}` }, address);
      expect(res.status).toBe(201);
    }
    const count = await countLeads();
    const blocked = await submit({ name: 'Limit X', email: 'limitx@example.com', phone: '3035559999' }, address);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ error: expect.stringMatching(/^Too many submissions\. Please try again in \d+ minutes?\.$/) });
    expect(blocked.headers.get('ratelimit')).toMatch(/r=0/);
    expect(await countLeads()).toBe(count);

    // Malformed submissions count too, and the limit is per address.
    const malformed = await submit({ name: '' }, address);
    expect(malformed.status).toBe(429);
    const elsewhere = await submit({ name: 'Limit Y', email: 'limity@example.com', phone: '3035559998' }, newAddress());
    expect(elsewhere.status).toBe(201);
  });
});
