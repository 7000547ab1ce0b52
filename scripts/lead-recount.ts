// `npm run db:recount`: remakes the leads' kept counters and paging index, and the activity export
// rows, from the records themselves
// (after an import, a restore, or writes made around the application).
import { withDatabase } from './cli-db.ts';
import { rebuildLeadReadModel } from '../models/leads/index.ts';
import { ensureActivityExport, rebuildActivityExport } from '../models/activity/export.ts';

await withDatabase(async () => {
  const started = Date.now();
  const { leads, numbered } = await rebuildLeadReadModel();
  const rows = await rebuildActivityExport();
  await ensureActivityExport(); // rows the servers wrote meanwhile
  console.log(
    `Counted ${leads} leads (${numbered} newly numbered) and ${rows} activity entries in ${((Date.now() - started) / 1000).toFixed(1)}s.`,
  );
});
