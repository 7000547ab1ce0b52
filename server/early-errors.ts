// Errors raised before a request reached its procedure or route (body parser, request guards), and the
// status and caller's text each answers with: the tRPC transport (web/) and the REST adapter (routers/) share them.

export const NOT_JSON = 'Request body is not valid JSON';

/** A request refused before its procedure or route ran: carries the status and the caller's text. */
export class RequestRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RequestRefused';
  }
}

/** Status and caller's text of an error raised before a route ran (body parser, guards). */
export function describeEarlyError(err: unknown): { status: number; message: string } | null {
  if (err instanceof RequestRefused) return { status: err.status, message: err.message };
  const e = err as { status?: number; type?: string };
  if (e?.type === 'entity.too.large') return { status: 413, message: 'Request body is too large' };
  if (e?.type === 'entity.parse.failed') return { status: 400, message: NOT_JSON };
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported')
    return { status: 415, message: 'Send the request body as UTF-8 JSON' };
  if (e?.status && e.status >= 400 && e.status < 500) return { status: e.status, message: 'Bad request' };
  return null;
}
