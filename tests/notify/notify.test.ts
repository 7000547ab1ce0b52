// Speed to lead: Slack alerts and claims, email notices, the outbox's retries and restarts, and the
// 20-hour reminder, against a local Slack stand-in and a real SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import type { NotifierOptions } from '../../notify/worker.ts';
import { signSlackRequest } from '../../notify/slack/signature.ts';
import { StaffModel, hashPassword } from '../../models/staff/accounts.ts';
import { createLead, readLead } from '../../models/leads/index.ts';
import { writeAroundLeadModel } from '../../models/leads/testing.ts';
import { ActivityModel } from '../../models/activity/log.ts';
import { OutboxModel, enqueueNewLeadNotices } from '../../models/outbox/queue.ts';
import { signStaffToken } from '../../server/tokens.ts';
import { startTestDatabase, type TestDatabase } from '../helpers/test-db.ts';
import { startSlackStandIn, startSmtpServer, type SlackStandIn, type SmtpStandIn } from '../helpers/notify-peers.ts';
import { startAppWithNotifier } from '../helpers/app-with-notifier.ts';

const SECRET = 'slack-signing-secret-for-tests';
const JWT_SECRET = 'test-secret-test-secret-test-secret-0123';
let db: TestDatabase;
let slack: SlackStandIn;
let smtp: SmtpStandIn;
let token: string;

async function startApp(opts: NotifierOptions = {}, env: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: db.dataDir,
    JWT_SECRET,
    PUBLIC_URL: 'https://brokerage.example',
    SLACK_WEBHOOK_URL: `${slack.url}/webhook`,
    SLACK_SIGNING_SECRET: SECRET,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Summit Leads <leads@brokerage.example>',
    LEADS_NOTIFY_EMAIL: 'team@brokerage.example, owner@brokerage.example',
    ...env,
  });
  // Replies go to the Slack stand-in, as they would go to Slack's own host.
  const notify = { retryBaseMs: 100, retryMaxMs: 400, slackResponseOrigin: slack.url, ...opts };
  return startAppWithNotifier(config, slack.url, notify);
}

const post = (url: string, body: unknown, auth?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
    body: JSON.stringify(body),
  });

function slackClick(leadId: string, agent: string, user = 'jane', responsePath = '/response/1') {
  const payload = {
    type: 'block_actions',
    user: { id: 'U123', username: user, name: user },
    response_url: `${slack.url}${responsePath}`,
    actions: [{ action_id: 'claim_lead_0', action_ts: String(Math.random()), value: JSON.stringify({ leadId, agent }) }],
  };
  return `payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

function sendSigned(url: string, body: string, opts: { timestamp?: number; signature?: string } = {}) {
  const ts = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
  return fetch(`${url}/api/slack/interactive`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': ts,
      'x-slack-signature': opts.signature ?? signSlackRequest(SECRET, ts, body),
    },
    body,
  });
}

beforeAll(async () => {
  db = await startTestDatabase();
  slack = await startSlackStandIn();
  smtp = await startSmtpServer();
  const passwordHash = await hashPassword('correct-horse-battery');
  const [ben] = await StaffModel.create([
    { name: 'Ben', email: 'ben@demo.local', passwordHash, isAgent: true },
    { name: 'Stef', email: 'stef@demo.local', passwordHash, isAgent: true },
  ]);
  token = signStaffToken({ id: ben!.id, tokenVersion: ben!.tokenVersion }, JWT_SECRET);
});

afterAll(async () => {
  await slack?.close();
  await smtp?.close();
  await db?.stop();
});

/** Forgets what the peers received and what earlier tests left queued. */
const reset = async () => {
  await OutboxModel.deleteMany({});
  slack.received.length = 0;
  smtp.mails.length = 0;
};

describe('a new lead', () => {
  it('posts a Block Kit alert with masked contact details and a claim button per agent, and mails team and visitor', async () => {
    await reset();
    const app = await startApp();
    try {
      const started = Date.now();
      const res = await post(`${app.url}/api/referral`, { name: 'Maria Lopez', email: 'maria.lopez@example.com', phone: '(303) 555-0142' });
      expect(res.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(1000);
      const { leadId } = (await res.json()) as { leadId: string };

      const [alert] = await slack.waitFor(1, '/webhook');
      const body = alert!.body;
      expect(body.text).toBe('New lead: Maria Lopez');
      const json = JSON.stringify(body.blocks);
      expect(json).toContain(`<https://brokerage.example/admin/leads?lead=${leadId}|Maria Lopez>`);
      expect(json).toContain('m•••@example.com');
      expect(json).toContain('(•••) •••-0142');
      expect(json).not.toContain('maria.lopez@');
      expect(json).not.toContain('555-0142');
      expect(json).toContain('website form');
      expect(json).toContain('just now');
      const buttons = body.blocks.filter((b: any) => b.type === 'actions').flatMap((b: any) => b.elements);
      expect(buttons.map((b: any) => b.text.text)).toEqual(['Claim for Ben', 'Claim for Stef']);
      expect(JSON.parse(buttons[1].value)).toEqual({ leadId, agent: 'Stef' });

      const mails = await smtp.waitFor(2);
      const team = mails.find((m) => m.to.includes('team@brokerage.example'))!;
      const visitor = mails.find((m) => m.to.includes('maria.lopez@example.com'))!;
      expect(team.to).toEqual(['team@brokerage.example', 'owner@brokerage.example']);
      expect(team.from).toBe('leads@brokerage.example');
      expect(team.raw).toContain('Subject: New lead: Maria Lopez');
      expect(team.raw).toContain('multipart/alternative');
      expect(team.raw).toContain('text/html');
      expect(visitor.raw).toContain('Subject: We received your request');
      expect(visitor.raw).toMatch(/within 24 hours, Monday - Sunday/);
      expect(visitor.raw).toContain('hello@summithealthlife.com');
      // Nothing more: one alert, two mails.
      await new Promise((r) => setTimeout(r, 300));
      expect(slack.received).toHaveLength(1);
      expect(smtp.mails).toHaveLength(2);
    } finally {
      await app.stop();
    }
  });

  it('from the console alerts Slack and the team but sends the visitor nothing', async () => {
    await reset();
    const app = await startApp();
    try {
      const res = await post(
        `${app.url}/api/admin/leads`,
        { name: 'Phone Caller', email: 'caller@example.com', phone: '720-555-0100', notes: 'asked about diabetes cover' },
        token,
      );
      expect(res.status).toBe(201);
      const [alert] = await slack.waitFor(1, '/webhook');
      expect(JSON.stringify(alert!.body.blocks)).toContain('added in the console');
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toEqual(['team@brokerage.example', 'owner@brokerage.example']);
      expect(mail!.raw).not.toContain('diabetes');
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.mails).toHaveLength(1);
    } finally {
      await app.stop();
    }
  });
});

