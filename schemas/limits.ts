// Limits the server enforces and the client must keep to.

/** Calls one tRPC HTTP request may carry: the client's batch link splits larger groups. */
export const MAX_BATCH_SIZE = 10;

/** The largest customer import file (CSV) the server reads: 5 MB; larger is refused with 413. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** The most data rows one import file may hold; more is refused with 400. */
export const MAX_IMPORT_ROWS = 10_000;

/** Where a customer import file is uploaded (routers/customer-import.ts; its own body parser: web/import-upload.ts). */
export const IMPORT_DRY_RUN_PATH = '/api/admin/customers/import/dry-run';
export const IMPORT_APPLY_PATH = '/api/admin/customers/import';
