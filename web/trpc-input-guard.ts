// What a /trpc call may carry besides its JSON, checked on the raw parsed body before tRPC hands it
// to superjson: procedures that need no sign-in take plain JSON only, signed-in procedures only the
// metadata the console's superjson client sends for its inputs (dates, undefined fields), size capped.
// superjson walks every path its metadata names; unchecked, a 93 kB body of paths holds the CPU for
// seconds (docs/api.md, "Plain JSON from the public").
import { rateLimit } from 'express-rate-limit';
import type { Request, RequestHandler } from 'express';
import { RequestRefused } from '../server/early-errors.ts';

export const PLAIN_JSON_ONLY = 'This procedure takes plain JSON: send {"json": input} without "meta"';
export const META_REFUSED = 'Input metadata the console never sends was refused';
/** Annotated paths one input may carry: far more dates and empty fields than any console form has. */
export const MAX_META_ENTRIES = 64;
/** Longest annotated path (characters): the console's inputs nest a few levels at most. */
export const MAX_META_PATH = 200;
/** The types the console's inputs produce: `Date` values and fields left `undefined`. */
const CONSOLE_TYPES = new Set(['Date', 'undefined']);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isLeaf = (v: unknown) => Array.isArray(v) && v.length === 1 && CONSOLE_TYPES.has(v[0] as string);

/**
 * Why this superjson `meta` is not one the console sends, or null when it is. A plain leaf per path
 * (no Set, Map, BigInt, class or custom type, no nested annotation), a few shared references, and
 * nothing beyond the caps: the check reads at most the capped number of entries.
 */
export function metaProblem(meta: unknown): string | null {
  if (!isRecord(meta)) return META_REFUSED;
  for (const key of Object.keys(meta)) if (key !== 'values' && key !== 'referentialEqualities' && key !== 'v') return META_REFUSED;
  if (meta.v !== undefined && meta.v !== 1) return META_REFUSED;
  let entries = 0;
  const values = meta.values;
  if (values !== undefined && !isLeaf(values)) {
    if (!isRecord(values)) return META_REFUSED;
    for (const path in values) {
      if (++entries > MAX_META_ENTRIES || path.length > MAX_META_PATH || !isLeaf(values[path])) return META_REFUSED;
    }
  }
  const equal = meta.referentialEqualities;
  if (equal !== undefined) {
    // Only the form an object (a Date) used twice in one input gives: { path: [other paths] }.
    if (!isRecord(equal)) return META_REFUSED;
    for (const path in equal) {
      const same = equal[path];
      if (++entries > MAX_META_ENTRIES || path.length > MAX_META_PATH || !Array.isArray(same)) return META_REFUSED;
      entries += same.length;
      if (entries > MAX_META_ENTRIES || same.some((p) => typeof p !== 'string' || p.length > MAX_META_PATH)) return META_REFUSED;
    }
  }
  return null;
}

/** The procedure paths one /trpc request calls (a batch names several, comma-separated). */
export function trpcPaths(req: Request): string[] {
  let path = req.path.replace(/^\//, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    /* tRPC refuses it itself */
  }
  return path.split(',');
}

const isBatch = (req: Request) => req.query.batch === '1' || req.query.batch === 'true';

/** Each call's raw input envelope, as tRPC will read it: the body of a POST, `?input=` of a GET. */
function rawInputs(req: Request, count: number): unknown[] {
  let raw: unknown = req.body;
  if (req.method === 'GET') {
    const text = req.query.input;
    if (typeof text !== 'string') return [];
    try {
      raw = JSON.parse(text);
    } catch {
      return []; // tRPC answers the parse error
    }
  }
  if (!isBatch(req)) return [raw];
  return isRecord(raw) || Array.isArray(raw) ? Array.from({ length: count }, (_, i) => (raw as Record<number, unknown>)[i]) : [];
}

/**
 * Refuses with 400, before superjson sees it, any call that carries `meta` to a procedure needing no
 * sign-in, and any `meta` the console would not send to a signed-in one. A batch is refused whole.
 */
export function guardTrpcInput(signedIn: ReadonlySet<string>): RequestHandler {
  return (req, _res, next) => {
    const paths = trpcPaths(req);
    const inputs = rawInputs(req, paths.length);
    for (let i = 0; i < inputs.length; i++) {
      const envelope = inputs[i];
      if (!isRecord(envelope) || !('meta' in envelope)) continue;
      if (!signedIn.has(paths[i] ?? '')) return next(new RequestRefused(400, PLAIN_JSON_ONLY));
      if (metaProblem(envelope.meta)) return next(new RequestRefused(400, META_REFUSED));
    }
    next();
  };
}

export const PUBLIC_TRPC_WINDOW_MS = 60_000;
/**
 * Requests per client address (IPv6 by its /56) per minute that call a procedure needing no sign-in:
 * a visitor browsing, or the office's staff signing in from one address, stay far below it.
 */
export const PUBLIC_TRPC_MAX = 300;

/**
 * A per-address limiter in front of the public procedures on /trpc, before the body is even parsed:
 * a request whose every procedure needs a sign-in does not count. Over the limit: 429 with Retry-After.
 */
export function limitPublicTrpc(signedIn: ReadonlySet<string>): RequestHandler {
  return rateLimit({
    windowMs: PUBLIC_TRPC_WINDOW_MS,
    limit: PUBLIC_TRPC_MAX,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skip: (req) => trpcPaths(req).every((p) => signedIn.has(p)),
    handler: (_req, _res, next) => next(new RequestRefused(429, 'Too many requests from this address. Please try again in a minute.')),
  });
}
