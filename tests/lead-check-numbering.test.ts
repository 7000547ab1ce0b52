// Leads stored around the model without a number (a script, an old import) are numbered and listed by the
// start-up check, even while the console adds leads at the same moment: every lead ends with its own
// number, once in the list, and the kept counts equal the leads.
import { expect, it } from 'vitest';
import mongoose from 'mongoose';
import { addLeadOverRest, useOfficeWithBen, useTestServer } from './helpers/test-server.ts';
import { checkLeadReadModel } from '../models/leads/index.ts';

const server = useTestServer();
const office = useOfficeWithBen(server);

const leads = () => mongoose.connection.collection('leads');

const create = (i: number) =>
  addLeadOverRest(server, office.admin, { name: `Console ${i}`, email: `console${i}@example.com`, phone: `(720) 555-${5000 + i}` });

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

  const listed = await server.api('GET', '/api/admin/leads', { token: office.admin });
  expect(listed.status).toBe(200);
  const ids = (listed.body as { leadId: string }[]).map((l) => l.leadId);
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort()).toEqual(rows.map((r) => String(r._id)).sort());
  for (const id of [...created, ...around.map((l) => String(l._id))]) expect(ids).toContain(id);

  const stats = await server.api('GET', '/api/admin/stats', { token: office.admin });
  expect(stats.body.totalReferrals).toBe(rows.length);
  expect(stats.body.statusCounts.lost).toBe(await leads().countDocuments({ status: 'lost' }));
});
