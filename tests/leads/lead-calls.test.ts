// Logging a call (docs/product.md §10): what a bad call is refused with (changing nothing), how a
// call moves the lead's status, a burst of calls on one lead, and a call racing an unclaim.
import { describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { useOfficeWithBen, useTestServer } from '../helpers/test-server.ts';
import { outcome, trpcClient } from '../helpers/trpc-client.ts';
import { ActivityModel } from '../../models/activity/log.ts';
import type { LeadStatus } from '../../schemas/lead.ts';

const server = useTestServer();
const office = useOfficeWithBen(server);

const asAdmin = () => trpcClient(server.url, office.admin);
const asBen = () => trpcClient(server.url, office.ben);
type CallInput = Parameters<ReturnType<typeof asBen>['leads']['logCall']['mutate']>[0];
const logCall = (input: CallInput) => outcome(asBen().leads.logCall.mutate(input));
const record = (leadId: string) => asAdmin().leads.get.query({ leadId });
const inMinutes = (n: number) => new Date(Date.now() + n * 60_000);

let made = 0;
async function lead(opts: { claim?: boolean; status?: LeadStatus } = {}) {
  made++;
  const created = await asAdmin().leads.create.mutate({
    name: `Caller ${made}`,
    email: `caller${made}@example.com`,
    phone: `(720) 555-${5000 + made}`,
  });
  if (opts.claim !== false) await asAdmin().leads.claim.mutate({ leadId: created.leadId, claimedBy: 'Ben Carter' });
  if (opts.status) await asAdmin().leads.update.mutate({ leadId: created.leadId, status: opts.status });
  return created.leadId;
}

/** What a refused call must have left alone. */
async function untouched(leadId: string) {
  const { lead: l, timeline } = await record(leadId);
  expect(l.lastCall).toBeNull();
  expect(l.followUpAt).toBeNull();
  expect(timeline.filter((e) => e.kind === 'call')).toEqual([]);
  expect(await ActivityModel.countDocuments({ action: 'LEAD_CALL_LOGGED', 'details.leadId': leadId })).toBe(0);
  return l;
}

describe('logging a call', () => {
  it('refuses bad input, unknown leads and unclaimed or finished leads, changing nothing', async () => {
    const leadId = await lead();
    const badOutcome = await logCall({ leadId, outcome: 'left-message' as CallInput['outcome'], note: 'hi' });
    expect(badOutcome.status).toBe(400);
    const past = await logCall({ leadId, outcome: 'reached', note: '', followUpAt: inMinutes(-60) });
    expect(past).toMatchObject({ status: 400, error: 'followUpAt: Pick a follow-up time in the future' });
    const tooLong = await logCall({ leadId, outcome: 'reached', note: 'x'.repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect((await untouched(leadId)).status).toBe('unclaimed');

    const unknown = await logCall({ leadId: new mongoose.Types.ObjectId().toHexString(), outcome: 'reached', note: '' });
    expect(unknown).toMatchObject({ status: 404, error: 'Lead not found' });
    expect((await logCall({ leadId: 'not-an-id', outcome: 'reached', note: '' })).status).toBe(404);

    const unclaimed = await lead({ claim: false });
    expect(await logCall({ leadId: unclaimed, outcome: 'reached', note: 'hello' })).toMatchObject({
      status: 409,
      error: 'Claim this lead before logging a call.',
    });
    expect((await untouched(unclaimed)).claimedBy).toBeNull();

    const lost = await lead({ status: 'lost' });
    expect((await logCall({ leadId: lost, outcome: 'voicemail', note: '' })).status).toBe(409);
    expect((await untouched(lost)).status).toBe('lost');
  });

  it.each([
    { from: undefined, followUp: false, to: 'called' },
    { from: undefined, followUp: true, to: 'follow-up' },
    { from: 'called', followUp: true, to: 'follow-up' },
    { from: 'called', followUp: false, to: 'called' },
    { from: 'quoted', followUp: true, to: 'quoted' },
    { from: 'follow-up', followUp: false, to: 'follow-up' },
  ] as const)('moves a $from lead with a follow-up: $followUp to $to', async ({ from, followUp, to }) => {
    const leadId = await lead({ status: from });
    const followUpAt = followUp ? inMinutes(90) : null;
    const res = await logCall({ leadId, outcome: 'voicemail', note: 'Left a message', followUpAt });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ status: to, followUpAt, lastCall: { outcome: 'voicemail', by: 'Ben Carter' } });
    expect(res.data.contactedAt).toBeInstanceOf(Date);
    const logged = await ActivityModel.findOne({ action: 'LEAD_CALL_LOGGED', 'details.leadId': leadId }).lean();
    expect(logged).toMatchObject({
      user: 'Ben Carter',
      details: { outcome: 'voicemail', claimedBy: 'Ben Carter', leadName: res.data.name },
    });
    expect(logged!.details!.newStatus ?? null).toBe(to === (from ?? 'unclaimed') ? null : to);
    const [call] = (await record(leadId)).timeline;
    expect(call).toMatchObject({ kind: 'call', user: 'Ben Carter', outcome: 'voicemail', note: 'Left a message', followUpAt });
  });

  it('clears a pending follow-up when a call sets none', async () => {
    const leadId = await lead();
    expect((await logCall({ leadId, outcome: 'no-answer', note: '', followUpAt: inMinutes(30) })).data.followUpAt).not.toBeNull();
    const cleared = await logCall({ leadId, outcome: 'reached', note: 'Sorted', followUpAt: null });
    expect(cleared.data).toMatchObject({ status: 'follow-up', followUpAt: null, lastCall: { outcome: 'reached' } });
  });

  it('lands all of 100 calls logged at once on one lead', async () => {
    const leadId = await lead();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        logCall({
          leadId,
          outcome: i % 2 ? 'no-answer' : 'reached',
          note: `call ${i}`,
          followUpAt: i % 10 === 0 ? inMinutes(60 + i) : null,
        }),
      ),
    );
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    const { lead: after, timeline } = await record(leadId);
    const calls = timeline.filter((e) => e.kind === 'call');
    expect(calls).toHaveLength(100);
    expect(new Set(calls.map((c) => c.note)).size).toBe(100);
    expect(after.status).toBe('follow-up');
    expect(await ActivityModel.countDocuments({ action: 'LEAD_CALL_LOGGED', 'details.leadId': leadId })).toBe(100);
  });

  it('never leaves a call half-written on a lead an unclaim emptied at the same moment', async () => {
    for (let round = 0; round < 8; round++) {
      const leadId = await lead();
      const [call, unclaim] = await Promise.all([
        logCall({ leadId, outcome: 'reached', note: `race ${round}`, followUpAt: inMinutes(45) }),
        outcome(asAdmin().leads.unclaim.mutate({ leadId })),
      ]);
      const { lead: after, timeline } = await record(leadId);
      const callEntries = timeline.filter((e) => e.kind === 'call');
      if (call.status === 200) expect(callEntries).toHaveLength(1);
      else {
        expect(call).toMatchObject({ status: 409 });
        expect(callEntries).toEqual([]);
      }
      if (unclaim.status === 200) {
        // Unclaimed last: nobody holds the lead, and no follow-up or worked status is left on it.
        expect(after).toMatchObject({ claimedBy: null, status: 'unclaimed', followUpAt: null });
      } else {
        expect(after).toMatchObject({ claimedBy: 'Ben Carter', status: 'follow-up' });
      }
    }
  });
});
