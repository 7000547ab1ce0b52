// The API's outside contract: health, JSON errors, body limits, and recovery when the database returns.
import { describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { createStaffWithToken, keepDatabaseDown, useTestServer, type TestServer } from '../helpers/test-server.ts';

const server = useTestServer();

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

  it('answers 503 JSON on health and on data routes while the embedded database is down, then recovers with the data kept', async () => {
    const { token } = await createStaffWithToken(server, { name: 'Dee Down', email: 'down@example.com' });
    await mongoose.connection.db!.collection('probe').insertOne({ kept: true });
    // Keep the database down while asserting: kill it again each time its supervisor restarts it.
    const keepDown = keepDatabaseDown(server);
    try {
      await expect.poll(async () => (await server.api('GET', '/api/health')).status, { timeout: 20_000, interval: 200 }).toBe(503);
      // The supervisor restarts the engine within a second and the interval kills it again, so a
      // request can land in the short gap while it is up: each route must answer 503 while it is down.
      const answer = async (method: 'GET' | 'POST', url: string, opts: Parameters<TestServer['api']>[2] = {}) => {
        const r = await server.api(method, url, opts);
        return [r.status, r.body];
      };
      const poll = { timeout: 20_000, interval: 100 };
      await expect.poll(() => answer('GET', '/api/health'), poll).toEqual([503, { status: 'degraded', db: 'down' }]);
      const unavailable = { error: 'The database is unavailable. Please try again shortly.' };
      await expect.poll(() => answer('GET', '/api/admin/leads', { token }), poll).toEqual([503, unavailable]);
      const referral = { body: { name: 'Rae Ferral', email: 'rae@example.com', phone: '(303) 555-0199' } };
      await expect.poll(() => answer('POST', '/api/referral', referral), poll).toEqual([503, unavailable]);
    } finally {
      clearInterval(keepDown);
    }
    await expect.poll(async () => (await server.api('GET', '/api/health')).status, { timeout: 20_000, interval: 200 }).toBe(200);
    expect(await mongoose.connection.db!.collection('probe').countDocuments({ kept: true })).toBe(1);
  });
});
