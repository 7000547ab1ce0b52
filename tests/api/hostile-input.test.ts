// A hostile-input corpus against every documented /api route and every tRPC procedure, signed in and
// not: operators, prototype keys, malformed JSON, wrong content types, huge bodies and headers, deep
// nesting and unicode edge cases each get a 4xx JSON answer and change nothing stored.
import { beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { createStaffWithToken, useTestServer } from '../helpers/test-server.ts';
import { StaffModel } from '../../models/staff';
import { appRouter, DOCUMENTED_ROUTES, restApi } from '../../routers';

const server = useTestServer();
let token: string;
let leadId: string;
let customerId: string;

/** Collections whose contents a hostile request must leave alone (login attempts are counted on purpose). */
const STORED = ['leads', 'customers', 'staffs', 'activities'];
async function snapshot(): Promise<string> {
  const db = mongoose.connection.db!;
  const parts = await Promise.all(STORED.map(async (c) => JSON.stringify(await db.collection(c).find().sort({ _id: 1 }).toArray())));
  return parts.join('\n');
}

beforeAll(async () => {
  ({ token } = await createStaffWithToken(server, { name: 'Ben Carter', email: 'ben@example.com', isAgent: true }));
  // An admin, so admin-only procedures reach their input checks instead of stopping at 403.
  await StaffModel.updateOne({ email: 'ben@example.com' }, { $set: { isAdmin: true } });
  const lead = await server.api('POST', '/api/admin/leads', {
    token,
    body: { name: 'Anna Lee', email: 'anna@example.com', phone: '303-555-0100' },
  });
  leadId = lead.body.leadId;
  const customer = await server.api('POST', '/api/admin/customers', {
    token,
    body: { name: 'Carl Diaz', email: 'carl@example.com', phone: '303-555-0101', age: 40, insuranceProvider: 'Aetna' },
  });
  customerId = customer.body.customerId;
  expect([lead.status, customer.status]).toEqual([201, 201]);
});

const ALLOWED = [400, 401, 413, 415, 429];
const shape = (method: string, path: string) => `${method} ${path.replace(/:\w+/g, ':id')}`;
const mounted = new Set(restApi.map((r) => shape(r.method, r.path)));
const bodyRoutes = DOCUMENTED_ROUTES.filter((r) => r.body && mounted.has(shape(r.method, r.path)));
const pathOf = (p: string) => p.replace(':leadId', leadId).replace(':customerId', customerId);
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string; inputs: unknown[] } }>)
  .filter(([, p]) => p._def.inputs.length > 0)
  .map(([name, p]) => ({ name, type: p._def.type }));

/** Raw request: the body goes out exactly as given. */
async function send(method: string, path: string, body: string | undefined, headers: Record<string, string>) {
  const res = await fetch(server.url + path, { method: method.toUpperCase(), headers, body });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type') ?? '', text };
}

function expectRefusedJson(r: { status: number; type: string; text: string }, label: string) {
  expect(ALLOWED, `${label} answered ${r.status}: ${r.text.slice(0, 200)}`).toContain(r.status);
  expect(r.type, label).toMatch(/^application\/json/);
  expect(r.text, label).not.toMatch(/\n\s+at |node_modules|\.ts:\d+|<html/i);
}

const deep = (n: number) => '{"x":' + '['.repeat(n) + ']'.repeat(n) + '}';
const CORPUS: { label: string; body: string; type?: string }[] = [
  {
    label: 'operators in fields',
    body: JSON.stringify({
      email: { $gt: '' },
      password: { $ne: null },
      name: { $regex: '.*' },
      phone: { $ne: '' },
      status: { $in: ['lost'] },
      claimedBy: { $exists: true },
      notes: { $where: '1' },
      age: { $gt: 0 },
      currentPassword: { $ne: '' },
      newPassword: { $gt: '' },
      credential: { $ne: '' },
      page: { $ne: '' },
    }),
  },
  {
    label: 'operator beside valid fields',
    body: JSON.stringify({
      name: 'Eve Null',
      email: { $gt: '' },
      phone: '303-555-0199',
      age: 30,
      insuranceProvider: 'Aetna',
      page: { $ne: 'home' },
    }),
  },
  {
    label: 'prototype keys',
    body: '{"__proto__":{"isAdmin":true,"polluted":1},"constructor":{"prototype":{"polluted":1}},"email":{"__proto__":{"x":1}}}',
  },
  { label: 'malformed JSON', body: '{"name": "Eve", ' },
  { label: 'a JSON string instead of an object', body: '"just text"' },
  { label: 'form-encoded body', body: 'name=Eve&email=eve%40example.com&phone=3035550199', type: 'application/x-www-form-urlencoded' },
  { label: 'plain-text body', body: '{"name":"Eve"}', type: 'text/plain' },
  { label: 'XML body', body: '<lead><name>Eve</name></lead>', type: 'application/xml' },
  { label: 'huge body', body: JSON.stringify({ name: 'a'.repeat(300_000) }) },
  { label: 'deep nesting', body: deep(5000) },
  { label: 'nesting just past the limit', body: deep(40) },
  {
    label: 'control and bidi characters only',
    body: JSON.stringify({
      name: '\u0000\u202e\r\n',
      email: 'eve@example.com',
      phone: '\u202e\u0000',
      page: '\u202ehome',
      claimedBy: '\u0000',
      status: '\u202eclosed',
      age: 30,
      insuranceProvider: 'Aetna',
      notes: 5,
    }),
  },
  {
    label: 'unicode lookalikes',
    body: JSON.stringify({
      name: '\ud800',
      email: 'ｅve@exam\u200bple.com',
      phone: '٣٠٣٥٥٥٠١٠٠',
      age: '٣٠',
      page: 'ｈome',
      status: 'ｃlosed',
      claimedBy: 1,
      insuranceProvider: 'Ａetna',
    }),
  },
];

