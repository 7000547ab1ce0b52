// The API's outside contract: health, JSON errors, body limits, and recovery when the database returns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { createStaffWithToken, startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const waitFor = async (check: () => Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
};

describe('API foundation', () => {
  it('reports the database in /api/health', async () => {
    const res = await server.api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', db: 'up' });
  });

  it('answers unknown /api routes with a JSON 404', async () => {
    const res = await server.api('GET', '/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found' });
  });

  it('refuses malformed JSON with 400 and oversized bodies with 413, without stack traces', async () => {
    const bad = await server.api('POST', '/api/health', { body: '{"name": ' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'Request body is not valid JSON' });
    const big = await server.api('POST', '/api/health', { body: JSON.stringify({ x: 'a'.repeat(200_000) }) });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ error: 'Request body is too large' });
  });

  it('answers 503 while the embedded database is down and recovers by itself with the data kept', async () => {
    await mongoose.connection.db!.collection('probe').insertOne({ kept: true });
    const { token } = await createStaffWithToken(server, { name: 'Ben Carter', email: 'ben@example.com' });
    // FerretDB restarts by itself a second after a crash: keep it down while the answers are checked.
    const keepDown = setInterval(() => {
      try {
        process.kill(server.db.embedded.pid()!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, 50);
    expect(await waitFor(async () => (await server.api('GET', '/api/health')).status === 503)).toBe(true);
    const [health, leads] = await Promise.all([server.api('GET', '/api/health'), server.api('GET', '/api/admin/leads', { token })]);
    expect([health.status, health.body]).toEqual([503, { status: 'degraded', db: 'down' }]);
    expect([leads.status, leads.body]).toEqual([503, { error: 'The database is unavailable. Please try again shortly.' }]);
    clearInterval(keepDown);
    expect(await waitFor(async () => (await server.api('GET', '/api/health')).status === 200)).toBe(true);
    expect(await mongoose.connection.db!.collection('probe').countDocuments({ kept: true })).toBe(1);
  });
});
