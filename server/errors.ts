// Domain errors: thrown by models and routers with the text the caller should see.
// They become tRPC codes in routers/trpc.ts and HTTP statuses in routers/rest.ts.
import type { ZodError } from 'zod';

export type DomainErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

export class DomainError extends Error {
  constructor(
    public readonly code: DomainErrorCode,
    message: string,
    /** For 429: when the caller may try again, sent as the `Retry-After` header. */
    public readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badRequest = (message: string) => new DomainError('BAD_REQUEST', message);
export const notFound = (message: string) => new DomainError('NOT_FOUND', message);
export const conflict = (message: string) => new DomainError('CONFLICT', message);
export const unauthorized = (message = 'Authentication required') => new DomainError('UNAUTHORIZED', message);
export const forbidden = (message: string) => new DomainError('FORBIDDEN', message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new DomainError('TOO_MANY_REQUESTS', message, retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(retryAfterSeconds)));
export const unavailable = (message: string) => new DomainError('SERVICE_UNAVAILABLE', message);

/** A write refused by a unique index (MongoDB's and FerretDB's code 11000). */
export const isDuplicateKey = (err: unknown) => (err as { code?: number } | null)?.code === 11000;

/** An unordered `insertMany` refused only for documents already there: every write error a duplicate key. */
export function onlyDuplicateKeys(err: unknown): boolean {
  if (isDuplicateKey(err)) return true;
  const errors = (err as { writeErrors?: unknown[] } | null)?.writeErrors;
  return Array.isArray(errors) && errors.length > 0 && errors.every((e) => isDuplicateKey((e as { err?: unknown }).err ?? e));
}

/** Errors from the driver that mean the database is away, not that the request was wrong. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return (
    /^Mongo(ServerSelection|Network|NotConnected|Topology)|^MongooseServerSelectionError$/.test(err.name) ||
    /before initial connection|Client must be connected|connection .* closed|buffering timed out/i.test(err.message)
  );
}

/** The first problem of a zod error, naming the field: "email: Invalid email address". */
export function describeZodError(err: Pick<ZodError, 'issues'>): string {
  const issue = err.issues[0];
  if (!issue) return 'Invalid input';
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}
