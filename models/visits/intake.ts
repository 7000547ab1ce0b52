// The intake of a tracking call: bots, pages that are not the site's and calls past the limits are
// dropped (and counted in the log once a minute); the rest are enriched and queued.
import { createHash } from 'node:crypto';
import { isbot } from 'isbot';
import { ipKeyGenerator } from 'express-rate-limit';
import { VISIT_LIMITS, sitePageOf, type TrackVisitInput } from '../../schemas/analytics.ts';
import { logger } from '../../server/logger.ts';
import { dayId } from '../../schemas/period-windows.ts';
import { locate, parseUserAgent, referrerSource, saltFor } from './enrich.ts';
import { enqueue } from './queue.ts';

export interface VisitContext {
  ip: string;
  /** The User-Agent header of the call, checked for bots besides the payload's. */
  headerUserAgent?: string;
  host?: string;
  timeZone: string;
  now?: Date;
  /** The HTTP request carrying the call: a batch counts its visits against VISIT_LIMITS.perRequest. */
  request?: object;
}

// ---- What is not counted: a count per reason, written to the log once a minute ----
type DropReason = 'bot' | 'unknown page' | 'address limit' | 'batch limit' | 'queue full';
let dropped: Partial<Record<DropReason, number>> = {};
let dropTimer: NodeJS.Timeout | null = null;
function drop(reason: DropReason): false {
  dropped[reason] = (dropped[reason] ?? 0) + 1;
  dropTimer ??= setTimeout(logDropped, 60_000).unref();
  return false;
}
export function logDropped() {
  if (dropTimer) clearTimeout(dropTimer);
  dropTimer = null;
  if (Object.keys(dropped).length) logger.info({ dropped }, 'visits not counted');
  dropped = {};
}

// Visits counted per address in the current clock hour; the map starts over every hour. An IPv6
// visitor holds a whole /64 or more (often a /56) and can rotate through it: counted by its /56.
const perAddress = new Map<string, number>();
let perAddressHour = 0;
const perRequest = new WeakMap<object, number>();
/** Forgets the hour's counts (tests that start over). */
export const forgetAddressCounts = () => perAddress.clear();
function overLimit(ip: string, request: object | undefined, now: number): DropReason | null {
  if (request) {
    const n = (perRequest.get(request) ?? 0) + 1;
    perRequest.set(request, n);
    if (n > VISIT_LIMITS.perRequest) return 'batch limit';
  }
  const hour = Math.floor(now / 3600_000);
  if (hour !== perAddressHour || perAddress.size > 200_000) {
    perAddress.clear();
    perAddressHour = hour;
  }
  const key = ipKeyGenerator(ip, 56);
  const n = (perAddress.get(key) ?? 0) + 1;
  perAddress.set(key, n);
  return n > VISIT_LIMITS.perAddressPerHour ? 'address limit' : null;
}

/**
 * Accepts one tracking call: drops bots, pages that are not the site's, and calls past the
 * limits (counting them in the log only), enriches the rest and queues them for storage.
 * Resolves as soon as the visit is queued; the aggregates are written right after.
 */
export async function acceptVisit(input: TrackVisitInput, ctx: VisitContext): Promise<boolean> {
  const ua = (input.userAgent || ctx.headerUserAgent || '').slice(0, 1000);
  if (!ua || isbot(ua) || (ctx.headerUserAgent && isbot(ctx.headerUserAgent))) return drop('bot');
  const page = sitePageOf(input.page);
  if (!page) return drop('unknown page');
  const at = ctx.now ?? new Date();
  const limited = overLimit(ctx.ip, ctx.request, +at);
  if (limited) return drop(limited);
  const salt = await saltFor(dayId(at, ctx.timeZone));
  const visitor = createHash('sha256').update(`${salt}|${ctx.ip}|${ua}`).digest('base64url').slice(0, 22);
  return (
    enqueue(
      { at, page, ...parseUserAgent(ua), ...locate(ctx.ip), referrer: referrerSource(input.referrer.slice(0, 2000), ctx.host), visitor },
      ctx.timeZone,
    ) || drop('queue full')
  );
}
