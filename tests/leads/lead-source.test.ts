// Where leads come from (docs/product.md §3): POST /api/referral with and without the visit's attribution, hostile
// attributions refused with nothing stored, and the dashboard's conversion table (and its CSV) against a
// plain count over the stored leads of the period.
import { beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { countLeads, findLeadRecords } from '../../models/leads/index.ts';
import { conversionWithPremium } from '../../models/flows/index.ts';
import { writeAroundLeadModel } from '../../models/leads/testing.ts';
import { leadSourceOf } from '../../schemas/first-touch.ts';
import { NOT_CLAIMED } from '../../schemas/lead-conversion.ts';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import { trpcClient } from '../helpers/trpc-client.ts';

const server = useTestServer({ TRUST_PROXY: '1' });
let admin: string;
let agents: Record<string, string>;
beforeAll(async () => {
  ({ admin, agents } = await createOffice(server, ['Ben', 'Stef']));
});

let address = 10;
let phone = 4000;
/** A submission from a fresh client address (the per-address limit stays out of the way). */
function submit(attribution?: unknown, extra: Record<string, unknown> = {}) {
  const n = phone++;
  const body = { name: `Source ${n}`, email: `source${n}@example.com`, phone: `(303) 555-${n}`, ...extra };
  return server.api('POST', '/api/referral', {
    body: attribution === undefined ? body : { ...body, attribution },
    headers: { 'x-forwarded-for': `198.51.100.${address++}` },
  });
}
const record = (leadId: string) => trpcClient(server.url, admin).leads.get.query({ leadId });

describe('POST /api/referral and the first touch', () => {
  it('works unchanged without an attribution: the lead counts as direct', async () => {
    const res = await submit();
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, leadId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    const view = await record(res.body.leadId);
    expect(view.firstTouch).toBeNull();
    expect(view.sourceLabel).toBe('direct');
    expect(view.lead.source).toBe('website');
  });

  it('keeps the landing page, the referring host and the utm values on the lead record', async () => {
    const res = await submit({
      landingPage: '/about',
      referrer: 'https://www.facebook.com/groups/x?fbclid=abc',
      utmSource: 'Newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring-2026',
    });
    expect(res.status).toBe(201);
    const view = await record(res.body.leadId);
    expect(view.firstTouch).toEqual({
      landingPage: '/about',
      referrerHost: 'facebook.com',
      utmSource: 'Newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring-2026',
    });
    expect(view.sourceLabel).toBe('newsletter');
  });

  it('counts a referrer under its host, and the site itself as no referrer', async () => {
    const outside = await submit({ landingPage: '/', referrer: 'https://duckduckgo.com/' });
    expect((await record(outside.body.leadId)).sourceLabel).toBe('duckduckgo.com');
    const own = await submit({ landingPage: '/contact', referrer: `${server.url}/about` });
    const view = await record(own.body.leadId);
    expect(view.firstTouch?.referrerHost).toBeNull();
    expect(view.sourceLabel).toBe('direct');
  });

  it.each([
    ['a huge utm_source', { utmSource: 'x'.repeat(100_000) }],
    ['a huge referrer', { referrer: `https://a.example/${'p'.repeat(5000)}` }],
    ['a javascript: referrer', { referrer: 'javascript:alert(document.cookie)' }],
    ['a javascript: landing page', { landingPage: 'javascript:alert(1)' }],
    ['another host as landing page', { landingPage: '//evil.example/x' }],
    ['a number for utm_source', { utmSource: 12 }],
    ['an object for the referrer', { referrer: { href: 'https://a.example' } }],
    ['a string for the attribution', 'utm_source=newsletter'],
    ['a list for the attribution', [{ utmSource: 'newsletter' }]],
  ])('refuses %s with 400 JSON and stores nothing', async (_what, attribution) => {
    const before = await countLeads();
    const res = await submit(attribution);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringMatching(/^attribution/) });
    expect(await countLeads()).toBe(before);
  });
});

