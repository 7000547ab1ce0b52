// Site analytics' data, one concern per file: schema.ts (what is stored), enrich.ts (hash, agent,
// place, referrer), intake.ts (what is counted), sessions.ts (folding visits into buckets),
// queue.ts (write-behind storage and pruning), stats.ts (the kept buckets) and report.ts (the
// analytics answer). The buckets' ids and the periods' ranges are schemas/period-windows.ts's.
import { forgetSalts } from './enrich.ts';
import { forgetAddressCounts, logDropped } from './intake.ts';
import { flushQueue } from './queue.ts';
import { forgetSessions } from './sessions.ts';
import { forgetKnownKeys } from './stats.ts';

export { RAW_VISIT_MONTHS, VisitSaltModel, rawVisitModel, type Visit } from './schema.ts';
export { countryName, locate, parseUserAgent, referrerSource, type EnrichedVisit } from './enrich.ts';
export { acceptVisit, type VisitContext } from './intake.ts';
export { storeVisits } from './sessions.ts';
export { pruneVisitData } from './queue.ts';
export { buildAnalyticsReport } from './report.ts';

/** Resolves once every queued visit is stored (tests, shutdown). */
export async function flushVisits(): Promise<void> {
  await flushQueue();
  logDropped();
}

/** Forgets in-memory sessions, salts and counts (tests that start over on a fresh database). */
export function resetVisitorState(): void {
  forgetSessions();
  forgetSalts();
  forgetAddressCounts();
  forgetKnownKeys();
}
