// Parsing and privacy at the edge: /trpc answers JSON in its error shape in every NODE_ENV, deep input is
// refused before decoding, request ids are validated, canonical origins come from PUBLIC_URL, control and
// bidi characters are stripped, and a partial customer update is checked against the merged record.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffWithToken, startTestServer, type TestServer } from '../helpers/test-server.ts';
import { loadConfig } from '../../server/config.ts';
import { createApp } from '../../web/app.ts';

// One database per file (mongoose has one connection); the development app shares it.
let server: TestServer;
const urls: Record<'production' | 'development', string> = { production: '', development: '' };
let closeDev: () => void = () => {};
beforeAll(async () => {
  server = await startTestServer({ NODE_ENV: 'production', PUBLIC_URL: 'https://www.example-brokerage.com/' });
  urls.production = server.url;
  const { app } = await createApp({ ...server.config, NODE_ENV: 'development' }, { ssr: false });
  const dev = app.listen(0, '127.0.0.1');
  await new Promise((r) => dev.once('listening', r));
  urls.development = `http://127.0.0.1:${(dev.address() as { port: number }).port}`;
  closeDev = () => dev.close();
});
afterAll(async () => {
  closeDev();
  await server?.stop();
});

const NOT_JSON = 'Request body is not valid JSON';
const TOO_DEEP = 'Input is nested more than 32 levels deep';
const deep = (n: number) => '{"json":{"leadId":' + '['.repeat(n) + ']'.repeat(n) + '}}';

async function raw(url: string, method: string, body?: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method, body, headers });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type') ?? '', text, headers: res.headers };
}

/** A GET with a Host header of the caller's choosing (fetch does not let a caller set Host). */
function getWithHost(url: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { host } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve(text));
    })
      .on('error', reject)
      .end();
  });
}

for (const NODE_ENV of ['production', 'development'] as const) {
  describe(`/trpc transport errors with NODE_ENV=${NODE_ENV}`, () => {
    const base = () => urls[NODE_ENV];
    const cases: [string, () => Promise<Awaited<ReturnType<typeof raw>>>, number, string, string][] = [
      [
        'malformed JSON',
        () => raw(`${base()}/trpc/site.referral`, 'POST', '{"json": ', { 'content-type': 'application/json' }),
        400,
        'PARSE_ERROR',
        NOT_JSON,
      ],
      [
        'an oversize body',
        () =>
          raw(`${base()}/trpc/site.referral`, 'POST', JSON.stringify({ json: { name: 'a'.repeat(200_000) } }), {
            'content-type': 'application/json',
          }),
        413,
        'PAYLOAD_TOO_LARGE',
        'Request body is too large',
      ],
      [
        'a form-encoded body',
        () => raw(`${base()}/trpc/site.referral`, 'POST', 'name=Eve', { 'content-type': 'application/x-www-form-urlencoded' }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the request body as JSON (Content-Type: application/json)',
      ],
      [
        '5,000 levels of nesting in a body',
        () => raw(`${base()}/trpc/leads.remove`, 'POST', deep(5000), { 'content-type': 'application/json' }),
        400,
        'BAD_REQUEST',
        TOO_DEEP,
      ],
      [
        '40 levels of nesting in ?input=',
        () => raw(`${base()}/trpc/customers.get?input=${encodeURIComponent(deep(40))}`, 'GET'),
        400,
        'BAD_REQUEST',
        TOO_DEEP,
      ],
    ];
    for (const [label, send, status, code, message] of cases) {
      it(`answers ${label} with ${status} JSON in tRPC's error shape, no stack or path`, async () => {
        const res = await send();
        expect(res.status).toBe(status);
        expect(res.type).toMatch(/^application\/json/);
        expect(JSON.parse(res.text)).toEqual({
          error: { json: { message, code: expect.any(Number), data: { code, httpStatus: status, path: expect.any(String) } } },
        });
        expect(res.text).not.toMatch(/\bat \S+ \(|node_modules|\/server\/|<html/i);
      });
    }

    it('answers a batch that cannot be read with one error per call', async () => {
      const res = await raw(`${base()}/trpc/site.referral,analytics.trackVisit?batch=1`, 'POST', '{"0":', {
        'content-type': 'application/json',
      });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text).map((e: { error: { json: { data: { path: string } } } }) => e.error.json.data.path)).toEqual([
        'site.referral',
        'analytics.trackVisit',
      ]);
    });

    it('refuses deep nesting on /api with a JSON error, and accepts 32 levels', async () => {
      const body = (n: number) =>
        JSON.stringify({ name: 'Eve', email: 'eve@example.com', phone: '303-555-0100', website: '' }).replace(
          '""',
          '['.repeat(n) + ']'.repeat(n),
        );
      const tooDeep = await raw(`${base()}/api/referral`, 'POST', body(40), { 'content-type': 'application/json' });
      expect([tooDeep.status, JSON.parse(tooDeep.text)]).toEqual([400, { error: TOO_DEEP }]);
      const fine = await raw(`${base()}/api/referral`, 'POST', body(31), { 'content-type': 'application/json' });
      expect([fine.status, JSON.parse(fine.text)]).toEqual([400, { error: 'website: Invalid input: expected string, received array' }]);
    });
  });
}

