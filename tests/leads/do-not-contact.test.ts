// "Asked not to be contacted" (README, "Contact rules"): a suppressed person gets no Slack or email notice or
// reminder (local stand-ins), leaves My work, needs a confirmation before a call is logged, is marked on
// every lead with their phone or email (a new request shows both dates), is stored only hashed, and is
// lifted only by an admin with a reason; hostile input is refused with 4xx JSON and stores nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import mongoose from 'mongoose';
import { loadConfig } from '../../server/config.ts';
import { createApp } from '../../web/app.ts';
import { startNotifier } from '../../notify/worker.ts';
import { StaffModel, hashPassword } from '../../models/staff/accounts.ts';
import { createLead } from '../../models/leads/index.ts';
import { ActivityModel } from '../../models/activity/log.ts';
import { OutboxDoneModel, OutboxModel } from '../../models/outbox/queue.ts';
import { signStaffToken } from '../../server/tokens.ts';
import { startTestDatabase, type TestDatabase } from '../helpers/test-db.ts';
import { startSlackStandIn, startSmtpServer, type SlackStandIn, type SmtpStandIn } from '../helpers/notify-peers.ts';
import { outcome, trpcClient } from '../helpers/trpc-client.ts';

const JWT_SECRET = 'test-secret-test-secret-test-secret-0123';
let db: TestDatabase;
let slack: SlackStandIn;
let smtp: SmtpStandIn;
let url: string;
let server: Server;
let close: () => Promise<void>;
let runOnce: () => Promise<number>;
let clock = new Date();
const tokens: Record<'admin' | 'ben', string> = { admin: '', ben: '' };

beforeAll(async () => {
  db = await startTestDatabase();
  slack = await startSlackStandIn();
  smtp = await startSmtpServer();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: db.dataDir,
    JWT_SECRET,
    KEY_FILE: `${db.dataDir}.keys.json`,
    PUBLIC_URL: 'https://brokerage.example',
    SLACK_WEBHOOK_URL: `${slack.url}/webhook`,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Summit Leads <leads@brokerage.example>',
    LEADS_NOTIFY_EMAIL: 'team@brokerage.example',
  });
  const app = await createApp(config, { ssr: false });
  const notifier = startNotifier(config, { pollMs: 0, now: () => clock, retryBaseMs: 100, retryMaxMs: 400 });
  close = async () => {
    await notifier.stop();
    await app.close();
  };
  runOnce = () => notifier.runOnce();
  server = await new Promise((resolve) => {
    const s = app.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const passwordHash = await hashPassword('correct-horse-battery');
  const [admin, ben] = await StaffModel.create([
    { name: 'Office Admin', email: 'admin@example.com', passwordHash, isAdmin: true },
    { name: 'Ben Carter', email: 'ben@example.com', passwordHash, isAgent: true },
  ]);
  tokens.admin = signStaffToken({ id: admin!.id, tokenVersion: admin!.tokenVersion }, JWT_SECRET);
  tokens.ben = signStaffToken({ id: ben!.id, tokenVersion: ben!.tokenVersion }, JWT_SECRET);
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await close?.();
  await slack?.close();
  await smtp?.close();
  await db?.stop();
});

const asAdmin = () => trpcClient(url, tokens.admin);
const asBen = () => trpcClient(url, tokens.ben);
const suppressionDocs = () => mongoose.connection.collection('suppressions').find().toArray();

let made = 0;
async function newLead(source: 'website' | 'admin' = 'website') {
  made++;
  const lead = await createLead({
    name: `Person ${made} Quiet`,
    email: `person${made}@example.com`,
    phone: `(720) 555-${6000 + made}`,
    source,
  });
  return { leadId: lead.id as string, email: lead.email, phone: lead.phone, name: lead.name, createdAt: lead.createdAt };
}

describe('notices', () => {
  it('sends no Slack or email notice or reminder about a suppressed person, and records why each was skipped', async () => {
    await OutboxModel.deleteMany({});
    slack.received.length = 0;
    smtp.mails.length = 0;
    clock = new Date();
    const quiet = await newLead();
    const control = await newLead();
    await asBen().privacy.doNotContact.mutate({ leadId: quiet.leadId, reason: 'Said stop calling' });

    clock = new Date(Date.now() + 1000);
    await runOnce();
    const texts = () => JSON.stringify(slack.received) + smtp.mails.map((m) => m.raw).join('\n');
    expect(texts()).toContain(control.name); // the control lead's notices went out
    expect(texts()).not.toContain(quiet.name);
    expect(smtp.mails.some((m) => m.to.includes(quiet.email))).toBe(false);

    clock = new Date(quiet.createdAt.getTime() + 20 * 3600_000 + 1000);
    slack.received.length = 0;
    smtp.mails.length = 0;
    await runOnce();
    expect(texts()).toContain(`Reminder: ${control.name}`);
    expect(texts()).not.toContain(quiet.name);

    const done = await OutboxDoneModel.find({ _id: { $regex: `^${quiet.leadId}:` } }).lean();
    expect(done.map((d) => d._id).sort()).toEqual(
      [
        `${quiet.leadId}:new:slack`,
        `${quiet.leadId}:new:team-email`,
        `${quiet.leadId}:new:visitor-email`,
        `${quiet.leadId}:reminder:slack`,
        `${quiet.leadId}:reminder:team-email`,
      ].sort(),
    );
    expect(done.every((d) => d.result === 'skipped' && d.reason === 'do-not-contact')).toBe(true);
    expect(await OutboxModel.countDocuments({ leadId: quiet.leadId })).toBe(0);
  });
});

