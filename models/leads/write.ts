// A conditional write of one lead with what follows it (its log entry, notices): the engine applies each
// write to one document atomically, so of two writers racing on a lead's status or holder one wins and
// the other learns the lead changed. The lists and counts read the leads themselves: nothing else to keep.
import { LeadModel, type LeadRecord } from './schema.ts';

/**
 * One conditional write of a lead: `before` is the lead as the write found it, `after` that with `set`
 * applied. Null when the condition no longer holds; `alongside` runs once the write is made.
 */
export async function changeLead(
  filter: Record<string, unknown> & { _id: unknown },
  set: Record<string, unknown>,
  alongside?: (change: { before: LeadRecord; after: LeadRecord }) => Promise<unknown>,
): Promise<{ before: LeadRecord; after: LeadRecord } | null> {
  const before = await LeadModel.findOneAndUpdate(filter, { $set: set }, { new: false }).lean<LeadRecord>();
  if (!before) return null;
  const change = { before, after: { ...before, ...set } as LeadRecord };
  await alongside?.(change);
  return change;
}
