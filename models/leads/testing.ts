// Test and seed setup that must write leads around the model (back-dated arrivals, bulk inserts,
// injected faults), and only that: the copies kept beside the leads are repaired afterwards.
import { LeadModel } from './schema.ts';
import { nextLeadSeq } from './counters.ts';
import { rebuildLeadReadModel } from './rebuild.ts';

/**
 * Runs `write` with the lead model itself, then rebuilds the read model (counters, list entries,
 * claim waits) from the leads, so every count and page tells the truth again. Never for product code.
 */
export async function writeAroundLeadModel<T>(write: (Lead: typeof LeadModel, takeSeq: typeof nextLeadSeq) => Promise<T>): Promise<T> {
  try {
    return await write(LeadModel, nextLeadSeq);
  } finally {
    await rebuildLeadReadModel();
  }
}
