// Whole-collection answers written while they are read (server/stream-answer.ts): the customer list and
// its CSV export over HTTP, across several database batches, against the real embedded database; and what
// a caller sees when reading fails before or during the answer.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import { trpcClient } from '../helpers/trpc-client.ts';
import { CustomerModel } from '../../models/customers/customer.ts';
import { CUSTOMER_BATCH } from '../../models/customers/list.ts';
import { streamJsonArray } from '../../server/stream-answer.ts';
import { writeAroundLeadModel } from '../../models/leads/testing.ts';

const server = useTestServer();
let admin: string;
const MANY = CUSTOMER_BATCH * 2 + 37;

beforeAll(async () => {
  ({ admin } = await createOffice(server, ['Ben']));
  const start = Date.UTC(2026, 0, 1);
  await CustomerModel.insertMany(
    Array.from({ length: MANY }, (_, i) => ({
      name: `Customer ${i}`,
      email: `c${i}@example.com`,
      phone: `+1720555${String(i).padStart(4, '0')}`,
      medicalHistory: 'kept out of lists',
      leadKey: `manual:stream-${i}`,
      createdAt: new Date(start + i * 60_000),
    })),
  );
});

describe('the whole customer list', () => {
  it('answers every customer, newest first, exactly as the console procedure lists them', async () => {
    const res = await server.api('GET', '/api/admin/customers', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(MANY);
    expect(res.body[0].name).toBe(`Customer ${MANY - 1}`);
    expect(res.body.at(-1).name).toBe('Customer 0');
    const listed = await trpcClient(server.url, admin).customers.list.query();
    expect(res.body).toEqual(JSON.parse(JSON.stringify(listed)));
    expect(JSON.stringify(res.body)).not.toContain('kept out of lists');
  });

  it('exports every customer as CSV, one header line and one line each', async () => {
    const res = await fetch(`${server.url}/api/admin/customers/export`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toMatch(/^customerId,name,/);
    expect(lines.filter((l) => l.startsWith('customerId,'))).toHaveLength(1);
    expect(lines).toHaveLength(MANY + 1);
  });

  it('refuses both without a token', async () => {
    expect((await server.api('GET', '/api/admin/customers')).status).toBe(401);
    expect((await fetch(`${server.url}/api/admin/customers/export`)).status).toBe(401);
  });
});

describe('the whole lead list', () => {
  it('answers every lead, newest first, across several batches, exactly as the leads collection holds them', async () => {
    const count = 1_037;
    const start = Date.UTC(2026, 0, 1);
    await writeAroundLeadModel(async (Lead) => {
      await Lead.insertMany(
        Array.from({ length: count }, (_, i) => ({
          name: `Lead ${i}`,
          email: `l${i}@example.com`,
          phone: `+1303555${String(i).padStart(4, '0')}`,
          phoneDigits: `303555${String(i).padStart(4, '0')}`,
          createdAt: new Date(start + i * 60_000),
        })),
      );
    });
    const res = await server.api('GET', '/api/admin/leads', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(count);
    expect(res.body[0].name).toBe(`Lead ${count - 1}`);
    expect(res.body.at(-1).name).toBe('Lead 0');
    const listed = await trpcClient(server.url, admin).leads.list.query();
    expect(res.body).toEqual(JSON.parse(JSON.stringify(listed)));
  });
});

describe('a streamed JSON array', () => {
  let url = '';
  let release = () => {};
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    // Compressed as the app compresses, so a piece held in the compression stream would show.
    app.use(compression());
    const batches = async function* (failAt: number) {
      for (let i = 0; i < 3; i++) {
        if (i === failAt) throw new Error('the database went away');
        yield Array.from({ length: 20_000 }, (_, j) => ({ i, j, at: new Date(0) }));
      }
    };
    app.get('/fail/:at', async (req, res, next) => {
      await streamJsonArray(res, batches(Number(req.params.at))).catch(next);
    });
    app.get('/empty', (_req, res) => streamJsonArray(res, (async function* () {})()));
    // A small first batch, then a source that waits until the test lets it go on.
    app.get('/held', (_req, res) =>
      streamJsonArray(
        res,
        (async function* () {
          yield [{ first: true }];
          await new Promise<void>((resolve) => (release = resolve));
          yield [{ first: false }];
        })(),
      ),
    );
    app.use((_err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(503).json({ error: 'Database unavailable' });
    });
    const listening = app.listen(0);
    await once(listening, 'listening');
    url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    close = () => listening.close();
  });
  afterAll(() => close());

  it('is the same text as the whole array would be', async () => {
    const res = await fetch(`${url}/fail/99`);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = await res.json();
    expect(body).toHaveLength(60_000);
    expect(body[59_999]).toEqual({ i: 2, j: 19_999, at: '1970-01-01T00:00:00.000Z' });
    expect(await (await fetch(`${url}/empty`)).json()).toEqual([]);
  });

  it('sends the first batch at once, before the rest is read', async () => {
    const res = await fetch(`${url}/held`);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toBe('[{"first":true}');
    release();
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    expect(JSON.parse(first + rest)).toEqual([{ first: true }, { first: false }]);
  });

  it('a failure before the first rows is an ordinary error answer', async () => {
    const res = await fetch(`${url}/fail/0`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'Database unavailable' });
  });

  it('a failure after rows were sent cuts the answer short instead of ending it as if whole', async () => {
    // Compressed, the cut may come before the first piece has left the compression stream: either way
    // the client never reads an answer that ends as if whole.
    const outcome = await fetch(`${url}/fail/2`).then(
      (res) =>
        res.text().then(
          () => `whole ${res.status}`,
          () => 'cut short',
        ),
      () => 'cut short',
    );
    expect(outcome).toBe('cut short');
  });
});
