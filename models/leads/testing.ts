// Test and seed setup that must write leads around the model's rules (back-dated arrivals, bulk inserts,
// injected faults), and only that. The lists and counts read the leads themselves, so nothing is repaired after.
import { LeadModel } from './schema.ts';

/** The name's sort key a bulk insert that skips the model's hooks (`lean: true`) must store itself. */
export { nameKey } from './name-key.ts';

/** Runs `write` with the lead model itself. Never for product code. */
export async function writeAroundLeadModel<T>(write: (Lead: typeof LeadModel) => Promise<T>): Promise<T> {
  return write(LeadModel);
}
