// Pages kept in memory are answered before Express with the same status, headers (in the same order)
// and bytes as through Express; the admin host is read as Express reads it, behind a trusted proxy too.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import helmet from 'helmet';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedHeaders, withFastPath } from './fast-path.ts';
import { prepare, sendPrepared, type Prepared } from './page-cache.ts';
import type { MemoryLookup } from './ssr.ts';

const page = (text: string) =>
  prepare({
    status: 200,
    type: 'text/html; charset=utf-8',
    cacheControl: 'no-cache',
    body: Buffer.from(text.repeat(100)),
    validUntil: Infinity,
  });

const servers: http.Server[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

/** A server with `lookup` behind helmet, through Express only (`fast: false`) or with the fast path. */
async function serve(lookup: MemoryLookup, { fast, trustProxy }: { fast: boolean; trustProxy?: boolean }) {
  const app = express();
  app.disable('x-powered-by');
  if (trustProxy) app.set('trust proxy', true);
  const security = helmet();
  app.use(security);
  app.use((req, res, next) => {
    const answer = lookup(req.hostname, req.path);
    if (answer && !(answer instanceof Promise)) return sendPrepared(req, res, answer);
    res.setHeader('X-Handled-By', 'express');
    next();
  });
  app.use((_req, res) => void res.status(404).send('not here'));
  const server = http.createServer(fast ? withFastPath(app, lookup, fixedHeaders(security)) : app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Status, headers in the order sent (Date left out) and body bytes of one GET of `path` as written. */
const get = (base: string, path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: string[]; body: string }>((resolve, reject) => {
    http
      .get(base, { path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = res.rawHeaders.flatMap((v, i) => (i % 2 ? [] : [`${v}: ${res.rawHeaders[i + 1]}`]));
          resolve({
            status: res.statusCode!,
            headers: raw.filter((h) => !h.startsWith('Date:')),
            body: Buffer.concat(chunks).toString('base64'),
          });
        });
      })
      .on('error', reject);
  });

describe('the fast path for pages kept in memory', () => {
  it('sends what Express sends: status, security headers first, encodings and 304', async () => {
    const home = await page('<p>home</p>');
    const lookup: MemoryLookup = (_host, path) => (path === '/' ? home : undefined);
    const [slow, fast] = [await serve(lookup, { fast: false }), await serve(lookup, { fast: true })];
    for (const path of ['/?utm_source=x', '/#top'])
      for (const headers of [
        {},
        { 'accept-encoding': 'gzip, br' },
        { 'accept-encoding': 'gzip' },
        { 'if-none-match': home.etag },
      ] as Record<string, string>[]) {
        const [a, b] = [await get(slow, path, headers), await get(fast, path, headers)];
        expect(b).toEqual(a);
        expect(b.headers[0]).toMatch(/^Content-Security-Policy: default-src 'self'/);
      }
    expect((await get(fast, '/', { 'if-none-match': home.etag })).status).toBe(304);
  });

  it('leaves other paths and pages still rendering to Express', async () => {
    const home = await page('<p>home</p>');
    const rendering = new Promise<Prepared>(() => {});
    const lookup: MemoryLookup = (_host, path) => (path === '/' ? home : path === '/slow' ? rendering : undefined);
    const fast = await serve(lookup, { fast: true });
    expect((await get(fast, '/')).headers).not.toContain('X-Handled-By: express');
    for (const path of ['/api/health', '/slow']) expect((await get(fast, path)).headers, path).toContain('X-Handled-By: express');
  });

  it('reads the host as Express does: the port dropped, X-Forwarded-Host only from a trusted proxy', async () => {
    const [admin, main] = [await page('<p>console</p>'), await page('<p>site</p>')];
    const lookup: MemoryLookup = (host) => (host === 'admin.example.com' ? admin : main);
    const body = async (base: string, headers: Record<string, string>) => (await get(base, '/', headers)).body;
    const direct = await serve(lookup, { fast: true });
    expect(await body(direct, { host: 'admin.example.com:8080' })).toBe(admin.body.toString('base64'));
    expect(await body(direct, { 'x-forwarded-host': 'admin.example.com' })).toBe(main.body.toString('base64'));
    const proxied = await serve(lookup, { fast: true, trustProxy: true });
    expect(await body(proxied, { 'x-forwarded-host': 'admin.example.com, other.example.com' })).toBe(admin.body.toString('base64'));
  });
});
