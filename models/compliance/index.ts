// Compliance records (docs/compliance.md): what the routers, the signing page and the other models use.
export { addCapturedRecord } from './captured.ts';
export { countStalePapers, readPaper, resealPapers, PAPER_CONTENT_TYPES } from './files.ts';
export { amendRecord, findRecord, recordsOf, resolveSubject, statusOf, type TypeStatus } from './records.ts';
export {
  cancelSignRequest,
  createSignRequest,
  openSignRequest,
  requestsOf,
  signRequest,
  textForRequest,
  unsignedSoasOf,
} from './requests.ts';
export { complianceSettings, currentTexts, saveText, textVersions, updateComplianceSettings } from './texts.ts';
export { exportZip, EXPORT_MAX_RECORDS } from './export.ts';
export { complianceRecordsOf, eraseSignRequests, type KeptRecord } from './retention.ts';
export { esc, pageHtml, recordBody, recordPage } from './printable.ts';
export { logWithSoa, SOA_NEEDS_REASON, soaUsesOf } from './appointments.ts';