describe('marking and lifting', () => {
  it('marks every lead with the phone or email, shows a new request with both dates, and keeps neither in clear', async () => {
    const first = await newLead('admin');
    const marked = await asBen().privacy.doNotContact.mutate({ leadId: first.leadId, reason: 'Asked by email' });
    expect(marked.by).toBe('Ben Carter');

    // A new form submission from the same phone, another address: stored, and shown as marked.
    const res = await fetch(`${url}/api/referral`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Person Again', email: 'other.address@example.com', phone: first.phone }),
    });
    expect(res.status).toBe(201);
    const page = await asAdmin().leads.page.query({ search: 'person again' });
    expect(page.leads).toHaveLength(1);
    const again = page.leads[0]!;
    expect(again.doNotContact?.since.getTime()).toBe(marked.since.getTime());
    expect(again.createdAt.getTime()).toBeGreaterThan(marked.since.getTime());
    const rec = await asAdmin().leads.get.query({ leadId: again.leadId });
    expect(rec.lead.doNotContact?.reason).toBe('Asked by email');

    const stored = JSON.stringify(await suppressionDocs());
    expect(stored).not.toContain(first.email);
    expect(stored).not.toContain(first.phone.replace(/\D/g, '').slice(-10));
    expect(stored).not.toContain('Quiet');
    expect(await ActivityModel.countDocuments({ action: 'DO_NOT_CONTACT_SET', 'details.leadId': first.leadId })).toBe(1);
  });

  it('is lifted only by an admin with a reason', async () => {
    const p = await newLead('admin');
    await asBen().privacy.doNotContact.mutate({ leadId: p.leadId });
    const byAgent = await outcome(asBen().privacy.liftDoNotContact.mutate({ leadId: p.leadId, reason: 'Called us back' }));
    expect(byAgent.status).toBe(403);
    const noReason = await outcome(asAdmin().privacy.liftDoNotContact.mutate({ leadId: p.leadId, reason: ' ' }));
    expect(noReason.status).toBe(400);
    expect((await asAdmin().leads.get.query({ leadId: p.leadId })).lead.doNotContact).not.toBeNull();

    expect(await asAdmin().privacy.liftDoNotContact.mutate({ leadId: p.leadId, reason: 'Called us back' })).toEqual({ lifted: 2 });
    expect((await asAdmin().leads.get.query({ leadId: p.leadId })).lead.doNotContact).toBeNull();
    expect(await ActivityModel.countDocuments({ action: 'DO_NOT_CONTACT_LIFTED', 'details.leadId': p.leadId })).toBe(1);
    const again = await outcome(asAdmin().privacy.liftDoNotContact.mutate({ leadId: p.leadId, reason: 'Twice' }));
    expect(again.status).toBe(409);
  });

  it('marks the person from a customer card and from the call outcome', async () => {
    const p = await newLead('admin');
    await asAdmin().leads.claim.mutate({ leadId: p.leadId, claimedBy: 'Ben Carter' });
    await asBen().leads.logCall.mutate({ leadId: p.leadId, outcome: 'do-not-contact', note: 'Please remove me' });
    const rec = await asAdmin().leads.get.query({ leadId: p.leadId });
    expect(rec.lead.lastCall?.outcome).toBe('do-not-contact');
    expect(rec.lead.doNotContact?.reason).toBe('Please remove me');

    const q = await newLead('admin');
    await asAdmin().leads.claim.mutate({ leadId: q.leadId, claimedBy: 'Ben Carter' });
    await asAdmin().leads.update.mutate({ leadId: q.leadId, status: 'closed' });
    const customerId = (await asAdmin().leads.get.query({ leadId: q.leadId })).customerId!;
    await asBen().privacy.doNotContact.mutate({ customerId, reason: 'On the phone' });
    expect((await asAdmin().leads.get.query({ leadId: q.leadId })).lead.doNotContact?.reason).toBe('On the phone');
  });
});

