// `npm run db:recount`: remakes the leads' kept counters and paging index from the leads themselves
// (after an import, a restore, or writes made around the application).
import { withDatabase } from './cli-db.ts';
import { rebuildLeadIndex } from '../models/lead-index.ts';

await withDatabase(async () => {
  const started = Date.now();
  const { leads, numbered } = await rebuildLeadIndex();
  console.log(`Counted ${leads} leads (${numbered} newly numbered) in ${((Date.now() - started) / 1000).toFixed(1)}s.`);
});
