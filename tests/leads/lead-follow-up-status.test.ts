// The status "follow-up" always comes with a time, so the lead stays in its agent's My work: the time
// given, the pending one, or 10:00 on the next business day in the lead's zone; bad times change nothing;
// a lost or closed lead drops its follow-up.
import { describe, expect, it } from 'vitest';
import { useOfficeWithBen, useTestServer } from '../helpers/test-server.ts';
import { outcome, trpcClient } from '../helpers/trpc-client.ts';
import { nextBusinessMorning } from '../../schemas/follow-up-time.ts';

const server = useTestServer();
const office = useOfficeWithBen(server);

const asAdmin = () => trpcClient(server.url, office.admin);
const asBen = () => trpcClient(server.url, office.ben);
const inHours = (n: number) => new Date(Date.now() + n * 3600_000);

let made = 0;
/** A lead claimed by Ben; a 312 (Chicago) phone gives it the Central zone. */
async function claimed() {
  made++;
  const lead = await asAdmin().leads.create.mutate({
    name: `Follow ${made}`,
    email: `follow${made}@example.com`,
    phone: `(312) 555-${6000 + made}`,
  });
  await asAdmin().leads.claim.mutate({ leadId: lead.leadId, claimedBy: 'Ben Carter' });
  return lead.leadId;
}

const allWork = async () => {
  const work = await asBen().leads.myWork.query({});
  return [...work.overdue, ...work.today].map((l) => l.leadId);
};

describe('the status follow-up', () => {
  it('takes the time given and records it on the timeline', async () => {
    const leadId = await claimed();
    const at = inHours(3);
    const saved = await asBen().leads.update.mutate({ leadId, status: 'follow-up', followUpAt: at });
    expect(saved).toMatchObject({ status: 'follow-up', followUpAt: at });
    const { timeline } = await asAdmin().leads.get.query({ leadId });
    expect(timeline).toContainEqual(expect.objectContaining({ kind: 'follow-up', user: 'Ben Carter', followUpAt: at }));
  });

  it("without a time gets 10:00 on the next business day in the lead's zone", async () => {
    const leadId = await claimed();
    const before = Date.now();
    const saved = await asBen().leads.update.mutate({ leadId, status: 'follow-up' });
    const expected = nextBusinessMorning(new Date(before), 'America/Chicago');
    expect(saved.followUpAt?.getTime()).toBe(expected.getTime());
  });

  it('without a time keeps a pending follow-up, and a lead due today shows in My work', async () => {
    const leadId = await claimed();
    await asBen().leads.logCall.mutate({ leadId, outcome: 'reached', note: '', followUpAt: new Date(Date.now() + 120_000) });
    await asBen().leads.update.mutate({ leadId, status: 'quoted' });
    const saved = await asBen().leads.update.mutate({ leadId, status: 'follow-up' });
    expect(saved.followUpAt!.getTime()).toBeLessThan(Date.now() + 120_000 + 1000);
    expect(await allWork()).toContain(leadId);
  });

  it('refuses a time in the past or one without the status, changing nothing', async () => {
    const leadId = await claimed();
    const past = await outcome(asBen().leads.update.mutate({ leadId, status: 'follow-up', followUpAt: inHours(-2) }));
    expect(past).toMatchObject({ status: 400, error: expect.stringContaining('Pick a follow-up time in the future') });
    const alone = await outcome(asBen().leads.update.mutate({ leadId, status: 'quoted', followUpAt: inHours(2) }));
    expect(alone).toMatchObject({ status: 400, error: expect.stringContaining('A follow-up date goes with the status follow-up') });
    expect((await asAdmin().leads.get.query({ leadId })).lead).toMatchObject({ status: 'unclaimed', followUpAt: null });
  });

  it('a lost lead drops its follow-up', async () => {
    const leadId = await claimed();
    await asBen().leads.update.mutate({ leadId, status: 'follow-up', followUpAt: inHours(1) });
    const lost = await asBen().leads.update.mutate({ leadId, status: 'lost' });
    expect(lost).toMatchObject({ status: 'lost', followUpAt: null });
    expect(await allWork()).not.toContain(leadId);
  });
});
