// The live console's change stream: tRPC subscriptions over server-sent events, opened with a
// short-lived ticket, telling every open console of a lead change made anywhere within 2 seconds.
import { beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { createStaffWithToken, useTestServer } from '../helpers/test-server.ts';

const server = useTestServer();
let token: string;

beforeAll(async () => {
  ({ token } = await createStaffWithToken(server, { name: 'Ben', email: 'ben@demo.local', isAgent: true }));
});

async function ticketFor(auth: string): Promise<string> {
  const res = await server.api('POST', '/trpc/live.ticket', { token: auth, body: {} });
  expect(res.status).toBe(200);
  return res.body.result.data.json.ticket as string;
}

/** Opens the stream as a browser's EventSource would and collects its data lines. */
async function openStream(ticket: string | null) {
  const params = ticket ? `?connectionParams=${encodeURIComponent(JSON.stringify({ ticket }))}` : '';
  const ac = new AbortController();
  // fetch asks for gzip like a browser: the stream must not be held back by compression.
  const res = await fetch(`${server.url}/trpc/live.changes${params}`, { headers: { accept: 'text/event-stream' }, signal: ac.signal });
  const events: string[] = [];
  let text = '';
  void (async () => {
    const decoder = new TextDecoder();
    try {
      const reader = res.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        let end;
        while ((end = text.indexOf('\n\n')) >= 0) {
          events.push(text.slice(0, end));
          text = text.slice(end + 2);
        }
      }
    } catch {
      /* aborted */
    }
  })();
  const waitFor = async (pred: (e: string[]) => boolean, timeoutMs: number) => {
    const until = Date.now() + timeoutMs;
    while (!pred(events)) {
      if (Date.now() > until) throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { res, events, waitFor, close: () => ac.abort() };
}

const dataEvents = (events: string[]) => events.filter((e) => /^data: /m.test(e) && !/^event: (ping|connected)/m.test(e));

describe('the live change stream', () => {
  it('tells an open console of a new lead from the public form and of a claim within 2 seconds', async () => {
    const stream = await openStream(await ticketFor(token));
    try {
      expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
      await stream.waitFor((e) => dataEvents(e).length === 1, 3000);

      const started = Date.now();
      const created = await server.api('POST', '/api/referral', {
        body: { name: 'Live Lena', email: 'lena@example.com', phone: '303-555-0190' },
      });
      expect(created.status).toBe(201);
      await stream.waitFor((e) => dataEvents(e).length === 2, 2000);
      expect(Date.now() - started).toBeLessThan(2000);

      const claimed = await server.api('PUT', `/api/admin/leads/${created.body.leadId}/claim`, { token, body: { claimedBy: 'Ben' } });
      expect(claimed.status).toBe(200);
      await stream.waitFor((e) => dataEvents(e).length === 3, 2000);
    } finally {
      stream.close();
    }
  });

  it('hears of a change made through another server (the shared counter, polled every second)', async () => {
    const stream = await openStream(await ticketFor(token));
    try {
      await stream.waitFor((e) => dataEvents(e).length === 1, 3000);
      // Another server's bump reaches this one only through the database, not this process's events.
      await mongoose.connection
        .collection<{ _id: string; n: number }>('change_counters')
        .updateOne({ _id: 'leads' }, { $inc: { n: 1 } }, { upsert: true });
      await stream.waitFor((e) => dataEvents(e).length === 2, 2000);
    } finally {
      stream.close();
    }
  });

  it('refuses a stream without a valid ticket, and a ticket without a signed-in token', async () => {
    const stream = await openStream(null);
    try {
      await stream.waitFor((e) => e.some((x) => x.includes('UNAUTHORIZED')), 3000);
      expect(dataEvents(stream.events).filter((e) => !e.includes('UNAUTHORIZED'))).toEqual([]);
    } finally {
      stream.close();
    }
    const forged = await openStream(token); // a staff token is not a ticket
    try {
      await forged.waitFor((e) => e.some((x) => x.includes('UNAUTHORIZED')), 3000);
    } finally {
      forged.close();
    }
    expect((await server.api('POST', '/trpc/live.ticket', { body: {} })).status).toBe(401);
  });
});
