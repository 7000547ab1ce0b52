// Matching statement lines to policies (docs/commissions.md): by carrier and policy number, compared
// without case, spaces or punctuation; else by carrier, insured name and (when the statement gives it)
// effective date, which is only a suggestion for an admin to confirm; else unmatched.
import mongoose from 'mongoose';
import { matchKey } from '../../schemas/commissions.ts';
import { CustomerModel } from '../customers';
import { PolicyModel } from '../policies';
import type { ReadLine } from './parse.ts';

export interface PolicyRef {
  _id: mongoose.Types.ObjectId;
  customerId: mongoose.Types.ObjectId;
  carrier: string;
  policyNumber: string;
  effectiveDate: string;
  writingAgent: string;
}

export interface Match {
  status: 'matched' | 'ambiguous' | 'unmatched';
  policy: PolicyRef | null;
  suggested: PolicyRef | null;
  reason: string;
}

/** Every policy's matching fields, read once per statement (one indexed scan of the book). */
export const readPolicyRefs = () =>
  PolicyModel.find({}, { customerId: 1, carrier: 1, policyNumber: 1, effectiveDate: 1, writingAgent: 1 }).lean<PolicyRef[]>();

export async function matchLines(lines: readonly ReadLine[]): Promise<Match[]> {
  const policies = await readPolicyRefs();
  const byNumber = new Map<string, PolicyRef[]>();
  const byCarrier = new Map<string, PolicyRef[]>();
  for (const p of policies) {
    const carrier = matchKey(p.carrier);
    (byCarrier.get(carrier) ?? byCarrier.set(carrier, []).get(carrier)!).push(p);
    if (p.policyNumber) {
      const key = `${carrier}\u0000${matchKey(p.policyNumber)}`;
      (byNumber.get(key) ?? byNumber.set(key, []).get(key)!).push(p);
    }
  }
  const first: (Match | null)[] = lines.map((l) => {
    if (!l.policyNumber) return null;
    const found = byNumber.get(`${matchKey(l.carrier)}\u0000${matchKey(l.policyNumber)}`) ?? [];
    if (found.length === 1) return { status: 'matched', policy: found[0]!, suggested: null, reason: 'carrier and policy number' };
    if (found.length > 1)
      return {
        status: 'ambiguous',
        policy: null,
        suggested: found[0]!,
        reason: `${found.length} policies of this carrier have this number`,
      };
    return null;
  });

  // The rest by insured name: the names of the customers holding the carriers' policies, read at once.
  const rest = lines.filter((l, i) => !first[i] && l.insuredName);
  const candidates = rest.flatMap((l) => byCarrier.get(matchKey(l.carrier)) ?? []);
  const names = new Map<string, string>();
  if (candidates.length) {
    const ids = [...new Set(candidates.map((p) => String(p.customerId)))];
    for (let i = 0; i < ids.length; i += 5000) {
      const rows = await CustomerModel.find({ _id: { $in: ids.slice(i, i + 5000) } }, { name: 1 }).lean<{ _id: unknown; name: string }[]>();
      for (const c of rows) names.set(String(c._id), matchKey(c.name));
    }
  }
  return lines.map((l, i) => {
    const found = first[i];
    if (found) return found;
    const why = l.policyNumber ? 'no policy of this carrier has this number' : 'no policy number';
    if (!l.insuredName) return { status: 'unmatched', policy: null, suggested: null, reason: why };
    const name = matchKey(l.insuredName);
    const same = (byCarrier.get(matchKey(l.carrier)) ?? []).filter(
      (p) => names.get(String(p.customerId)) === name && (!l.effectiveDate || p.effectiveDate === l.effectiveDate),
    );
    if (same.length === 0) return { status: 'unmatched', policy: null, suggested: null, reason: `${why}, nor an insured of this name` };
    return {
      status: 'ambiguous',
      policy: null,
      suggested: same[0]!,
      reason: `${why}; suggested by insured name${l.effectiveDate ? ' and effective date' : ''}${same.length > 1 ? ` (${same.length} policies)` : ''}`,
    };
  });
}
