// `npm run db:recount`: remakes the activity export rows from the records themselves (after an import,
// a restore, or writes made around the application). The leads have nothing to recount: their lists and
// counts are queries on the leads themselves (docs/decisions/004-lead-read-model.md).
import { withDatabase } from './cli-db.ts';
import { ensureActivityExport, rebuildActivityExport } from '../models/activity-export.ts';

await withDatabase(async () => {
  const started = Date.now();
  const rows = await rebuildActivityExport();
  await ensureActivityExport(); // rows the servers wrote meanwhile
  console.log(
    `Leads need no recount (their lists and counts are read from the leads). Counted ${rows} activity entries in ${((Date.now() - started) / 1000).toFixed(1)}s.`,
  );
});
