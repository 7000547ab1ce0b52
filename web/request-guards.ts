// Checks every /api and /trpc request passes before its body is decoded (nesting depth, content
// type), request ids, and the tRPC-shaped answer when a request is refused that early (server/early-errors.ts says which).
import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import superjson from 'superjson';
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { logger } from '../server/logger.ts';
import { databaseAway } from '../server/db.ts';
import { NOT_JSON, RequestRefused, describeEarlyError } from '../server/early-errors.ts';
import { XLSX_TYPE } from '../schemas/commission-upload.ts';

/** Deeper input than any form sends; deeper still can exhaust the stack of a decoder or validator. */
export const MAX_INPUT_DEPTH = 32;
const TOO_DEEP = `Input is nested more than ${MAX_INPUT_DEPTH} levels deep`;

/**
 * True when JSON text nests objects or arrays deeper than `max`. One pass over the bytes,
 * skipping strings, so it costs far less than the JSON.parse it guards.
 */
export function nestedDeeperThan(text: string | Buffer, max = MAX_INPUT_DEPTH): boolean {
  const buf = typeof text === 'string' ? Buffer.from(text) : text;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next byte
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** express.json's `verify` hook: sees the raw body before it is parsed. */
export function refuseDeepBody(_req: Request, _res: Response, buf: Buffer): void {
  if (nestedDeeperThan(buf)) throw new RequestRefused(400, TOO_DEEP);
}

/** The first query parameter named twice in a URL, or null. */
export function repeatedQueryParameter(url: string): string | null {
  const q = url.indexOf('?');
  if (q < 0) return null;
  const seen = new Set<string>();
  for (const key of new URLSearchParams(url.slice(q + 1)).keys()) {
    if (seen.has(key)) return key;
    seen.add(key);
  }
  return null;
}

/**
 * tRPC queries carry their input in `?input=`: the same depth limit applies there. A parameter
 * given twice is refused (400): Express would read it as a list the input checks never look at.
 */
export const refuseDeepQuery: RequestHandler = (req, _res, next) => {
  const repeated = repeatedQueryParameter(req.originalUrl);
  if (repeated !== null) return next(new RequestRefused(400, `The query parameter "${repeated.slice(0, 40)}" is given more than once`));
  const input = req.query.input;
  if (typeof input === 'string' && nestedDeeperThan(input)) return next(new RequestRefused(400, TOO_DEEP));
  next();
};

/** Routes that take a form post instead of JSON (Slack's interactivity requests). */
const FORM_ROUTES = new Set(['/api/slack/interactive']);

/** A body that is not JSON is refused with 415 instead of reaching a procedure as nothing. */
export const requireJsonBody: RequestHandler = (req, _res, next) => {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody || req.method === 'GET' || req.method === 'HEAD' || FORM_ROUTES.has(req.path)) return next();
  if (req.is('application/json')) return next();
  // A customer import file, already read as text by its own parser (web/import-upload.ts).
  if (typeof req.body === 'string' && req.is(['text/csv', 'text/plain'])) return next();
  // A commission statement workbook, already read as bytes (web/import-upload.ts).
  if (Buffer.isBuffer(req.body) && req.is(XLSX_TYPE)) return next();
  next(new RequestRefused(415, 'Send the request body as JSON (Content-Type: application/json)'));
};

/** Routes that answer without the database: health reports it, visits are queued, the document is static. */
const NO_DATABASE = new Set(['/api/health', '/api/openapi.json', '/api/track-visit', '/trpc/site.health', '/trpc/analytics.trackVisit']);
export const DATABASE_AWAY = 'The database is unavailable. Please try again shortly.';

/** While the database is known to be away, data routes answer 503 at once instead of after the driver's timeout. */
export const refuseWhileDatabaseAway: RequestHandler = (req, _res, next) => {
  if (!databaseAway() || NO_DATABASE.has(req.originalUrl.split('?')[0])) return next();
  next(new RequestRefused(503, DATABASE_AWAY));
};

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** A caller's x-request-id is kept only when it looks like one; otherwise a fresh id. Echoed back either way. */
export function requestId(req: Request, res: Response): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

const TRPC_CODE_OF_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/** One error in tRPC's wire shape (superjson-encoded), as the client's links expect it. */
function trpcError(status: number, message: string, path: string | undefined) {
  const code = message === NOT_JSON ? 'PARSE_ERROR' : (TRPC_CODE_OF_STATUS[status] ?? 'INTERNAL_SERVER_ERROR');
  return { error: superjson.serialize({ message, code: TRPC_ERROR_CODES_BY_KEY[code], data: { code, httpStatus: status, path } }) };
}

/** Errors that reach Express on /trpc (bad JSON, oversize, too deep, wrong type) answer in tRPC's shape, never HTML. */
export const trpcErrorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) return;
  const known = describeEarlyError(err);
  if (!known) logger.error({ err }, 'unhandled tRPC transport error');
  const { status, message } = known ?? { status: 500, message: 'Something went wrong. Please try again later.' };
  const paths = req.path.replace(/^\//, '').split(',').filter(Boolean);
  const body =
    req.query.batch === '1'
      ? (paths.length ? paths : [undefined]).map((p) => trpcError(status, message, p))
      : trpcError(status, message, paths[0]);
  res.status(status).json(body);
};
