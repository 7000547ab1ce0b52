// Agents' licences and Away switch (docs/product.md §11): the states each agent may take leads from, and whether
// they are away (until an optional end). Agents set their own Away switch; admins set both on the Staff
// page (audited). Round robin and offers read the eligible agents here (models/leads/assign.ts).
import mongoose from 'mongoose';
import { notFound } from '../../server/errors.ts';
import type { Availability, AwayInput, StaffAvailabilityInput } from '../../schemas/staff.ts';
import { recordAudit, type AuditActor } from '../audit';
import { StaffModel } from '../staff';

/** What assignment needs of an agent. */
export interface AgentForAssignment {
  _id: mongoose.Types.ObjectId;
  name: string;
  licensedStates: string[];
  away: boolean;
  awayUntil: Date | null;
  credit: number;
  lastAt: Date | null;
}

/** Away at `now`: the switch is on and its end, when set, is still ahead. */
export const isAway = (a: { away?: boolean | null; awayUntil?: Date | null }, now: Date) =>
  Boolean(a.away) && (!a.awayUntil || a.awayUntil.getTime() > now.getTime());

export const availabilityOf = (
  s: { licensedStates?: string[] | null; away?: boolean | null; awayUntil?: Date | null },
  now = new Date(),
) => ({
  licensedStates: [...(s.licensedStates ?? [])].sort(),
  away: isAway(s, now),
  awayUntil: isAway(s, now) ? (s.awayUntil ?? null) : null,
});

export async function readAvailability(staffId: string): Promise<Availability> {
  const staff = mongoose.isValidObjectId(staffId) ? await StaffModel.findById(staffId).lean() : null;
  if (!staff) throw notFound('That staff account no longer exists.');
  return availabilityOf(staff);
}

/** The agent's own Away switch (settings menu). */
export async function setOwnAway(staffId: string, input: AwayInput): Promise<Availability> {
  const away = input.away && !(input.awayUntil && input.awayUntil.getTime() <= Date.now());
  const updated = await StaffModel.findByIdAndUpdate(
    staffId,
    { $set: { away, awayUntil: away ? (input.awayUntil ?? null) : null } },
    { new: true },
  ).lean();
  if (!updated) throw notFound('That staff account no longer exists.');
  return availabilityOf(updated);
}

/** An admin sets an agent's licences and/or Away switch; audited. */
export async function setStaffAvailability(input: StaffAvailabilityInput, actor: AuditActor): Promise<Availability> {
  const $set: Record<string, unknown> = {};
  if (input.licensedStates !== undefined) $set.licensedStates = [...new Set(input.licensedStates)].sort();
  if (input.away !== undefined) $set.away = input.away;
  if (input.away === false) $set.awayUntil = null;
  else if (input.awayUntil !== undefined) $set.awayUntil = input.awayUntil ?? null;
  const updated = await StaffModel.findByIdAndUpdate(input.staffId, { $set }, { new: true }).lean();
  if (!updated) throw notFound('That staff account no longer exists.');
  const now = availabilityOf(updated);
  const detail = [
    `licensed in ${now.licensedStates.join(', ') || 'no state'}`,
    now.away ? `away${now.awayUntil ? ` until ${now.awayUntil.toISOString()}` : ''}` : 'available',
  ].join('; ');
  await recordAudit(actor, { action: 'STAFF_AVAILABILITY_CHANGED', targetEmail: updated.email, detail });
  return now;
}

/** Every agent with what assignment weighs, in name order. */
export async function agentsForAssignment(): Promise<AgentForAssignment[]> {
  const rows = await StaffModel.find({ isAgent: true })
    .sort({ name: 1 })
    .select({ name: 1, licensedStates: 1, away: 1, awayUntil: 1, assignment: 1 })
    .lean();
  return rows.map((r) => ({
    _id: r._id,
    name: r.name,
    licensedStates: r.licensedStates ?? [],
    away: Boolean(r.away),
    awayUntil: r.awayUntil ?? null,
    credit: r.assignment?.credit ?? 0,
    lastAt: r.assignment?.lastAt ?? null,
  }));
}

/** The agents who may take a lead from `state` at `now`: licensed there and not away. None for an unknown state. */
export const eligibleFor = (agents: AgentForAssignment[], state: string | null | undefined, now: Date) =>
  state ? agents.filter((a) => a.licensedStates.includes(state) && !isAway(a, now)) : [];

/**
 * Takes the next turn among `eligible` for fairness: every eligible agent earns an equal share of the
 * lead, the chosen one (`pick`: the most behind) spends a whole lead. The chosen agent's turn is one
 * conditional write on the credit as read, so two servers picking at once cannot both take the same
 * turn: the loser reads the credits again and picks again. The others' shares are `$inc`s, which commute.
 */
export async function takeTurn(
  eligible: AgentForAssignment[],
  pick: (eligible: AgentForAssignment[]) => AgentForAssignment,
  now: Date,
): Promise<AgentForAssignment> {
  const share = shareOf(eligible);
  let current = eligible;
  for (let attempt = 0; ; attempt++) {
    const chosen = pick(current);
    const taken = await StaffModel.updateOne(
      attempt < TURN_ATTEMPTS ? { _id: chosen._id, 'assignment.credit': chosen.credit } : { _id: chosen._id },
      { $inc: { 'assignment.credit': share - 1, 'assignment.count': 1 }, $set: { 'assignment.lastAt': now } },
    );
    if (taken.matchedCount) {
      const others = eligible.filter((a) => String(a._id) !== String(chosen._id)).map((a) => a._id);
      if (others.length) await StaffModel.updateMany({ _id: { $in: others } }, { $inc: { 'assignment.credit': share } });
      return chosen;
    }
    const ids = new Set(eligible.map((a) => String(a._id)));
    current = (await agentsForAssignment()).filter((a) => ids.has(String(a._id)));
    if (!current.length) current = eligible;
  }
}

/** Gives a turn back when the lead it was for was claimed by hand meanwhile. */
export async function giveBackTurn(eligible: AgentForAssignment[], chosen: AgentForAssignment): Promise<void> {
  const share = shareOf(eligible);
  await StaffModel.updateMany({ _id: { $in: eligible.map((a) => a._id) } }, { $inc: { 'assignment.credit': -share } });
  await StaffModel.updateOne({ _id: chosen._id }, { $inc: { 'assignment.credit': 1, 'assignment.count': -1 } });
}

const TURN_ATTEMPTS = 8;

/** What each eligible agent earns of a lead: an equal part. */
export const shareOf = (eligible: unknown[]) => 1 / eligible.length;
