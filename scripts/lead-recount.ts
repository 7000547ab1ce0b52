// `npm run db:recount`: remakes the leads' kept counters and paging index from the records themselves
// (after an import, a restore, or writes made around the application).
import { withDatabase } from './cli-db.ts';
import { rebuildLeadReadModel } from '../models/leads/index.ts';

await withDatabase(async () => {
  const started = Date.now();
  const { leads, numbered } = await rebuildLeadReadModel();
  console.log(`Counted ${leads} leads (${numbered} newly numbered) in ${((Date.now() - started) / 1000).toFixed(1)}s.`);
});
