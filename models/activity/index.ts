// The door to the activity log: who did what to which lead, for the dashboard and the export.
export { activityAbout, listRecentActivity, logActivity, logWebsiteLead, renameInActivity } from './log.ts';
export type { ActivityAction, Actor } from './log.ts';
export { activityCsv } from './csv.ts';
export { dropActivityCopies } from './migration.ts';