describe('calls and My work', () => {
  it('takes a suppressed lead out of My work and asks before a call is logged on it', async () => {
    const p = await newLead('admin');
    await asAdmin().leads.claim.mutate({ leadId: p.leadId, claimedBy: 'Ben Carter' });
    await asBen().leads.logCall.mutate({ leadId: p.leadId, outcome: 'voicemail', followUpAt: new Date(Date.now() - 20_000) });
    const before = await asBen().leads.myWork.query({});
    expect(before.overdue.map((l) => l.leadId)).toContain(p.leadId);

    await asBen().privacy.doNotContact.mutate({ leadId: p.leadId });
    const after = await asBen().leads.myWork.query({});
    expect([...after.overdue, ...after.today, ...after.nearingPromise].map((l) => l.leadId)).not.toContain(p.leadId);
    expect(after.count).toBe(before.count - 1);

    const asked = await outcome(asBen().leads.logCall.mutate({ leadId: p.leadId, outcome: 'reached' }));
    expect(asked.status).toBe(409);
    expect(asked.error).toContain('asked not to be contacted');
    expect((await asAdmin().leads.get.query({ leadId: p.leadId })).lead.lastCall?.outcome).toBe('voicemail');

    await asBen().leads.logCall.mutate({ leadId: p.leadId, outcome: 'reached', confirmDoNotContact: true });
    expect((await asAdmin().leads.get.query({ leadId: p.leadId })).lead.lastCall?.outcome).toBe('reached');
    expect(await ActivityModel.countDocuments({ action: 'DO_NOT_CONTACT_OVERRIDDEN', 'details.leadId': p.leadId })).toBe(1);
  });
});

describe('lists', () => {
  it("marks the dashboard's newest unclaimed lead (the Unclaimed tab's first row) when that person asked not to be contacted", async () => {
    const p = await newLead('admin');
    const newest = async () => (await asAdmin().leads.page.query({ tab: 'unclaimed', page: 0 })).leads[0]!;
    expect((await newest()).leadId).toBe(p.leadId);
    expect((await newest()).doNotContact).toBeNull();
    const marked = await asBen().privacy.doNotContact.mutate({ leadId: p.leadId, reason: 'Stop calling' });
    const after = await newest();
    expect(after.leadId).toBe(p.leadId);
    expect(after.doNotContact).toMatchObject({ by: 'Ben Carter', reason: 'Stop calling' });
    expect(after.doNotContact?.since.getTime()).toBe(marked.since.getTime());
  });

  it("GET /api/admin/leads carries each lead's doNotContact mark, as GET /api/admin/customers does", async () => {
    const quiet = await newLead('admin');
    const control = await newLead('admin');
    const marked = await asBen().privacy.doNotContact.mutate({ leadId: quiet.leadId, reason: 'By email' });
    const res = await fetch(`${url}/api/admin/leads`, { headers: { authorization: `Bearer ${tokens.admin}` } });
    expect(res.status).toBe(200);
    const leads = (await res.json()) as { leadId: string; doNotContact: unknown }[];
    expect(leads.find((l) => l.leadId === quiet.leadId)?.doNotContact).toEqual({
      since: marked.since.toISOString(),
      by: 'Ben Carter',
      reason: 'By email',
    });
    expect(leads.find((l) => l.leadId === control.leadId)?.doNotContact).toBeNull();
    expect(leads.every((l) => 'doNotContact' in l)).toBe(true);
  });
});

describe('hostile input', () => {
  const send = (path: string, json: unknown, token = tokens.admin) =>
    fetch(`${url}/trpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ json }),
    });

  it('answers 4xx JSON to malformed marks and lifts and stores nothing', async () => {
    const p = await newLead('admin');
    const before = (await suppressionDocs()).length;
    const bodies: unknown[] = [
      {},
      { leadId: p.leadId, customerId: p.leadId },
      { leadId: 'x'.repeat(5000) },
      { leadId: { $ne: null } },
      { leadId: p.leadId, reason: 'r'.repeat(501) },
      { leadId: p.leadId, reason: 42 },
      { leadId: p.leadId, extra: 'field' },
      { customerId: '0123456789abcdef01234567' },
      'not an object',
    ];
    for (const path of ['privacy.doNotContact', 'privacy.liftDoNotContact']) {
      for (const body of bodies) {
        const res = await send(path, body);
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.headers.get('content-type')).toContain('application/json');
        await res.json();
      }
    }
    expect((await send('privacy.doNotContact', { leadId: p.leadId }, 'not-a-token')).status).toBe(401);
    expect((await suppressionDocs()).length).toBe(before);
  });
});
