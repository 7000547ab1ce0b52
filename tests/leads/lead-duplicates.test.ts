// The 24-hour duplicate check under load (docs/decisions/004-lead-read-model.md): identical submissions
// sent at once each make their own lead, and exactly one of them is the first, the others its duplicates.
import { beforeAll, expect, it } from 'vitest';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import { findLeadRecords } from '../../models/leads/index.ts';

const server = useTestServer();
let admin: string;

beforeAll(async () => {
  ({ admin } = await createOffice(server));
});

it.each([1, 2, 3])('makes one first lead of 100 identical submissions at once, and 99 duplicates of it (round %i)', async (round) => {
  const email = `same${round}@example.com`;
  const body = { name: 'Same Person', email, phone: `(303) 555-019${round}` };
  const answers = await Promise.all(Array.from({ length: 100 }, () => server.api('POST', '/api/admin/leads', { token: admin, body })));
  expect(answers.map((a) => a.status)).toEqual(Array(100).fill(201));
  const leads = await findLeadRecords({ email });
  expect(leads).toHaveLength(100);
  const firsts = leads.filter((l) => l.duplicateOf === null);
  expect(firsts).toHaveLength(1);
  expect(new Set(leads.filter((l) => l.duplicateOf).map((l) => String(l.duplicateOf)))).toEqual(new Set([String(firsts[0]._id)]));
});
