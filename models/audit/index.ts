// The door to the audit log: who read medical details, who exported what, and what admins changed.
export { AuditModel, SEALED_DETAIL_ACTIONS, listAudit, medicalReadsOf, recordAudit } from './log.ts';
export type { AuditActor } from './log.ts';
