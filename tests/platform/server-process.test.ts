// The server as a process: refuses bad configuration, renders pages, and shuts down gracefully.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../helpers/server-processes.ts';

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));

// The server itself, not the tsx launcher in front of it, so a signal reaches the process under test.
const startServer = (env: Record<string, string>) =>
  startServerProcess({ LOG_LEVEL: 'warn', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'srv-')), ...env }, children);

describe('server process', () => {
  it('refuses to start with a message naming the bad variable', async () => {
    const s = startServer({ PORT: 'abc' });
    expect(await s.exited).toBe(1);
    expect(s.output()).toMatch(/PORT/);
  });

  it('fails with a message and exit 1 when its port is taken', { timeout: 120_000 }, async () => {
    const taken = http.createServer().listen(0);
    await new Promise((resolve) => taken.once('listening', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const s = startServer({ PORT: String(port) });
      expect(await s.exited, s.output()).toBe(1);
      expect(s.output()).toMatch(new RegExp(`Failed to start: port ${port} is in use`));
      expect(s.output()).not.toMatch(/Listening on/);
    } finally {
      taken.close();
    }
  });

  it('renders pages on the server', { timeout: 120_000 }, async () => {
    const s = startServer({});
    const base = await s.listening;
    const page = await fetch(base + '/about');
    expect(page.status, s.output()).toBe(200);
    expect(await page.text()).toMatch(/<div id="root"><!--\$-->.*<h1[^>]*>Meet Our Team<\/h1>/s);
    const missing = await fetch(base + '/no-such-page');
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toMatch(/<h1[^>]*>Meet Our Team<\/h1>/);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  });

  it(
    'on SIGTERM finishes an in-flight POST /api/referral and writes queued visits; both are there after a restart',
    { timeout: 180_000 },
    async () => {
      const env = {
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'srv-')),
        ADMIN_EMAIL: 'ops@example.com',
        ADMIN_PASSWORD: 'a-long-password-1',
        ADMIN_NAME: 'Ops Person',
      };
      const s = startServer(env);
      const base = await s.listening;
      const ua = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

      // A referral whose body is still arriving when the signal comes.
      const url = new URL(base + '/api/referral');
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json' } },
          (res) => {
            let body = '';
            res.on('data', (d) => (body += d));
            res.on('end', () => resolve({ status: res.statusCode!, body }));
          },
        );
        req.on('error', reject);
        req.write('{"name": "Sig Term", "email": "sig@example.com",');
        setTimeout(() => req.end(' "phone": "(303) 555-0142"}'), 800);
      });
      // 120 visits answered 204 just before the signal: still queued or being written when it comes.
      const visits = await Promise.all(
        Array.from({ length: 120 }, () =>
          fetch(base + '/api/track-visit', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'user-agent': ua },
            body: JSON.stringify({ page: 'about', userAgent: ua, referrer: 'direct' }),
          }),
        ),
      );
      expect(visits.map((v) => v.status)).toEqual(Array(120).fill(204));
      s.child.kill('SIGTERM');
      const referral = await answer;
      expect(referral.status).toBe(201);
      const { leadId } = JSON.parse(referral.body);
      expect(await s.exited, s.output()).toBe(0);

      const again = startServer(env);
      const base2 = await again.listening;
      const login = await fetch(base2 + '/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
      });
      const { token } = await login.json();
      const auth = { authorization: `Bearer ${token}` };
      const leads = await (await fetch(base2 + '/api/admin/leads', { headers: auth })).json();
      expect(leads.map((l: { leadId: string; name: string }) => `${l.leadId} ${l.name}`)).toEqual([`${leadId} Sig Term`]);
      const analytics = await (await fetch(base2 + '/api/admin/analytics?period=24h', { headers: auth })).json();
      expect(analytics.totalVisits.current).toBe(120);
      expect(analytics.topPages).toEqual([expect.objectContaining({ page: 'about', count: 120 })]);
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    },
  );

  it('keeps medical details out of the logs through a failed close, a refused update and an update', { timeout: 180_000 }, async () => {
    const env = { LOG_LEVEL: 'debug', ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'a-long-password-1', ADMIN_NAME: 'Ops Person' };
    const s = startServer(env);
    const base = await s.listening;
    const json = { 'content-type': 'application/json' };
    const login = await fetch(base + '/api/auth/login', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
    });
    const headers = { ...json, authorization: `Bearer ${(await login.json()).token}` };
    const medical = { medicalHistory: 'Secret-History-Asthma-1977', medications: 'Secret-Medication-Inhaler-42' };
    const customer = {
      name: 'Med Private',
      email: 'med@example.com',
      phone: '(303) 555-0177',
      age: 41,
      insuranceProvider: 'Aetna',
      ...medical,
    };

    const closeLead = (input: unknown) =>
      fetch(base + '/trpc/customers.closeLead', { method: 'POST', headers, body: JSON.stringify({ json: input }) });
    expect((await closeLead({ leadId: '64b000000000000000000000', customer })).status).toBe(404);
    expect((await closeLead({ leadId: '64b000000000000000000000', customer: { ...customer, email: 'not-an-email' } })).status).toBe(400);
    const created = await fetch(base + '/api/admin/customers', { method: 'POST', headers, body: JSON.stringify(customer) });
    expect(created.status).toBe(201);
    const { customerId } = await created.json();
    const update = (body: unknown) =>
      fetch(`${base}/api/admin/customers/${customerId}`, { method: 'PUT', headers, body: JSON.stringify(body) });
    expect((await update({ age: 'old', medicalHistory: 'Secret-History-Refused-2' })).status).toBe(400);
    expect((await update({ medicalHistory: 'Secret-History-Updated-3', medications: 'Secret-Medication-Updated-4' })).status).toBe(200);

    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    // The requests were logged (so the capture works), none of the medical text was.
    expect(s.output()).toContain(`/api/admin/customers/${customerId}`);
    expect(s.output()).not.toMatch(/Secret-/);
  });
});
