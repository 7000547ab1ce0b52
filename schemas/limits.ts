// Limits the server enforces and the client must keep to.

/** Calls one tRPC HTTP request may carry: the client's batch link splits larger groups. */
export const MAX_BATCH_SIZE = 10;
