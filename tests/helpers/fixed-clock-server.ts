// A test server for the per-address visit limits: one trusted proxy hop (each X-Forwarded-For stands for
// a visitor of its own) and a clock fixed in the middle of an hour, so no hourly count rolls over mid-test.
import { vi } from 'vitest';
import { startTestServer, type TestServer } from './test-server.ts';

/** Starts the server, then fixes `Date` at 2026-03-10 18:20 UTC; undo with `vi.useRealTimers()`. */
export async function startServerAtFixedClock(): Promise<TestServer> {
  const server = await startTestServer({ TRUST_PROXY: '1' });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(Date.UTC(2026, 2, 10, 18, 20)));
  return server;
}
