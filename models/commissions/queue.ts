// The queue of statement lines no policy was found for (docs/commissions.md): an admin links one to a
// policy (confirming a suggestion is the same) or marks it not ours. Either takes it off the exceptions
// list; each is audited.
import mongoose from 'mongoose';
import { matchKey } from '../../schemas/commissions.ts';
import { badRequest, notFound } from '../../server/errors.ts';
import { recordAudit, type AuditActor } from '../audit';
import { PolicyModel } from '../policies';
import { StatementLineModel } from './schema.ts';

const WAITING = ['unmatched', 'ambiguous'];

async function waitingLine(lineId: string) {
  const line = await StatementLineModel.findById(lineId).lean();
  if (!line) throw notFound('Statement line not found');
  if (!WAITING.includes(line.status))
    throw badRequest(`This line is already ${line.status === 'matched' ? 'linked to a policy' : 'marked not ours'}`);
  return line;
}

type PolicyFound = { _id: mongoose.Types.ObjectId; carrier: string; policyNumber: string; writingAgent: string };

/** The policy a number names: of the line's carrier if one is, else the only policy with that number. */
async function policyByNumber(number: string, carrier: string): Promise<PolicyFound> {
  const all = await PolicyModel.find({ policyNumber: { $ne: '' } }, { carrier: 1, policyNumber: 1, writingAgent: 1 }).lean<PolicyFound[]>();
  const same = all.filter((p) => matchKey(p.policyNumber) === matchKey(number));
  const ofCarrier = same.filter((p) => matchKey(p.carrier) === matchKey(carrier));
  const found = ofCarrier.length ? ofCarrier : same;
  if (found.length === 0) throw notFound('No policy has this policy number');
  if (found.length > 1) throw badRequest('Several policies have this policy number; link the line from the policy instead');
  return found[0]!;
}

export async function linkLine(lineId: string, to: { policyId?: string; policyNumber?: string }, actor: AuditActor) {
  const line = await waitingLine(lineId);
  const policy = to.policyNumber
    ? await policyByNumber(to.policyNumber, line.carrier ?? '')
    : mongoose.isValidObjectId(to.policyId)
      ? await PolicyModel.findById(to.policyId, { carrier: 1, policyNumber: 1, writingAgent: 1 }).lean<PolicyFound>()
      : null;
  if (!policy) throw notFound('Policy not found');
  // Only a waiting line changes: a second admin linking it at the same moment finds it taken.
  const { modifiedCount } = await StatementLineModel.updateOne(
    { _id: lineId, status: { $in: WAITING } },
    { $set: { status: 'matched', policyId: policy._id, agent: policy.writingAgent ?? '', reason: 'linked by an admin' } },
  );
  if (!modifiedCount) throw badRequest('This line was resolved by someone else a moment ago');
  await recordAudit(actor, {
    action: 'COMMISSION_LINE_RESOLVED',
    scope: `${line.carrier} ${line.policyNumber || line.insuredName} (${line.period}, line ${line.row}) linked to ${policy.carrier} ${policy.policyNumber}`,
  });
  return { success: true as const };
}

export async function dismissLine(lineId: string, actor: AuditActor) {
  const line = await waitingLine(lineId);
  const { modifiedCount } = await StatementLineModel.updateOne(
    { _id: lineId, status: { $in: WAITING } },
    { $set: { status: 'not-ours', reason: 'marked not ours by an admin' } },
  );
  if (!modifiedCount) throw badRequest('This line was resolved by someone else a moment ago');
  await recordAudit(actor, {
    action: 'COMMISSION_LINE_RESOLVED',
    scope: `${line.carrier} ${line.policyNumber || line.insuredName} (${line.period}, line ${line.row}) marked not ours`,
  });
  return { success: true as const };
}
