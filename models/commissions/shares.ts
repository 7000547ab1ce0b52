// Agents' shares of a policy's commission (docs/commissions.md): by default the writing agent gets all
// of it; an admin may split a policy between agents in whole basis points adding up to 10,000. Only
// policies with a split set are stored (one document each, replaced whole so a split is never half
// written); the agent statement and the figures by agent read them.
import mongoose, { Schema } from 'mongoose';
import { WHOLE_SHARE, matchKey, type PolicyShares } from '../../schemas/commissions.ts';
import { badRequest, notFound } from '../../server/errors.ts';
import { recordAudit, type AuditActor } from '../audit';
import { PolicyModel } from '../policies';

const sharesSchema = new Schema(
  {
    /** The policy's id as hex. */
    _id: { type: String, required: true },
    shares: { type: [{ _id: false, agent: String, basisPoints: Number }], required: true },
  },
  { versionKey: false, timestamps: { createdAt: false, updatedAt: true } },
);
export const PolicySharesModel = mongoose.model('CommissionShares', sharesSchema, 'commission_shares');

export type ShareRow = { agent: string; basisPoints: number };
/** policyId → its split; a policy not in the map pays its writing agent 100%. */
export type Splits = Map<string, ShareRow[]>;

/** Every split set (few: only the policies an admin split), or those of the policies given. */
export async function readSplits(policyIds?: string[]): Promise<Splits> {
  const rows = await PolicySharesModel.find(policyIds ? { _id: { $in: policyIds } } : {}).lean<{ _id: string; shares: ShareRow[] }[]>();
  return new Map(rows.map((r) => [r._id, r.shares]));
}

/** The shares of one policy's commission, in basis points: its split, or 100% to the writing agent. */
export function sharesOf(splits: Splits, policyId: string, writingAgent: string): ShareRow[] {
  return splits.get(policyId) ?? (writingAgent ? [{ agent: writingAgent, basisPoints: WHOLE_SHARE }] : []);
}

/** An agent's part of an amount, to the cent (rounded half away from zero, so a chargeback mirrors a payment). */
export const partOf = (cents: number, basisPoints: number) => Math.sign(cents) * Math.round((Math.abs(cents) * basisPoints) / WHOLE_SHARE);

type PolicyFound = { _id: mongoose.Types.ObjectId; carrier: string; policyNumber: string; writingAgent: string };

async function policyFor(q: { policyId?: string; policyNumber?: string }): Promise<PolicyFound> {
  const fields = { carrier: 1, policyNumber: 1, writingAgent: 1 };
  if (q.policyId) {
    const p = await PolicyModel.findById(q.policyId, fields).lean<PolicyFound>();
    if (!p) throw notFound('Policy not found');
    return p;
  }
  const wanted = matchKey(q.policyNumber ?? '');
  const all = await PolicyModel.find({ policyNumber: { $ne: '' } }, fields).lean<PolicyFound[]>();
  const same = all.filter((p) => matchKey(p.policyNumber) === wanted);
  if (!same.length) throw notFound('No policy has this policy number');
  if (same.length > 1) throw badRequest('Several policies have this policy number; open the policy to set its shares');
  return same[0]!;
}

const view = (p: PolicyFound, split: ShareRow[] | undefined): PolicyShares => ({
  policyId: String(p._id),
  carrier: p.carrier,
  policyNumber: p.policyNumber ?? '',
  writingAgent: p.writingAgent ?? '',
  custom: Boolean(split),
  shares: split ?? (p.writingAgent ? [{ agent: p.writingAgent, basisPoints: WHOLE_SHARE }] : []),
});

export async function getPolicyShares(q: { policyId?: string; policyNumber?: string }): Promise<PolicyShares> {
  const p = await policyFor(q);
  return view(p, (await readSplits([String(p._id)])).get(String(p._id)));
}

/** Sets a policy's split (an empty list goes back to 100% to the writing agent); audited. */
export async function setPolicyShares(policyId: string, shares: ShareRow[], actor: AuditActor): Promise<PolicyShares> {
  const p = await policyFor({ policyId });
  const id = String(p._id);
  const isDefault = !shares.length || (shares.length === 1 && shares[0]!.agent === p.writingAgent);
  if (isDefault) await PolicySharesModel.deleteOne({ _id: id });
  else await PolicySharesModel.replaceOne({ _id: id }, { _id: id, shares }, { upsert: true });
  const told = isDefault
    ? `100% to the writing agent${p.writingAgent ? ` (${p.writingAgent})` : ''}`
    : shares.map((s) => `${s.agent} ${(s.basisPoints / 100).toFixed(2)}%`).join(', ');
  await recordAudit(actor, { action: 'COMMISSION_SHARES_CHANGED', scope: `${p.carrier} ${p.policyNumber}: ${told}` });
  return view(p, isDefault ? undefined : shares);
}
