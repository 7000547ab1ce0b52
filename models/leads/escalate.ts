// The escalation ladder (docs/product.md §11) for a lead nobody has called, at the minutes an admin sets (Office
// settings): a reminder to its holder (to the team while nobody holds it), then back to the pool (or
// to the next agent in round robin), then a notice to the admins. The holder's steps count from the
// claim, the admins' from arrival. Each holding has its own ladder, each step run once per holding
// whatever the number of servers: it is taken by inserting `lead_escalations` under a unique key,
// `<leadId>:<claim time>:<step>` for a holder, `<leadId>:pool<return time>:<step>` for a stint in the
// pool after a return, `<leadId>:<step>` for the first stint in the pool and for the admins' notice
// (once per lead); made, then marked done. A step whose taker died is taken over after its lease by
// one conditional write, and every action is conditional or keyed, so running it again changes nothing twice.
import mongoose from 'mongoose';
import { isDuplicateKey } from '../../server/errors.ts';
import { logger } from '../../server/logger.ts';
import { noteLeadChange } from '../live';
import { getOfficeSettings } from '../office';
import { enqueueEscalationNotice } from '../outbox';
import { assignLead, ROUND_ROBIN_USER } from './assign.ts';
import { changeLead } from './write.ts';
import { FINISHED } from './rules.ts';
import type { LeadStatus } from '../../schemas/lead.ts';
import { LeadModel, type LeadRecord } from './schema.ts';
import { addTimelineEntry } from './timeline.ts';
import { dueSteps, LADDER, minutesInWords, minutesOf, soonestMinutes, type LadderStep } from './ladder.ts';

export { LADDER, type LadderStep };

interface StepDoc {
  _id: string;
  leadId: string;
  step: LadderStep;
  /** who held the lead when the step was taken (null: the pool) */
  holder: string | null;
  at: Date;
  done: boolean;
  leaseUntil: Date;
}

const steps = () => mongoose.connection.collection<StepDoc>('lead_escalations');
const LEASE_MS = 60_000;
/** Leads older than this are left alone: the ladder is about the first day or so. */
const LOOK_BACK_MS = 30 * 24 * 3600_000;
const MINUTE = 60_000;

/** Makes one step (again, after a takeover: each action is conditional or keyed). */
async function runStep(lead: LeadRecord, step: StepDoc, minutes: number, now: Date, returnedBy: string | null): Promise<void> {
  const leadId = String(lead._id);
  const after = minutesInWords(minutes);
  if (step.step === 'remind') {
    const reason = step.holder
      ? `Reminder to ${step.holder}: not called within ${after}`
      : `Reminder to the team: nobody took it within ${after}`;
    await Promise.all([
      addTimelineEntry(lead._id, { at: now, kind: 'escalated', user: ROUND_ROBIN_USER, reason }),
      enqueueEscalationNotice(leadId, 'holder-reminder', `${reason}: ${lead.name}`, step.holder, step._id.slice(leadId.length + 1)),
    ]);
  } else if (step.step === 'admins') {
    const reason = `Admins told: not called within ${after} of arriving`;
    await Promise.all([
      addTimelineEntry(lead._id, { at: now, kind: 'escalated', user: ROUND_ROBIN_USER, reason }),
      enqueueEscalationNotice(leadId, 'escalation', `${reason}: ${lead.name}${step.holder ? ` (held by ${step.holder})` : ''}`, null),
    ]);
  } else if (step.holder) {
    const why = `Back to the pool: ${step.holder} did not call within ${after}`;
    const taken = await changeLead(
      { _id: lead._id, claimedBy: step.holder, contactedAt: null, status: { $nin: FINISHED } },
      { claimedBy: null, claimedAt: null, followUpAt: null },
      () => addTimelineEntry(lead._id, { at: now, kind: 'escalated', user: ROUND_ROBIN_USER, claimedBy: step.holder!, reason: why }),
    );
    if (taken) await assignLead(lead._id, now, { exclude: step.holder, why: 'Returned by escalation' });
  } else {
    const why = `Still in the pool after ${after}`;
    // Not straight back to the agent it was just taken from: that agent had their turn.
    const assigned = await assignLead(lead._id, now, { why, ...(returnedBy ? { exclude: returnedBy } : {}) });
    // Manual mode (or nobody eligible, already said): the entry; a lead claimed meanwhile needs none.
    if (!assigned && (await LeadModel.exists({ _id: lead._id, claimedBy: null })))
      await addTimelineEntry(lead._id, { at: now, kind: 'escalated', user: ROUND_ROBIN_USER, reason: why });
  }
}

/** A waiting lead with the end of its last escalation return, when it is in the pool after one. */
type Holding = LeadRecord & { pooledAt?: Date | null; returnedBy?: string | null };

/** The key of a step of the lead's present holding (see the header). */
function keyOf(lead: Holding, step: LadderStep): string {
  const id = String(lead._id);
  if (step === 'admins') return `${id}:admins`;
  if (lead.claimedBy && lead.claimedAt) return `${id}:${lead.claimedAt.getTime()}:${step}`;
  if (!lead.claimedBy && lead.pooledAt) return `${id}:pool${lead.pooledAt.getTime()}:${step}`;
  return `${id}:${step}`;
}

