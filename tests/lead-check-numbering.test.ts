// Leads stored around the model without a number (a script, an old import) are numbered and listed by the
// start-up check, even while the console adds leads at the same moment: every lead ends with its own
// number, once in the list, and the kept counts equal the leads.
import { beforeAll, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { createOffice, useTestServer } from './helpers/test-server.ts';
import { checkLeadReadModel } from '../models/leads/index.ts';

const server = useTestServer();
let admin: string;

beforeAll(async () => {
  ({ admin } = await createOffice(server, ['Ben Carter']));
});

const leads = () => mongoose.connection.collection('leads');

async function create(i: number) {
  const res = await server.api('POST', '/api/admin/leads', {
    token: admin,
    body: { name: `Console ${i}`, email: `console${i}@example.com`, phone: `(720) 555-${5000 + i}` },
  });
  expect(res.status).toBe(201);
  return res.body.leadId as string;
}

it('numbers leads stored without a number while new leads arrive, and lists each once', async () => {
  await create(0);
  const now = Date.now();
  const around = Array.from({ length: 30 }, (_, i) => ({
    _id: new mongoose.Types.ObjectId(),
    name: `Around ${i}`,
    email: `around${i}@example.com`,
    phone: `(303) 555-${6000 + i}`,
    phoneDigits: `303555${6000 + i}`,
    status: i % 3 ? 'unclaimed' : 'lost',
    claimedBy: null,
    createdAt: new Date(now - (30 - i) * 60_000),
  }));
  await leads().insertMany(around);

  const [created] = await Promise.all([Promise.all(Array.from({ length: 12 }, (_, i) => create(i + 1))), checkLeadReadModel()]);
  await checkLeadReadModel(); // a second start changes nothing more

  const rows = await leads()
    .find({}, { projection: { seq: 1 } })
    .toArray();
  const numbers = rows.map((r) => r.seq as number);
  expect(numbers.every((n) => Number.isInteger(n) && n > 0)).toBe(true);
  expect(new Set(numbers).size).toBe(rows.length);

  const listed = await server.api('GET', '/api/admin/leads', { token: admin });
  expect(listed.status).toBe(200);
  const ids = (listed.body as { leadId: string }[]).map((l) => l.leadId);
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort()).toEqual(rows.map((r) => String(r._id)).sort());
  for (const id of [...created, ...around.map((l) => String(l._id))]) expect(ids).toContain(id);

  const stats = await server.api('GET', '/api/admin/stats', { token: admin });
  expect(stats.body.totalReferrals).toBe(rows.length);
  expect(stats.body.statusCounts.lost).toBe(await leads().countDocuments({ status: 'lost' }));
});