describe('hostile input on every documented /api route', () => {
  for (const signedIn of [false, true]) {
    it(`answers 4xx JSON and stores nothing (${signedIn ? 'signed in' : 'signed out'})`, async () => {
      const before = await snapshot();
      for (const route of bodyRoutes) {
        for (const c of CORPUS) {
          const headers: Record<string, string> = { 'content-type': c.type ?? 'application/json' };
          if (signedIn) headers.authorization = `Bearer ${token}`;
          const r = await send(route.method, pathOf(route.path), c.body, headers);
          // Tracking answers 204 to every payload of its shape and counts only the site's pages.
          if (route.path === '/api/track-visit' && r.status === 204) continue;
          expectRefusedJson(r, `${route.method.toUpperCase()} ${route.path} with ${c.label}`);
        }
      }
      expect(await snapshot()).toBe(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }, 120_000);
  }

  it('refuses operators and deep nesting in query strings and path ids', async () => {
    const before = await snapshot();
    const auth = { authorization: `Bearer ${token}` };
    for (const path of [
      '/api/admin/analytics?period=24h&period=7d',
      '/api/admin/analytics?period=%24ne',
      '/api/admin/analytics?period=%E2%80%AE24h',
      '/api/admin/activity-logs/export?from=%24gt',
      '/api/admin/activity-logs/export?from=2020-01-01%00',
    ]) {
      expectRefusedJson(await send('get', path, undefined, auth), path);
    }
    for (const path of ['/api/admin/leads/%7B%22%24ne%22%3Anull%7D', `/api/admin/customers/${'a'.repeat(100)}`]) {
      const r = await send('delete', path, undefined, auth);
      expect([400, 404], path).toContain(r.status);
      expect(JSON.parse(r.text)).toEqual({ error: expect.any(String) });
    }
    expect(await snapshot()).toBe(before);
  });

  it('answers huge headers and junk bearer tokens with JSON, never a crash', async () => {
    const big = await send('get', '/api/admin/leads', undefined, {
      'x-filler': 'a'.repeat(12_000),
      authorization: `Bearer ${'a'.repeat(3000)}`,
    });
    expect(big.status).toBe(401);
    expect(JSON.parse(big.text)).toEqual({ error: 'Your session has expired. Please sign in again.' });
    // Past Node's 16 kB header limit the HTTP parser itself refuses the request, before any route.
    const huge = await send('get', '/api/health', undefined, { 'x-filler': 'a'.repeat(20_000) });
    expect(huge.status).toBe(431);
    expect(huge.text).toBe('');
    expect((await server.api('GET', '/api/health')).status).toBe(200);
  });
});

describe('hostile input on every tRPC procedure', () => {
  it('answers every procedure that takes input in tRPC error shape with 4xx and stores nothing', async () => {
    const before = await snapshot();
    for (const { name, type } of procedures) {
      for (const signedIn of [false, true]) {
        const auth: Record<string, string> = signedIn ? { authorization: `Bearer ${token}` } : {};
        const label = `${name} ${signedIn ? 'signed in' : 'signed out'}`;
        const cases =
          type === 'query'
            ? [
                send('get', `/trpc/${name}?input=${encodeURIComponent(deep(1500))}`, undefined, auth),
                send('get', `/trpc/${name}?input=${encodeURIComponent('{"json":')}`, undefined, auth),
              ]
            : [
                send('post', `/trpc/${name}`, deep(5000), { ...auth, 'content-type': 'application/json' }),
                send('post', `/trpc/${name}`, '{"json": ', { ...auth, 'content-type': 'application/json' }),
                send(
                  'post',
                  `/trpc/${name}`,
                  JSON.stringify({
                    json: {
                      email: { $gt: '' },
                      name: { $ne: null },
                      leadId: { $ne: null },
                      customerId: { $ne: null },
                      page: { $ne: '' },
                      credential: { $ne: '' },
                    },
                  }),
                  { ...auth, 'content-type': 'application/json' },
                ),
                send('post', `/trpc/${name}`, 'name=Eve', { ...auth, 'content-type': 'application/x-www-form-urlencoded' }),
                send('post', `/trpc/${name}`, JSON.stringify({ json: { name: 'a'.repeat(300_000) } }), {
                  ...auth,
                  'content-type': 'application/json',
                }),
              ];
        for (const r of await Promise.all(cases)) {
          expectRefusedJson(r, label);
          const body = JSON.parse(r.text);
          expect(body.error.json.data.httpStatus, label).toBe(r.status);
          expect(typeof body.error.json.message, label).toBe('string');
          expect(body.error.json.data.stack, label).toBeUndefined();
        }
      }
    }
    expect(await snapshot()).toBe(before);
  }, 120_000);
});
