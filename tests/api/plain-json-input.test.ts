// Plain JSON from the public (docs/api.md): /trpc procedures that need no sign-in refuse superjson
// metadata with 400 before decoding it, signed-in ones take only the metadata the console sends, and
// a per-address limiter stands in front of the public procedures. The flood's timings: `npm run bench flood`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffWithToken, startTestServer, type TestServer } from '../helpers/test-server.ts';
import { outcome, trpcClient } from '../helpers/trpc-client.ts';
import { PUBLIC_TRPC_MAX } from '../../web/trpc-input-guard.ts';
import { metadataBomb } from '../../bench/metadata-bomb.ts';

const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
let server: TestServer;
let token: string;
beforeAll(async () => {
  // One trusted hop: each test's X-Forwarded-For is an address of its own for the limiter.
  server = await startTestServer({ TRUST_PROXY: '1' });
  token = (await createStaffWithToken(server, { name: 'Meta Checker', email: 'meta@example.com' })).token;
});
afterAll(async () => {
  await server?.stop();
});

const post = (path: string, body: unknown, from: string, tok?: string) =>
  server.api('POST', `/trpc/${path}`, { body, token: tok, headers: { 'x-forwarded-for': from, 'user-agent': UA } });
const get = (path: string, input: unknown, from: string, tok?: string) =>
  server.api('GET', `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
    token: tok,
    headers: { 'x-forwarded-for': from },
  });
const NO_INPUT = { json: null, meta: { values: ['undefined'], v: 1 } };
const visit = { page: 'home', userAgent: UA, referrer: 'direct' };

describe('public procedures', () => {
  it('refuse 40 parallel 93 kB metadata bombs with 400 each while /api/health answers', async () => {
    const bomb = metadataBomb(visit);
    expect(bomb.length).toBeGreaterThan(90_000);
    const [answers, health] = await Promise.all([
      Promise.all(Array.from({ length: 40 }, (_, i) => post('analytics.trackVisit', bomb, `198.51.100.${i + 1}`))),
      server.api('GET', '/api/health'),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(400));
    expect(answers[0].body.error.json.message).toMatch(/plain JSON/);
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok', db: 'up' });
  });

  it('take plain JSON: the same visit without metadata is accepted, over tRPC and REST', async () => {
    const plain = await post('analytics.trackVisit', { json: visit }, '198.51.100.60');
    expect(plain.status).toBe(200);
    expect(plain.body.result.data.json).toEqual({ accepted: true });
    const rest = await server.api('POST', '/api/track-visit', { body: visit, headers: { 'x-forwarded-for': '198.51.100.61' } });
    expect(rest.status).toBe(204);
  });

  it('refuse even a harmless-looking date annotation, and sign-in refuses it too', async () => {
    const dated = await post('analytics.trackVisit', { json: visit, meta: { values: { page: ['undefined'] }, v: 1 } }, '198.51.100.62');
    expect(dated.status).toBe(400);
    const login = await post('auth.login', { json: { email: 'meta@example.com', password: 'x' }, meta: { v: 1 } }, '198.51.100.63');
    expect(login.status).toBe(400);
  });

  it('refuse a batch that carries metadata to a public procedure beside a signed-in one', async () => {
    const res = await post(
      'live.ticket,analytics.trackVisit?batch=1',
      { 0: NO_INPUT, 1: { json: visit, meta: { values: { x: ['set'] }, v: 1 } } },
      '198.51.100.64',
      token,
    );
    expect(res.status).toBe(400);
    // The same batch in plain JSON for the public call goes through.
    const ok = await post('live.ticket,analytics.trackVisit?batch=1', { 0: NO_INPUT, 1: { json: visit } }, '198.51.100.64', token);
    expect(ok.status).toBe(200);
    expect(typeof ok.body[0].result.data.json.ticket).toBe('string');
    expect(ok.body[1].result.data.json).toEqual({ accepted: true });
  });

  it('are limited per address: past the limit a 429 with Retry-After, other addresses unaffected', async () => {
    const from = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < PUBLIC_TRPC_MAX; i += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, () => post('analytics.trackVisit', { json: visit }, from)));
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const over = await post('analytics.trackVisit', { json: visit }, from);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post('analytics.trackVisit', { json: visit }, '203.0.113.8')).status).toBe(200);
    // Signed-in procedures are not counted against the address.
    expect((await get('auth.me', NO_INPUT, from, token)).status).toBe(200);
  });
});

describe('signed-in procedures', () => {
  it('take what the console sends: the typed superjson client works', async () => {
    const me = await outcome(trpcClient(server.url, token).auth.me.query());
    expect(me.status).toBe(200);
    expect(me.data.email).toBe('meta@example.com');
  });

  it('refuse metadata the console never sends: a Set, a custom type, a bomb, an oversized list', async () => {
    const cases = [
      { values: { x: ['set'] }, v: 1 },
      { values: { x: ['custom', 'Evil'] }, v: 1 },
      { values: { x: ['Date'] }, other: 1 },
      { values: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`f${i}`, ['undefined']])), v: 1 },
      JSON.parse(metadataBomb(null)).meta,
    ];
    for (const meta of cases) {
      const res = await post('live.ticket', { json: null, meta }, '198.51.100.70', token);
      expect(res.status, JSON.stringify(meta).slice(0, 80)).toBe(400);
    }
  });
});