describe('the conversion table', () => {
  /** Moves a lead's arrival `days` back (the period then leaves it out or keeps it). */
  const arrivedDaysAgo = (leadId: string, days: number) =>
    writeAroundLeadModel((Lead) =>
      Lead.collection.updateOne(
        { _id: new mongoose.Types.ObjectId(leadId) },
        { $set: { createdAt: new Date(Date.now() - days * 86_400_000) } },
      ),
    );

  it('counts leads, closed deals, conversion and first-call times by source and agent as a plain count does', async () => {
    const ids: string[] = [];
    for (const source of ['bulletin', 'bulletin', 'fb-ads', 'bulletin', 'fb-ads']) {
      const res = await submit({ landingPage: '/', utmSource: source });
      expect(res.status).toBe(201);
      ids.push(res.body.leadId);
    }
    const byReferrer = await submit({ landingPage: '/', referrer: 'https://google.com/' });
    ids.push(byReferrer.body.leadId);
    await arrivedDaysAgo(ids[4], 40); // outside the last 30 days
    const call = (agent: string, leadId: string) =>
      trpcClient(server.url, agents[agent]).leads.logCall.mutate({ leadId, outcome: 'reached', note: '' });
    const claim = (agent: string, leadId: string) =>
      server.api('PUT', `/api/admin/leads/${leadId}/claim`, { token: admin, body: { claimedBy: agent } });
    const close = (leadId: string) => server.api('PUT', `/api/admin/leads/${leadId}`, { token: admin, body: { status: 'closed' } });
    for (const [agent, id] of [
      ['Ben', ids[0]],
      ['Ben', ids[2]],
      ['Stef', ids[1]],
      ['Stef', ids[4]],
    ] as const) {
      expect((await claim(agent, id)).status).toBe(200);
      await call(agent, id);
    }
    expect((await close(ids[0])).status).toBe(200);
    expect((await close(ids[2])).status).toBe(200);
    expect((await close(ids[4])).status).toBe(200);

    const table = await trpcClient(server.url, admin).leads.conversion.query({ period: '30d' });

    // The same figures from the stored leads themselves.
    const stored = (await findLeadRecords()).filter((l) => l.createdAt >= table.start && l.createdAt < table.end);
    const plain = (key: (l: (typeof stored)[number]) => string) => {
      const rows = new Map<string, { leads: number; closed: number }>();
      for (const l of stored) {
        const row = rows.get(key(l)) ?? rows.set(key(l), { leads: 0, closed: 0 }).get(key(l))!;
        row.leads++;
        if (l.status === 'closed') row.closed++;
      }
      return Object.fromEntries(rows);
    };
    const figures = (rows: { label: string; leads: number; closed: number }[]) =>
      Object.fromEntries(rows.filter((r) => r.leads > 0).map((r) => [r.label, { leads: r.leads, closed: r.closed }]));
    expect(figures(table.bySource)).toEqual(plain((l) => leadSourceOf(l.firstTouch, l.source as 'website' | 'admin')));
    expect(figures(table.byAgent)).toEqual(plain((l) => l.claimedBy ?? NOT_CLAIMED));
    expect(table.total).toMatchObject({ leads: stored.length, closed: stored.filter((l) => l.status === 'closed').length });

    // Of this test's leads: bulletin 3, one closed; fb-ads 1 closed in the period (the other arrived 40 days ago).
    const sources = Object.fromEntries(table.bySource.map((r) => [r.label, r]));
    expect(sources.bulletin).toMatchObject({ leads: 3, closed: 1, conversionRate: 33.3, premiumWrittenCents: null });
    expect(sources['fb-ads']).toMatchObject({ leads: 1, closed: 1, conversionRate: 100 });
    expect(sources['google.com']).toMatchObject({ leads: 1, closed: 0, conversionRate: 0 });
    const byAgent = Object.fromEntries(table.byAgent.map((r) => [r.label, r]));
    expect(byAgent.Ben).toMatchObject({ leads: 2, closed: 2, conversionRate: 100 });
    expect(byAgent.Stef).toMatchObject({ leads: 1, closed: 0 });
    // Each was called within the minute after it arrived.
    expect(byAgent.Ben.medianFirstCallMinutes).toBe(0);
  });

  it('downloads the same table as CSV, and refuses an unknown period or no sign-in', async () => {
    const res = await fetch(`${server.url}/api/admin/stats/conversion.csv?period=30d`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="conversion-30d.csv"');
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe('Group,Name,Leads,Closed deals,Conversion %,Premium written,Median minutes to first call');
    expect(lines).toContain('Source,bulletin,3,1,33.3,,');
    expect(lines.some((l) => l.startsWith('Agent,Ben,2,2,100.0,,'))).toBe(true);

    const bad = await server.api('GET', '/api/admin/stats/conversion.csv?period=forever', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: expect.stringMatching(/period/) });
    expect((await server.api('GET', '/api/admin/stats/conversion.csv?period=30d')).status).toBe(401);
  });

  it('stops reading, without a table, for a caller that has gone, and answers the same table otherwise', async () => {
    const gone = new AbortController();
    gone.abort();
    await expect(conversionWithPremium('30d', 'America/Denver', { signal: gone.signal })).rejects.toMatchObject({ name: 'AbortError' });
    const table = await conversionWithPremium('30d', 'America/Denver', { signal: new AbortController().signal });
    expect(table.bySource.find((r) => r.label === 'bulletin')).toMatchObject({ leads: 3, closed: 1 });
  });
});