describe('privacy and input hygiene', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await createStaffWithToken(server, { name: 'Ben Carter', email: 'ben@example.com', isAgent: true }));
  });

  it('builds the sitemap and robots.txt from PUBLIC_URL, whatever Host the request names', async () => {
    const sitemap = await getWithHost(`${server.url}/sitemap.xml`, 'evil.example');
    expect(sitemap).toContain('<loc>https://www.example-brokerage.com/about</loc>');
    expect(sitemap).not.toContain('evil.example');
    expect(await getWithHost(`${server.url}/robots.txt`, 'evil.example')).toContain(
      'Sitemap: https://www.example-brokerage.com/sitemap.xml',
    );
  });

  it('defaults PUBLIC_URL to http://localhost:PORT', () => {
    expect(loadConfig({ DATA_DIR: server.config.dataDir, PORT: '4123' }).publicUrl).toBe('http://localhost:4123');
    expect(() => loadConfig({ DATA_DIR: server.config.dataDir, PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });

  it("keeps a caller's x-request-id only when it looks like one", async () => {
    const good = await raw(`${server.url}/api/health`, 'GET', undefined, { 'x-request-id': 'req-2026.11.23_abc' });
    expect(good.headers.get('x-request-id')).toBe('req-2026.11.23_abc');
    for (const bad of ['<script>alert(1)</script>', 'a'.repeat(65), 'short', 'id with spaces']) {
      const res = await raw(`${server.url}/api/health`, 'GET', undefined, { 'x-request-id': bad });
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });

  it('strips control and bidi characters from names, phones and notes', async () => {
    const created = await server.api('POST', '/api/referral', {
      body: { name: 'Anna\u202e Lee\u0000\r\n', email: 'anna@example.com', phone: '\u2066303\r\n555-0100\u2069' },
    });
    expect(created.status).toBe(201);
    const staffLead = await server.api('POST', '/api/admin/leads', {
      token,
      body: { name: 'Bo\u200f Diaz', email: 'bo@example.com', phone: '303-555-0101', notes: 'first line\r\nsecond\u202e line\u0007' },
    });
    expect(staffLead.status).toBe(201);
    const leads = await server.api('GET', '/api/admin/leads', { token });
    const byEmail = Object.fromEntries(leads.body.map((l: { email: string }) => [l.email, l]));
    expect([byEmail['anna@example.com'].name, byEmail['anna@example.com'].phone]).toEqual(['Anna Lee', '+13035550100']);
    expect([byEmail['bo@example.com'].name, byEmail['bo@example.com'].notes]).toEqual(['Bo Diaz', 'first line\nsecond line']);
    const onlyControls = await server.api('POST', '/api/referral', {
      body: { name: '\u202e\u0000', email: 'eve@example.com', phone: '303-555-0102' },
    });
    expect([onlyControls.status, onlyControls.body]).toEqual([400, { error: 'name: Name is required' }]);
  });

  it('checks a partial customer update against the merged record', async () => {
    const made = await server.api('POST', '/api/admin/customers', {
      token,
      body: { name: 'Carl Diaz', email: 'carl@example.com', phone: '303-555-0103', age: 40, insuranceProvider: 'Aetna', hasKids: false },
    });
    expect(made.status).toBe(201);
    const path = `/api/admin/customers/${made.body.customerId}`;
    const refused = await server.api('PUT', path, { token, body: { kidsCount: 3 } });
    expect([refused.status, refused.body]).toEqual([
      400,
      { error: 'kidsCount: Number of children and kids ages can be set only when the customer has kids' },
    ]);
    const list = await server.api('GET', '/api/admin/customers', { token });
    expect(list.body.map((c: { hasKids: boolean; kidsCount: number | null }) => [c.hasKids, c.kidsCount])).toEqual([[false, null]]);
    const withKids = await server.api('PUT', path, { token, body: { hasKids: true, kidsCount: 3 } });
    expect([withKids.status, withKids.body.hasKids, withKids.body.kidsCount]).toEqual([200, true, 3]);
  });
});