describe('the claim button', () => {
  it('claims through the console rules, records the Slack user, and updates the message; a second click learns who holds it', async () => {
    await reset();
    const app = await startApp();
    try {
      const lead = await createLead({ name: 'Tom Click', email: 'tom@example.com', phone: '303-555-0111', source: 'website' });
      const res = await sendSigned(app.url, slackClick(lead.id, 'Ben', 'jane', '/response/a'));
      expect(res.status).toBe(200);
      expect((await readLead(lead.id))!.claimedBy).toBe('Ben');
      const entry = await ActivityModel.findOne({ 'details.leadId': lead.id, action: 'LEAD_CLAIMED' }).lean();
      expect(entry!.user).toBe('jane (Slack)');
      expect(entry!.details!.claimedBy).toBe('Ben');
      const [reply] = await slack.waitFor(1, '/response/a');
      expect(reply!.body.replace_original).toBe(true);
      expect(JSON.stringify(reply!.body.blocks)).toContain('Claimed by *Ben*');
      expect(JSON.stringify(reply!.body.blocks)).not.toContain('"actions"');

      const second = await sendSigned(app.url, slackClick(lead.id, 'Stef', 'sam', '/response/b'));
      expect(second.status).toBe(200);
      expect((await readLead(lead.id))!.claimedBy).toBe('Ben');
      const [late] = await slack.waitFor(1, '/response/b');
      expect(JSON.stringify(late!.body.blocks)).toContain('This lead was already claimed by Ben.');
    } finally {
      await app.stop();
    }
  });

  it('refuses unsigned, forged, replayed and stale requests with 401 and changes nothing; 400 for a payload that is not a claim', async () => {
    await reset();
    const app = await startApp();
    try {
      const lead = await createLead({ name: 'Forge Target', email: 'forge@example.com', phone: '303-555-0122', source: 'website' });
      const body = slackClick(lead.id, 'Ben');
      const unsigned = await fetch(`${app.url}/api/slack/interactive`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      expect(unsigned.status).toBe(401);
      const forged = await sendSigned(app.url, body, {
        signature: signSlackRequest('not-the-secret', String(Math.floor(Date.now() / 1000)), body),
      });
      expect(forged.status).toBe(401);
      const tampered = await sendSigned(app.url, body.replace('Ben', 'Stef'), {
        signature: signSlackRequest(SECRET, String(Math.floor(Date.now() / 1000)), body),
      });
      expect(tampered.status).toBe(401);
      const stale = await sendSigned(app.url, body, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
      expect(stale.status).toBe(401);
      expect(await stale.json()).toEqual({ error: 'Stale Slack request' });
      expect((await readLead(lead.id))!.claimedBy).toBeNull();

      // A captured request sent again: the first passes, the copy is refused.
      const ts = String(Math.floor(Date.now() / 1000));
      const signature = signSlackRequest(SECRET, ts, body);
      expect((await sendSigned(app.url, body, { timestamp: Number(ts), signature })).status).toBe(200);
      await writeAroundLeadModel((Lead) => Lead.updateOne({ _id: lead.id }, { $set: { claimedBy: null, claimedAt: null } }));
      const replay = await sendSigned(app.url, body, { timestamp: Number(ts), signature });
      expect(replay.status).toBe(401);
      expect(await replay.json()).toEqual({ error: 'Replayed Slack request' });
      expect((await readLead(lead.id))!.claimedBy).toBeNull();

      const notClaim = `payload=${encodeURIComponent(JSON.stringify({ type: 'view_submission', user: { id: 'U1' } }))}`;
      expect((await sendSigned(app.url, notClaim)).status).toBe(400);
      expect((await sendSigned(app.url, 'payload=%7Bnot-json')).status).toBe(400);
    } finally {
      await app.stop();
    }
  });

  it('answers 401 when SLACK_SIGNING_SECRET is not set', async () => {
    await reset();
    const app = await startApp({}, { SLACK_SIGNING_SECRET: '' });
    try {
      const lead = await createLead({ name: 'No Secret', email: 'nosecret@example.com', phone: '303-555-0133', source: 'website' });
      const res = await sendSigned(app.url, slackClick(lead.id, 'Ben'));
      expect(res.status).toBe(401);
      expect((await readLead(lead.id))!.claimedBy).toBeNull();
    } finally {
      await app.stop();
    }
  });
});

describe('the outbox', () => {
  it('keeps notices through a Slack and an SMTP outage and delivers them once the peers are back', async () => {
    await reset();
    slack.down = true;
    const smtpPort = smtp.port;
    await smtp.close();
    const app = await startApp();
    try {
      const started = Date.now();
      const res = await post(`${app.url}/api/referral`, { name: 'Outage Olga', email: 'olga@example.com', phone: '303-555-0144' });
      expect(res.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 800));
      expect(slack.received).toHaveLength(0);
      const pending = await OutboxModel.find({ kind: 'new' }).lean();
      expect(pending.map((p) => p.channel).sort()).toEqual(['slack', 'team-email', 'visitor-email']);
      expect(pending.every((p) => p.attempts >= 1 && p.lastError)).toBe(true);

      slack.down = false;
      smtp = await startSmtpServer(smtpPort);
      const [alert] = await slack.waitFor(1, '/webhook');
      expect(alert!.body.text).toBe('New lead: Outage Olga');
      await smtp.waitFor(2);
      await new Promise((r) => setTimeout(r, 500));
      expect(slack.received).toHaveLength(1);
      expect(smtp.mails).toHaveLength(2);
      expect(await OutboxModel.countDocuments({ kind: 'new' })).toBe(0);
    } finally {
      slack.down = false;
      await app.stop();
    }
  });

  it('sends notices still queued when a server stopped from the next server, exactly once', async () => {
    await reset();
    slack.down = true;
    const first = await startApp();
    const res = await post(`${first.url}/api/referral`, { name: 'Restart Rita', email: 'rita@example.com', phone: '303-555-0155' });
    expect(res.status).toBe(201);
    await new Promise((r) => setTimeout(r, 300));
    await first.stop();
    slack.down = false;
    expect(slack.received).toHaveLength(0);

    const second = await startApp();
    try {
      const [alert] = await slack.waitFor(1, '/webhook');
      expect(alert!.body.text).toBe('New lead: Restart Rita');
      await new Promise((r) => setTimeout(r, 600));
      expect(slack.received).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it('lets several servers share the outbox without sending any notice twice', async () => {
    await reset();
    const servers = await Promise.all([startApp({ pollMs: 0 }), startApp({ pollMs: 0 }), startApp({ pollMs: 0 })]);
    try {
      for (let i = 0; i < 8; i++)
        await createLead({ name: `Race ${i}`, email: `race${i}@example.com`, phone: `303-555-02${10 + i}`, source: 'admin' });
      await Promise.all(servers.flatMap((s) => [s.notifier.runOnce(), s.notifier.runOnce()]));
      await Promise.all(servers.map((s) => s.notifier.runOnce()));
      const alerts = slack.received.filter((r) => r.path === '/webhook').map((r) => r.body.text);
      expect(alerts.sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((i) => `New lead: Race ${i}`));
      expect(smtp.mails).toHaveLength(8);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  });
});

describe('a server without a channel', () => {
  it('queues nothing on it and leaves an entry queued there by another server for a server that has it', async () => {
    await reset();
    const mailOnly = await startApp({ pollMs: 0 }, { SLACK_WEBHOOK_URL: '' });
    let lead;
    try {
      lead = await createLead({ name: 'Mail Only', email: 'mail@example.com', phone: '303-555-0191', source: 'admin' });
      expect((await OutboxModel.find({ leadId: lead.id, kind: 'new' }).lean()).map((e) => e.channel)).toEqual(['team-email']);
      // As a server with Slack would have queued it.
      await OutboxModel.create({ _id: `${lead.id}:new:slack`, leadId: lead.id, kind: 'new', channel: 'slack', dueAt: new Date() });
      await mailOnly.notifier.runOnce();
      expect(smtp.mails).toHaveLength(1);
      expect(slack.received).toHaveLength(0);
      const waiting = await OutboxModel.findById(`${lead.id}:new:slack`).lean();
      expect(waiting?.attempts).toBe(0);
    } finally {
      await mailOnly.stop();
    }
    const withSlack = await startApp({ pollMs: 0 });
    try {
      await withSlack.notifier.runOnce();
      expect(slack.received.map((r) => r.body.text)).toEqual(['New lead: Mail Only']);
      expect(await OutboxModel.countDocuments({ leadId: lead.id, kind: 'new' })).toBe(0);
    } finally {
      await withSlack.stop();
    }
  });
});

describe('queueing a lead twice', () => {
  it('sends its notices once (the entries are keyed by lead and channel)', async () => {
    await reset();
    const app = await startApp({ pollMs: 0 });
    try {
      const lead = await createLead({ name: 'Twice Theo', email: 'theo@example.com', phone: '303-555-0181', source: 'admin' });
      await enqueueNewLeadNotices(lead);
      await app.notifier.runOnce();
      await enqueueNewLeadNotices(lead);
      await app.notifier.runOnce();
      expect(slack.received.map((r) => r.body.text)).toEqual(['New lead: Twice Theo']);
      expect(smtp.mails).toHaveLength(1);
    } finally {
      await app.stop();
    }
  });
});

describe('the 20-hour reminder', () => {
  it('reminds the team once about a lead still unclaimed 20 hours after it arrived, and never about a claimed one', async () => {
    await reset();
    let clock = new Date();
    const app = await startApp({ pollMs: 0, now: () => clock });
    try {
      const waiting = await createLead({ name: 'Waiting Walt', email: 'walt@example.com', phone: '303-555-0166', source: 'website' });
      const taken = await createLead({ name: 'Taken Tina', email: 'tina@example.com', phone: '303-555-0177', source: 'website' });
      clock = new Date(Date.now() + 1000);
      await app.notifier.runOnce();
      expect(slack.received).toHaveLength(2);
      expect(smtp.mails).toHaveLength(4);
      const claim = await fetch(`${app.url}/api/admin/leads/${taken.id}/claim`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ claimedBy: 'Stef' }),
      });
      expect(claim.status).toBe(200);
      slack.received.length = 0;
      smtp.mails.length = 0;

      clock = new Date(waiting.createdAt.getTime() + 20 * 60 * 60 * 1000 - 60_000);
      expect(await app.notifier.runOnce()).toBe(0);
      expect(slack.received).toHaveLength(0);

      clock = new Date(waiting.createdAt.getTime() + 20 * 60 * 60 * 1000 + 1000);
      await app.notifier.runOnce();
      expect(slack.received.map((r) => r.body.text)).toEqual(['Reminder: Waiting Walt is still unclaimed after 20 hours']);
      expect(JSON.stringify(slack.received[0]!.body.blocks)).toContain('Claim for Ben');
      expect(JSON.stringify(slack.received[0]!.body.blocks)).toContain('20 h ago');
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]!.to).toEqual(['team@brokerage.example', 'owner@brokerage.example']);
      expect(smtp.mails[0]!.raw).toContain('Subject: Still unclaimed after 20 hours: Waiting Walt');

      clock = new Date(clock.getTime() + 60 * 60 * 1000);
      await app.notifier.runOnce();
      expect(slack.received).toHaveLength(1);
      expect(smtp.mails).toHaveLength(1);
      expect(await OutboxModel.countDocuments({ leadId: { $in: [waiting.id, taken.id] } })).toBe(0);
    } finally {
      await app.stop();
    }
  });
});
