// What a visitor's free text and a signed Slack payload can no longer make the server send: the Slack
// alert shows a name as plain letters, replies go only to Slack's host without following redirects,
// and the visitor's acknowledgement is fixed text, capped per recipient domain (docs/api.md).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { StaffModel } from '../../models/staff';
import { hashPassword } from '../../models/staff/accounts.ts';
import { OutboxModel } from '../../models/outbox';
import { VISITOR_MAILS_PER_DOMAIN_PER_HOUR, takeVisitorMailQuota } from '../../models/outbox/mail-quota.ts';
import { signSlackRequest } from '../../notify/slack/signature.ts';
import { startTestDatabase, type TestDatabase } from '../helpers/test-db.ts';
import { startSlackStandIn, startSmtpServer, type SlackStandIn, type SmtpStandIn } from '../helpers/notify-peers.ts';
import { startAppWithNotifier } from '../helpers/app-with-notifier.ts';

const SECRET = 'slack-signing-secret-for-tests';
let db: TestDatabase;
let slack: SlackStandIn;
let smtp: SmtpStandIn;
/** Another host: whatever reaches it, the server should never have sent. */
let elsewhere: SlackStandIn;
/** A server on Slack's (stand-in) origin that answers every POST with a redirect elsewhere. */
let redirector: Server;
let redirectorUrl: string;

async function startApp(env: Record<string, string>, origin = slack.url) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: db.dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    PUBLIC_URL: 'https://brokerage.example',
    TRUST_PROXY: '1',
    ...env,
  });
  return startAppWithNotifier(config, origin, { retryBaseMs: 100, retryMaxMs: 400, slackResponseOrigin: origin });
}