/** The lead with its last return to the pool (from the steps taken), while nobody holds it. */
function withPoolStint(lead: LeadRecord, taken: StepDoc[]): Holding {
  if (lead.claimedBy) return lead;
  const last = taken
    .filter((s) => s.leadId === String(lead._id) && s.step === 'return' && s.holder)
    .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
  return last ? { ...lead, pooledAt: last.at, returnedBy: last.holder } : lead;
}

/**
 * The step of the present holding as taken, if it was. A holder's step taken before steps were keyed
 * per holding (`<leadId>:<step>`, naming this holder, at or after the claim) counts for this holding.
 */
function takenFor(lead: Holding, step: LadderStep, byKey: Map<string, StepDoc>): StepDoc | undefined {
  const found = byKey.get(keyOf(lead, step));
  if (found || !lead.claimedBy || !lead.claimedAt || step === 'admins') return found;
  const old = byKey.get(`${String(lead._id)}:${step}`);
  return old && old.holder === lead.claimedBy && old.at.getTime() >= lead.claimedAt.getTime() ? old : undefined;
}

/** Takes a step: inserts its key, or takes over an expired lease. Null when another server has it or it is done. */
async function takeStep(lead: Holding, step: LadderStep, now: Date, found?: StepDoc): Promise<StepDoc | null> {
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  if (found) {
    if (found.done || found.leaseUntil.getTime() > now.getTime()) return null;
    const r = await steps().updateOne({ _id: found._id, done: false, leaseUntil: found.leaseUntil }, { $set: { leaseUntil } });
    return r.modifiedCount ? { ...found, leaseUntil } : null;
  }
  const doc: StepDoc = {
    _id: keyOf(lead, step),
    leadId: String(lead._id),
    step,
    holder: lead.claimedBy ?? null,
    at: now,
    done: false,
    leaseUntil,
  };
  try {
    await steps().insertOne(doc);
    return doc;
  } catch (err) {
    if (isDuplicateKey(err)) return null;
    throw err;
  }
}

/**
 * Runs every step of the ladder that is due at `now` (the notification worker calls it; tests pass a
 * simulated clock) and answers how many ran. Nothing when no step is set.
 */
export async function escalateDue(now = new Date()): Promise<number> {
  const ladder = (await getOfficeSettings()).escalation;
  const soonest = soonestMinutes(ladder);
  if (soonest === null) return 0;
  const [from, to] = [now.getTime() - LOOK_BACK_MS, now.getTime() - soonest * MINUTE];
  const waiting = (
    await LeadModel.find({ contactedAt: null, status: { $nin: FINISHED }, createdAt: { $lte: new Date(to), $gte: new Date(from) } })
      .select({ name: 1, createdAt: 1, claimedAt: 1, claimedBy: 1, status: 1, contactedAt: 1 })
      .lean<LeadRecord[]>()
  ).filter((l) => l.createdAt.getTime() <= to && l.createdAt.getTime() >= from); // the embedded engine's range filter is loose
  if (!waiting.length) return 0;
  const taken = await steps()
    .find({ leadId: { $in: waiting.map((l) => String(l._id)) } })
    .toArray();
  const byKey = new Map(taken.map((s) => [s._id, s]));
  const settled = (lead: Holding) =>
    new Set(
      LADDER.filter((step) => {
        const found = takenFor(lead, step, byKey);
        return found && (found.done || found.leaseUntil.getTime() > now.getTime());
      }),
    );
  let ran = 0;
  for (const waitingLead of waiting) {
    const lead = withPoolStint(waitingLead, taken);
    for (const step of dueSteps(lead, ladder, settled(lead), now)) {
      // The lead as it is now: an earlier step of this pass, or another server, may have moved it.
      const fresh = await LeadModel.findById(lead._id).lean<LeadRecord>();
      if (!fresh || FINISHED.includes(fresh.status as LeadStatus)) break;
      // In the pool: its last return as stored now (the return's key is stored before the lead moves).
      const current: Holding = fresh.claimedBy
        ? fresh
        : withPoolStint(
            fresh,
            await steps()
              .find({ leadId: String(fresh._id), step: 'return' })
              .toArray(),
          );
      if (!dueSteps(current, ladder, new Set(), now).includes(step)) continue;
      const mine = await takeStep(current, step, now, takenFor(current, step, byKey));
      if (!mine) continue;
      await runStep(current, mine, minutesOf(ladder, step)!, now, current.returnedBy ?? null);
      await steps().updateOne({ _id: mine._id }, { $set: { done: true } });
      void noteLeadChange(); // open consoles show the new holder (or the pool) and the timeline entry at once
      ran++;
      // A return starts a new holding (or stint in the pool): its ladder counts from now, on a later pass.
      if (step === 'return') break;
    }
  }
  if (ran) logger.info({ steps: ran }, 'escalation steps run');
  return ran;
}

/** The steps taken for a lead (tests and the two-server check). */
export const escalationSteps = (leadId: unknown) =>
  steps()
    .find({ leadId: String(leadId) })
    .toArray();
