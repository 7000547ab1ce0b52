// POST /contact, the lead form sent without JavaScript: urlencoded, stored through the same procedure
// as POST /api/referral (schema, honeypot, consent, first touch, the one rate limit), answered with a
// 303 to the thank-you page or the Get Started page again with the values kept and the reasons.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { countLeads, findLeadRecords } from '../../models/leads/index.ts';
import { REFERRAL_MAX } from '../../routers/site.ts';
import { render } from '../../src/entry-server.tsx';
import { devAssets, fillPage, shell } from '../../web/html-template.ts';
import type { LeadFormState } from '../../schemas/lead-form.ts';
import { keepDatabaseDown, useTestServer } from '../helpers/test-server.ts';

const clientConfig = { adminHosts: ['admin.localhost'], googleClientId: null, apiBase: '' };
/** The page as the server draws it, from the source (these tests build no bundles). */
async function renderContact(leadForm: LeadFormState) {
  const result = await render({ url: '/contact', hostname: 'site.invalid', origin: 'http://localhost', clientConfig, leadForm });
  return fillPage(shell('public', devAssets('public'), clientConfig), result.head, result.html);
}

const server = useTestServer({ TRUST_PROXY: '1' }, { renderContact });

let addressCounter = 10;
const newAddress = () => `198.51.100.${addressCounter++}`;

/** Posts the form as a browser does: urlencoded, same-origin, never following the redirect. */
function post(fields: Record<string, string>, address: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/contact`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': address,
      'sec-fetch-site': 'same-origin',
      origin: server.url,
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

const valid = (email: string) => ({ name: 'Noah Script', email, phone: '(303) 555-0177', formId: 'lead-form', website: '' });

describe('POST /contact (no JavaScript)', () => {
  it('stores the lead with its consent and first touch and answers 303 to the thank-you page', async () => {
    const email = 'noah.script@example.com';
    const res = await post({ ...valid(email), consent: 'on' }, newAddress(), {
      referer: `${server.url}/contact?utm_source=newsletter&utm_campaign=spring`,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contact/thank-you');
    const [lead] = await findLeadRecords({ email });
    expect(lead).toMatchObject({ name: 'Noah Script', phone: '+13035550177', status: 'unclaimed', source: 'website' });
    expect(lead.consent).toMatchObject({ given: true, pageUrl: '/contact?utm_source=newsletter&utm_campaign=spring', formId: 'lead-form' });
    expect(lead.firstTouch).toMatchObject({ landingPage: '/contact', utmSource: 'newsletter', utmCampaign: 'spring' });
  });

  it('takes an unticked box as no consent and the form page when the browser sends no Referer', async () => {
    const email = 'no.referer@example.com';
    const res = await post(valid(email), newAddress());
    expect(res.status).toBe(303);
    const [lead] = await findLeadRecords({ email });
    expect(lead.consent).toMatchObject({ given: false, pageUrl: '/contact', formId: 'lead-form' });
    expect(lead.firstTouch ?? null).toBeNull();
  });

  it('renders the page again with the values kept and the reason beside each field, storing nothing', async () => {
    const count = await countLeads();
    const res = await post({ name: 'Jane <b>Doe</b>', email: 'jane@gmail', phone: '5', consent: 'on' }, newAddress());
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<h1');
    expect(html).toMatch(/id="lead-email" [^>]*aria-invalid="true" aria-describedby="lead-email-error"/);
    expect(html).toMatch(/id="lead-email-error"[^>]*>.*Enter a valid email address/);
    expect(html).toMatch(/id="lead-phone-error"[^>]*>.*Phone must have 7 to 15 digits/);
    expect(html).not.toContain('lead-name-error');
    // Kept, and escaped as text.
    expect(html).toContain('value="Jane &lt;b&gt;Doe&lt;/b&gt;"');
    expect(html).toContain('value="jane@gmail"');
    expect(html).toMatch(/id="lead-consent"[^>]*checked/);
    // The first field with a reason takes focus without a script.
    expect(html).toMatch(/<input[^>]*autofocus=""[^>]*id="lead-email"|<input[^>]*id="lead-email"[^>]*autofocus=""/);
    expect(await countLeads()).toBe(count);
  });

  it('answers a filled honeypot as it answers a person, storing nothing', async () => {
    const count = await countLeads();
    const res = await post({ ...valid('bot@example.com'), website: 'https://spam.example' }, newAddress());
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contact/thank-you');
    expect(await countLeads()).toBe(count);
  });

  it('refuses a post another site made the browser send, storing nothing', async () => {
    const count = await countLeads();
    const crossSite = await post(valid('cross.site@example.com'), newAddress(), { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).toContain('Something went wrong. Please try again later.');
    const oldBrowser = await fetch(`${server.url}/contact`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'x-forwarded-for': newAddress() },
      body: new URLSearchParams(valid('old.browser@example.com')).toString(),
    });
    expect(oldBrowser.status).toBe(403);
    expect(await countLeads()).toBe(count);
  });

  it('shares the per-address limit with POST /api/referral and shows the server error text', async () => {
    const address = newAddress();
    for (let i = 0; i < REFERRAL_MAX - 1; i++) {
      const res = await server.api('POST', '/api/referral', {
        body: { name: `Shared ${i}`, email: `shared${i}@example.com`, phone: `720555${1000 + i}` },
        headers: { 'x-forwarded-for': address },
      });
      expect(res.status).toBe(201);
    }
    expect((await post(valid('shared.last@example.com'), address)).status).toBe(303);
    const count = await countLeads();
    const blocked = await post(valid('shared.over@example.com'), address);
    expect(blocked.status).toBe(429);
    const html = await blocked.text();
    expect(html).toContain('Server error. Please try again.');
    expect(html).toContain('value="shared.over@example.com"');
    const api = await server.api('POST', '/api/referral', {
      body: { name: 'Shared API', email: 'shared.api@example.com', phone: '7205559999' },
      headers: { 'x-forwarded-for': address },
    });
    expect(api.status).toBe(429);
    expect(await countLeads()).toBe(count);
  });

  it('is no page of the admin host, which stores nothing from it', async () => {
    const url = new URL(`${server.url}/contact`);
    const body = new URLSearchParams(valid('admin.host@example.com')).toString();
    // fetch will not send a Host of its own: a plain request does.
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { host: 'admin.localhost', 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': newAddress() },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(404);
    expect(await findLeadRecords({ email: 'admin.host@example.com' })).toEqual([]);
  });

  it('shows the server error text with the values kept while the database is down', async () => {
    // Kept down while asserting: killed again each time its supervisor restarts it.
    const keepDown = keepDatabaseDown(server);
    try {
      const attempt = async () => {
        const res = await post(valid('db.down@example.com'), newAddress());
        const html = await res.text();
        return [
          res.status,
          html.includes('Oops!') && html.includes('Server error. Please try again.'),
          html.includes('value="db.down@example.com"'),
        ];
      };
      await expect.poll(attempt, { timeout: 20_000, interval: 100 }).toEqual([503, true, true]);
    } finally {
      clearInterval(keepDown);
    }
    await expect.poll(async () => (await server.api('GET', '/api/health')).status, { timeout: 20_000, interval: 200 }).toBe(200);
  });
});
