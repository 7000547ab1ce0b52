// What an erasure keeps: the compliance records of the person's leads and customers stay (another law
// requires them, docs/compliance.md) and the erasure's report lists them.
import type { ComplianceType } from '../../schemas/compliance.ts';
import { ComplianceRecordModel, SignRequestModel } from './schema.ts';

export interface KeptRecord {
  recordId: string;
  type: ComplianceType;
  signedAt: Date;
  keepUntil: Date;
}

const orOf = (ids: { leadIds: string[]; customerIds: string[] }) => [
  ...(ids.leadIds.length ? [{ leadId: { $in: ids.leadIds } }] : []),
  ...(ids.customerIds.length ? [{ customerId: { $in: ids.customerIds } }] : []),
];

/** The sign requests are not records: an erasure clears the person's name, email and scope from them. */
export async function eraseSignRequests(ids: { leadIds: string[]; customerIds: string[] }, erasedName: string): Promise<void> {
  const or = orOf(ids);
  if (or.length) await SignRequestModel.updateMany({ $or: or }, { $set: { personName: erasedName, personEmail: '', scope: '' } });
}

/** The records held for these leads and customers, oldest first. */
export async function complianceRecordsOf(ids: { leadIds: string[]; customerIds: string[] }): Promise<KeptRecord[]> {
  const or = orOf(ids);
  if (!or.length) return [];
  const rows = await ComplianceRecordModel.find({ $or: or }).select({ type: 1, signedAt: 1, keepUntil: 1 }).sort({ signedAt: 1 }).lean();
  return rows.map((r) => ({ recordId: String(r._id), type: r.type as ComplianceType, signedAt: r.signedAt, keepUntil: r.keepUntil }));
}