let n = 0;
const referral = (url: string, body: Record<string, string>) =>
  fetch(`${url}/api/referral`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${++n}` },
    // A new phone each time: a repeat of an earlier lead gets no acknowledgement anyway.
    body: JSON.stringify({ phone: `(303) 555-${1000 + n}`, ...body }),
  });

function click(url: string, leadId: string, responseUrl: string) {
  const payload = {
    type: 'block_actions',
    user: { id: 'U1', username: 'jane' },
    response_url: responseUrl,
    actions: [{ action_id: 'claim_lead_0', action_ts: String(Math.random()), value: JSON.stringify({ leadId, agent: 'Ben' }) }],
  };
  const body = `payload=${encodeURIComponent(JSON.stringify(payload))}`;
  const ts = String(Math.floor(Date.now() / 1000));
  return fetch(`${url}/api/slack/interactive`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': ts,
      'x-slack-signature': signSlackRequest(SECRET, ts, body),
    },
    body,
  });
}

const settle = () => new Promise((r) => setTimeout(r, 600));

beforeAll(async () => {
  db = await startTestDatabase();
  [slack, elsewhere, smtp] = await Promise.all([startSlackStandIn(), startSlackStandIn(), startSmtpServer()]);
  redirector = createServer((_req, res) => res.writeHead(307, { location: `${elsewhere.url}/redirected` }).end());
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
  redirectorUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
  await StaffModel.create({
    name: 'Ben',
    email: 'ben@demo.local',
    passwordHash: await hashPassword('correct-horse-battery'),
    isAgent: true,
  });
});
afterAll(async () => {
  await Promise.all([slack?.close(), elsewhere?.close(), smtp?.close()]);
  await new Promise((resolve) => redirector?.close(resolve));
  await db?.stop();
});

const reset = async () => {
  await OutboxModel.deleteMany({});
  slack.received.length = 0;
  elsewhere.received.length = 0;
  smtp.mails.length = 0;
};

describe('the Slack alert', () => {
  it("shows a visitor's name as plain text in the notification text and every block", async () => {
    await reset();
    const app = await startApp({ SLACK_WEBHOOK_URL: `${slack.url}/webhook` });
    try {
      const res = await referral(app.url, { name: '<!channel> <http://evil.example|Bank> & co', email: 'x@example.com' });
      expect(res.status).toBe(201);
      const [alert] = await slack.waitFor(1, '/webhook');
      const { text, blocks } = alert!.body;
      expect(text).toBe('New lead: &lt;!channel&gt; &lt;http://evil.example|Bank&gt; &amp; co');
      const all = text + JSON.stringify(blocks);
      expect(all).not.toContain('<!channel>');
      expect(all).not.toContain('<http://evil.example');
    } finally {
      await app.stop();
    }
  });
});

describe("a claim's reply", () => {
  it('goes to a response_url on Slack, never to another host, and follows no redirect', async () => {
    await reset();
    const app = await startApp({ SLACK_SIGNING_SECRET: SECRET });
    try {
      const lead = async (name: string) =>
        ((await (await referral(app.url, { name, email: `${name}@example.com` })).json()) as { leadId: string }).leadId;
      // On Slack's origin: claimed and answered there.
      expect((await click(app.url, await lead('onslack'), `${slack.url}/response/1`)).status).toBe(200);
      await slack.waitFor(1, '/response/1');
      // Elsewhere: still claimed (the click was signed), but nothing is sent there.
      const other = await lead('elsewhere');
      expect((await click(app.url, other, `${elsewhere.url}/steal`)).status).toBe(200);
      await settle();
      expect(elsewhere.received).toEqual([]);
    } finally {
      await app.stop();
    }
    // Slack's origin answering with a redirect: the reply is not carried to the redirect's target.
    const redirecting = await startApp({ SLACK_SIGNING_SECRET: SECRET }, redirectorUrl);
    try {
      const res = await referral(redirecting.url, { name: 'redirected', email: 'r@example.com' });
      const { leadId } = (await res.json()) as { leadId: string };
      expect((await click(redirecting.url, leadId, `${redirectorUrl}/response/2`)).status).toBe(200);
      await settle();
      expect(elsewhere.received).toEqual([]);
    } finally {
      await redirecting.stop();
    }
  });
});

describe("the visitor's acknowledgement", () => {
  it('greets no one by the name typed, and stops at the hourly cap of the recipient domain', async () => {
    await reset();
    const app = await startApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Summit Leads <leads@brokerage.example>' });
    try {
      const name = 'Zyxwinner http://phish.example';
      for (let i = 0; i <= VISITOR_MAILS_PER_DOMAIN_PER_HOUR; i++)
        expect((await referral(app.url, { name, email: `person${i}@capped.example` })).status).toBe(201);
      const mails = await smtp.waitFor(VISITOR_MAILS_PER_DOMAIN_PER_HOUR);
      expect(mails[0]!.raw).toContain('Hello,');
      expect(mails[0]!.raw).not.toContain('phish.example');
      expect(mails[0]!.raw).not.toContain('Zyxwinner');
      // Another domain still gets its acknowledgement; the capped one got no more.
      await referral(app.url, { name, email: 'someone@other.example' });
      await smtp.waitFor(VISITOR_MAILS_PER_DOMAIN_PER_HOUR + 1);
      await settle();
      expect(smtp.mails.filter((m) => m.to.some((t) => t.endsWith('@capped.example')))).toHaveLength(VISITOR_MAILS_PER_DOMAIN_PER_HOUR);
      expect(smtp.mails.filter((m) => m.to.includes('someone@other.example'))).toHaveLength(1);
    } finally {
      await app.stop();
    }
  });

  it('keeps the cap when many servers take from the quota at once', async () => {
    const now = new Date();
    const taken = await Promise.all(Array.from({ length: 30 }, (_, i) => takeVisitorMailQuota(`p${i}@Parallel.example`, now)));
    expect(taken.filter(Boolean)).toHaveLength(VISITOR_MAILS_PER_DOMAIN_PER_HOUR);
  });
});
