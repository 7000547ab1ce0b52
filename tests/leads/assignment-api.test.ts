// Assignment through the API (docs/product.md §11): manual stays the default; round robin gives a new lead to the
// available agent licensed in its state, with the reason on its timeline; offer mode names the eligible
// agents; an agent's own Away switch; the load table; hostile input on the new procedures is refused
// with a 4xx and nothing stored.
import { beforeAll, describe, expect, it } from 'vitest';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import { outcome, trpcClient } from '../helpers/trpc-client.ts';
import { StaffModel } from '../../models/staff/accounts.ts';

const server = useTestServer();
let office: Awaited<ReturnType<typeof createOffice>>;
const ids: Record<string, string> = {};
let n = 0;

beforeAll(async () => {
  office = await createOffice(server, ['Ben Carter', 'Stef']);
  await StaffModel.updateOne({ email: 'office@example.com' }, { $set: { isAdmin: true } });
  for (const s of await StaffModel.find({ isAgent: true }).lean()) ids[s.name] = String(s._id);
});

const admin = () => trpcClient(server.url, office.admin);
/** A lead from a Colorado (303) or unknown-region (900) phone, added in the console. */
async function addLead(areaCode = '303') {
  n++;
  const res = await server.api('POST', '/api/admin/leads', {
    token: office.admin,
    body: { name: `Api ${n}`, email: `api${n}@example.com`, phone: `(${areaCode}) 555-${String(8000 + n)}` },
  });
  expect(res.status).toBe(201);
  return res.body.leadId as string;
}
const record = (leadId: string) => admin().leads.get.query({ leadId });

describe('assignment', () => {
  it('is manual by default: a new lead stays in the pool with nothing on its timeline about assignment', async () => {
    const settings = await admin().office.settings.query();
    expect(settings.assignmentMode).toBe('manual');
    expect(settings.escalation).toEqual({ remindAfterMin: null, returnAfterMin: null, adminsAfterMin: null });
    const leadId = await addLead();
    const { lead, timeline } = await record(leadId);
    expect(lead.claimedBy).toBeNull();
    expect(timeline.map((e) => e.kind)).toEqual(['created']);
  });

  it('round robin skips an agent who is away or not licensed, and the timeline says why', async () => {
    await admin().assignment.setAvailability.mutate({ staffId: ids['Ben Carter']!, licensedStates: ['co', 'TX'] });
    await admin().assignment.setAvailability.mutate({ staffId: ids.Stef!, licensedStates: ['CO'] });
    await admin().office.updateSettings.mutate({ assignmentMode: 'round-robin' });
    const stef = trpcClient(server.url, office.agents.Stef);
    expect(await stef.assignment.setMyAway.mutate({ away: true, awayUntil: new Date(Date.now() + 3600_000) })).toMatchObject({
      away: true,
    });

    const first = await record(await addLead());
    expect(first.lead.claimedBy).toBe('Ben Carter');
    expect(first.timeline[0]).toMatchObject({
      kind: 'assigned',
      reason: 'Assigned to Ben Carter by round robin: licensed in CO, available',
    });

    await admin().assignment.setAvailability.mutate({ staffId: ids['Ben Carter']!, away: true });
    const pool = await record(await addLead());
    expect(pool.lead.claimedBy).toBeNull();
    expect(pool.timeline[0]).toMatchObject({ kind: 'pool', reason: 'Left in the pool: no available agent licensed in CO' });

    expect(await stef.assignment.setMyAway.mutate({ away: false })).toMatchObject({ away: false, awayUntil: null });
    const back = await record(await addLead());
    expect(back.lead.claimedBy).toBe('Stef');

    const unknown = await record(await addLead('900'));
    expect(unknown.timeline[0]).toMatchObject({ kind: 'pool', reason: "Left in the pool: the lead's state is unknown" });
  });

  it('offer mode leaves the lead in the pool offered to the eligible agents; the first claim wins', async () => {
    await admin().office.updateSettings.mutate({ assignmentMode: 'offer' });
    await admin().assignment.setAvailability.mutate({ staffId: ids['Ben Carter']!, away: false });
    const leadId = await addLead();
    const { lead, timeline } = await record(leadId);
    expect(lead.claimedBy).toBeNull();
    expect(timeline[0]).toMatchObject({ kind: 'pool', reason: 'Offered to Ben Carter, Stef: licensed in CO, available' });
    const claims = await Promise.all(['Ben Carter', 'Stef'].map((a) => outcome(admin().leads.claim.mutate({ leadId, claimedBy: a }))));
    expect(claims.map((c) => c.status).sort()).toEqual([200, 409]);
    await admin().office.updateSettings.mutate({ assignmentMode: 'manual' });
  });

  it('the load table counts leads given to each agent over the period', async () => {
    const rows = await admin().assignment.load.query({ days: 7 });
    const ben = rows.find((r) => r.agent === 'Ben Carter')!;
    const stef = rows.find((r) => r.agent === 'Stef')!;
    expect(ben.assigned + stef.assigned).toBe(3); // two by round robin, one claimed in offer mode
    expect(ben.returned + stef.returned).toBe(0);
  });
});

describe('hostile input on the new procedures', () => {
  /** A procedure called by hand with input the typed client would refuse to build: its status. */
  const raw = async (path: string, token: string, json: unknown) => ({
    status: (await server.api('POST', `/trpc/${path}`, { token, body: { json } })).status,
  });
  const typed = (call: () => Promise<unknown>) => () => outcome(call());
  const stef = () => trpcClient(server.url, office.agents.Stef);
  const noStep = { returnAfterMin: null, adminsAfterMin: null };
  const cases: [string, () => Promise<{ status: number }>][] = [
    ['an unknown state', typed(() => admin().assignment.setAvailability.mutate({ staffId: ids.Stef!, licensedStates: ['ZZ'] }))],
    ['an operator for a state', () => raw('assignment.setAvailability', office.admin, { staffId: ids.Stef, licensedStates: [{ $ne: 1 }] })],
    ['an unknown account', typed(() => admin().assignment.setAvailability.mutate({ staffId: 'f'.repeat(24), away: true }))],
    ['a bad end time', () => raw('assignment.setMyAway', office.agents.Stef!, { away: true, awayUntil: 'soon' })],
    ['an unknown mode', () => raw('office.updateSettings', office.admin, { assignmentMode: 'fastest' })],
    ['a negative step', typed(() => admin().office.updateSettings.mutate({ escalation: { remindAfterMin: -1, ...noStep } }))],
    ['a huge period', typed(() => admin().assignment.load.query({ days: 1e9 }))],
    ['an agent setting licences', typed(() => stef().assignment.setAvailability.mutate({ staffId: ids.Stef!, away: true }))],
  ];
  it.each(cases)('%s is refused with a 4xx and nothing changes', async (_, call) => {
    const before = JSON.stringify(await StaffModel.find().sort({ _id: 1 }).lean());
    const settings = await admin().office.settings.query();
    const answer = await call();
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(JSON.stringify(await StaffModel.find().sort({ _id: 1 }).lean())).toBe(before);
    expect(await admin().office.settings.query()).toEqual(settings);
  });
});
