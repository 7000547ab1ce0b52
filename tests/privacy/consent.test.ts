// The consent box over HTTP (docs/api.md: POST /api/referral's optional `consent`): a lead keeps its
// consent record (version, exact text, time, address, browser, page, form) with or without the box,
// callers that never send it work unchanged, hostile values are refused with nothing stored, and the
// lead list carries the consent. Calls logged past the calling rules leave an activity entry.
import { describe, expect, it } from 'vitest';
import { useOfficeWithBen, useTestServer } from '../helpers/test-server.ts';
import { trpcClient } from '../helpers/trpc-client.ts';
import { countLeads } from '../../models/leads/index.ts';
import { ActivityModel } from '../../models/activity/log.ts';
import { CURRENT_CONSENT, consentText } from '../../schemas/consent.ts';
import { site } from '../../schemas/brokerage.ts';
import { callingCheck } from '../../schemas/calling-hours.ts';
import { phoneRegion } from '../../schemas/phone-region.ts';

const server = useTestServer({ TRUST_PROXY: '1' });
const office = useOfficeWithBen(server);

/** Each submission from its own address, so the per-address limit never answers for the body. */
let sent = 0;
function submit(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  sent++;
  return server.api('POST', '/api/referral', { body, headers: { 'x-forwarded-for': `198.51.100.${sent}`, ...headers } });
}
const person = (n: string) => ({ name: `Consent ${n}`, email: `consent.${n}@example.com`, phone: '(303) 555-0188' });
const record = (leadId: string) => trpcClient(server.url, office.admin).leads.get.query({ leadId });

describe('the consent record', () => {
  it('keeps the ticked box with its exact text, time, address, browser, page and form', async () => {
    const before = Date.now();
    const res = await submit(
      { ...person('yes'), consent: true, pageUrl: '/contact?from=ad', formId: 'lead-form' },
      { 'user-agent': 'ConsentTest/1.0' },
    );
    expect(res.status).toBe(201);
    const { consentRecord, lead } = await record(res.body.leadId);
    expect(consentRecord).toMatchObject({
      given: true,
      version: CURRENT_CONSENT.version,
      text: consentText(site.name),
      covers: ['calls', 'texts'],
      ip: `198.51.100.${sent}`,
      userAgent: 'ConsentTest/1.0',
      pageUrl: '/contact?from=ad',
      formId: 'lead-form',
    });
    expect(consentRecord!.text).toContain(`I agree that ${site.name} may call and text me`);
    expect(consentRecord!.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(consentRecord!.at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    // The list and the export carry the summary, never the address or browser.
    expect(lead.consent).toMatchObject({ given: true, version: CURRENT_CONSENT.version, formId: 'lead-form' });
    const list = await server.api('GET', '/api/admin/leads', { token: office.admin });
    const listed = (list.body as { leadId: string; consent: Record<string, unknown> }[]).find((l) => l.leadId === res.body.leadId);
    expect(listed?.consent).toMatchObject({ given: true, version: CURRENT_CONSENT.version, pageUrl: '/contact?from=ad' });
    expect(JSON.stringify(list.body)).not.toContain('ConsentTest/1.0');
  });

  it('records no consent when the box is left unticked or a caller never sends it', async () => {
    const unticked = await submit({ ...person('no'), consent: false, pageUrl: '/', formId: 'lead-form' });
    expect(unticked.status).toBe(201);
    expect((await record(unticked.body.leadId)).consentRecord).toMatchObject({ given: false, pageUrl: '/', formId: 'lead-form' });

    const legacy = await submit(person('legacy'));
    expect(legacy.status).toBe(201);
    expect(legacy.body).toEqual({ success: true, leadId: expect.any(String) });
    expect((await record(legacy.body.leadId)).consentRecord).toMatchObject({ given: false, pageUrl: null, formId: null });
  });

  it('keeps no consent record for a lead staff added', async () => {
    const created = await trpcClient(server.url, office.admin).leads.create.mutate(person('staff'));
    const { consentRecord, lead } = await record(created.leadId);
    expect(consentRecord).toBeNull();
    expect(lead.consent).toBeNull();
  });

  it('refuses hostile consent, page and form values with a 400 and stores nothing', async () => {
    const hostile: Record<string, unknown>[] = [
      { consent: 'true' },
      { consent: 1 },
      { consent: null },
      { consent: { $ne: false } },
      { consent: [true] },
      { pageUrl: 'https://evil.example/contact' },
      { pageUrl: '//evil.example/contact' },
      { pageUrl: '/\\evil.example/contact' },
      { pageUrl: 'javascript:alert(1)' },
      { pageUrl: '/contact\nSet-Cookie: x' },
      { pageUrl: `/${'a'.repeat(600)}` },
      { pageUrl: 42 },
      { formId: 'other-form' },
      { formId: { $gt: '' } },
    ];
    const count = await countLeads();
    for (const extra of hostile) {
      const res = await submit({ ...person('hostile'), ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(typeof res.body.error).toBe('string');
    }
    expect(await countLeads()).toBe(count);
  });
});

describe('calls past the calling rules', () => {
  it('logs an override entry when a Florida lead gets a fourth call in 24 hours or is called outside its hours', async () => {
    const phone = '(305) 555-0177';
    const res = await submit({ name: 'Florida Caller', email: 'florida.caller@example.com', phone });
    const leadId = res.body.leadId as string;
    await trpcClient(server.url, office.admin).leads.claim.mutate({ leadId, claimedBy: 'Ben Carter' });
    const inHours = callingCheck(phoneRegion(phone), new Date()).inHours;
    for (let i = 0; i < 4; i++) await trpcClient(server.url, office.ben).leads.logCall.mutate({ leadId, outcome: 'no-answer' });
    const entries = await ActivityModel.find({ 'details.leadId': leadId, action: /^CALL_/ }).lean();
    if (inHours) {
      expect(entries.map((e) => e.action)).toEqual(['CALL_OVER_DAILY_CAP']);
      expect(entries[0]!.details?.reason).toMatch(/called 3 times in the last 24 hours/);
    } else {
      expect(entries.map((e) => e.action).sort()).toEqual([...Array(4).fill('CALL_OUTSIDE_HOURS'), 'CALL_OVER_DAILY_CAP']);
      expect(entries.find((e) => e.action === 'CALL_OUTSIDE_HOURS')!.details?.reason).toMatch(
        /for this lead \(Florida\): calling hours are 8 AM–8 PM/,
      );
    }
    expect((await record(leadId)).lead.recentCalls).toHaveLength(4);

    // Dialling from the call link past its warning is noted too; a Colorado lead at a good time is not.
    const before = await ActivityModel.countDocuments({ 'details.leadId': leadId, action: /^CALL_/ });
    const dialled = await trpcClient(server.url, office.ben).leads.noteCallPastWarning.mutate({ leadId });
    expect(dialled.noted).toBe(true); // over the cap whatever the hour
    expect(await ActivityModel.countDocuments({ 'details.leadId': leadId, action: /^CALL_/ })).toBeGreaterThan(before);
  });
});
