// Limits the server enforces and the client must keep to.

/** Calls one tRPC HTTP request may carry: the client's batch link splits larger groups. */
export const MAX_BATCH_SIZE = 10;

/** The largest customer import file (CSV) the server reads: 5 MB; larger is refused with 413. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** The most data rows one import file may hold; more is refused with 400. */
export const MAX_IMPORT_ROWS = 10_000;
