// Visits: enrichment of a tracking call, the daily salted visitor hash, sessions, and the
// write-behind queue that stores raw visits and keeps the aggregates of visit-stats.ts current.
//
// The raw client address is never stored: it is hashed with a random salt that belongs to one
// local day and is deleted afterwards, so yesterday's hashes cannot be linked to anyone.
// Raw visits go to one collection per month (insert-only) and whole months are dropped after
// RAW_VISIT_MONTHS, which costs nothing on a database that scans to delete.
import { createHash, randomBytes } from 'node:crypto';
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import geoip from 'geoip-lite';
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import { tz } from '@date-fns/tz';
import { startOfDay, startOfMonth } from 'date-fns';
import { SESSION_GAP_MS, US_STATES, VISIT_LIMITS, sitePageOf, type TrackVisitInput } from '../schemas/analytics.ts';
import { logger } from '../server/logger.ts';
import { Delta, applyDeltas, forgetKnownKeys, pruneBuckets, type Level } from './visit-stats.ts';
import { dayId, hourId, localHourOf, monthId } from './visit-periods.ts';

export const RAW_VISIT_MONTHS = 3;

const visitSchema = new Schema(
  {
    at: { type: Date, required: true },
    page: { type: String, required: true },
    browser: String,
    os: String,
    device: String,
    country: String,
    state: String,
    city: String,
    referrer: String,
    localHour: Number,
    /** Salted hash of address and user agent; the salt is deleted after its day. */
    visitor: String,
    /** Start of the session this visit belongs to. */
    sessionStart: Date,
  },
  { versionKey: false },
);
export type Visit = InferSchemaType<typeof visitSchema>;

const rawCollection = (month: string) => `visits_${month.replace('-', '_')}`;
/** The model of one month's raw visits. */
export function rawVisitModel(month: string) {
  const name = rawCollection(month);
  return mongoose.models[name] ?? mongoose.model(name, visitSchema, name);
}

const saltSchema = new Schema({ _id: String, salt: { type: String, required: true } }, { versionKey: false });
export const VisitSaltModel = mongoose.model('VisitSalt', saltSchema, 'visit_salts');

/** One salt per local day, shared by every server on the database, cached in memory. */
const salts = new Map<string, Promise<string>>();
function saltFor(day: string): Promise<string> {
  let salt = salts.get(day);
  if (!salt) {
    salt = VisitSaltModel.findOneAndUpdate(
      { _id: day },
      { $setOnInsert: { salt: randomBytes(32).toString('base64') } },
      { upsert: true, new: true },
    )
      .lean()
      .then((doc) => doc!.salt);
    salt.catch(() => salts.delete(day));
    for (const key of salts.keys()) if (key < day) salts.delete(key);
    salts.set(day, salt);
  }
  return salt;
}

export interface EnrichedVisit {
  at: Date;
  page: string;
  browser: string;
  os: string;
  device: string;
  country: string | null;
  state: string | null;
  city: string | null;
  referrer: string;
  visitor: string;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
export const countryName = (code: string) => {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
};

/** Browser, OS and device type from the user agent. "Mobile Safari" is Safari on a mobile device. */
export function parseUserAgent(ua: string): { browser: string; os: string; device: string } {
  // Visitors share a handful of user agents: parse each once.
  const known = parsedAgents.get(ua);
  if (known) return known;
  const r = UAParser(ua);
  const browser = (r.browser.name ?? 'Other').replace(/^Mobile /, '');
  const type = r.device.type;
  const device = type === 'mobile' || type === 'wearable' ? 'Mobile' : type === 'tablet' ? 'Tablet' : 'Desktop';
  const parsed = { browser, os: r.os.name ?? 'Other', device };
  if (parsedAgents.size >= 2000) parsedAgents.clear();
  parsedAgents.set(ua, parsed);
  return parsed;
}
const parsedAgents = new Map<string, { browser: string; os: string; device: string }>();

/** Country, US state and city of an address from the offline GeoIP data; nulls when unknown. */
export function locate(ip: string) {
  const hit = geoip.lookup(ip.replace(/^::ffff:/, ''));
  if (!hit || !hit.country) return { country: null, state: null, city: null };
  const state = hit.country === 'US' && hit.region && US_STATES[hit.region] ? hit.region : null;
  const place = hit.country === 'US' ? hit.region : countryName(hit.country);
  const city = hit.city ? (place ? `${hit.city}, ${place}` : hit.city) : null;
  return { country: hit.country, state, city };
}

/** The referrer's host without "www.", or "direct" for none, an unreadable one or this site itself. */
export function referrerSource(referrer: string, ownHost?: string): string {
  const value = referrer.trim();
  if (!value || value === 'direct') return 'direct';
  try {
    const host = new URL(value).hostname.toLowerCase().replace(/^www\./, '');
    if (!host || (ownHost && host === ownHost.toLowerCase().replace(/^www\./, ''))) return 'direct';
    return host.slice(0, 100);
  } catch {
    return 'direct';
  }
}

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
function logDropped() {
  if (dropTimer) clearTimeout(dropTimer);
  dropTimer = null;
  if (Object.keys(dropped).length) logger.info({ dropped }, 'visits not counted');
  dropped = {};
}

// Visits counted per address in the current clock hour; the map starts over every hour.
const perAddress = new Map<string, number>();
let perAddressHour = 0;
const perRequest = new WeakMap<object, number>();
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
  const n = (perAddress.get(ip) ?? 0) + 1;
  perAddress.set(ip, n);
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
  return enqueue(
    { at, page, ...parseUserAgent(ua), ...locate(ctx.ip), referrer: referrerSource(input.referrer.slice(0, 2000), ctx.host), visitor },
    ctx.timeZone,
  );
}

// ---- Sessions and unique visitors, kept in memory for the current day ----
// A visitor's hash changes with the daily salt, so this state never needs more than one day.
// A restart forgets it: a returning visitor then starts a new session and is counted again.

interface VisitorState {
  lastAt: number;
  lastHour: string;
  sessionPages: number;
  sessionStart: number;
  /** The buckets the session's start was counted in. */
  sessionBuckets: Pick<Delta, 'level' | 'id' | 'onInsert'>[];
}
const visitors = new Map<string, VisitorState>();
let stateDay = '';
const MAX_TRACKED_VISITORS = 500_000;

/** Folds visits (in time order) into raw documents and bucket deltas. */
function fold(batch: EnrichedVisit[], timeZone: string) {
  const deltas = new Map<string, Delta>();
  const delta = (level: Level, id: string, onInsert: Delta['onInsert']) => {
    const key = `${level}:${id}`;
    let d = deltas.get(key);
    if (!d) deltas.set(key, (d = new Delta(level, id, onInsert)));
    return d;
  };
  const raw = new Map<string, Visit[]>();
  for (const v of batch) {
    const hour = hourId(v.at);
    const day = dayId(v.at, timeZone);
    const month = monthId(v.at, timeZone);
    const localHour = localHourOf(v.at, timeZone);
    if (day !== stateDay || visitors.size > MAX_TRACKED_VISITORS) {
      if (day > stateDay || visitors.size > MAX_TRACKED_VISITORS) visitors.clear();
      stateDay = day > stateDay ? day : stateDay;
    }
    const zone = { in: tz(timeZone) };
    const h = delta('hour', hour, { start: new Date(hour + ':00:00Z'), localHour, day });
    const d = delta('day', day, { start: new Date(+startOfDay(v.at, zone)) });
    const m = delta('month', month, { start: new Date(+startOfMonth(v.at, zone)) });
    for (const b of [h, d, m]) {
      b.add('visits');
      b.addKey('pages', v.page);
      b.addKey('countries', v.country);
      b.addKey('states', v.state);
      b.addKey('cities', v.city);
      b.addKey('browsers', v.browser);
      b.addKey('os', v.os);
      b.addKey('devices', v.device);
      b.addKey('referrers', v.referrer);
    }
    d.addKey('hours', String(localHour));
    m.addKey('hours', String(localHour));

    const at = +v.at;
    let state = visitors.get(v.visitor);
    if (!state) {
      for (const b of [h, d, m]) b.add('visitors');
      h.add('visitorsLast');
    } else if (state.lastHour !== hour) {
      delta('hour', state.lastHour, { start: new Date(state.lastHour + ':00:00Z') }).add('visitorsLast', -1);
      h.add('visitorsLast');
    }
    if (!state || at - state.lastAt >= SESSION_GAP_MS) {
      // A new session counts as a bounce until its second page arrives.
      for (const b of [h, d, m]) {
        b.add('sessions');
        b.add('bounces');
      }
      state = {
        lastAt: at,
        lastHour: hour,
        sessionPages: 1,
        sessionStart: at,
        sessionBuckets: [h, d, m].map(({ level, id, onInsert }) => ({ level, id, onInsert })),
      };
      visitors.set(v.visitor, state);
    } else {
      state.sessionPages += 1;
      if (state.sessionPages === 2) {
        for (const b of state.sessionBuckets) delta(b.level, b.id, b.onInsert).add('bounces', -1);
      }
    }
    state.lastAt = at;
    state.lastHour = hour;
    const docs = raw.get(month) ?? [];
    docs.push({ ...v, localHour, sessionStart: new Date(state.sessionStart) });
    raw.set(month, docs);
  }
  return { deltas: deltas.values(), raw };
}

/**
 * Stores visits in time order: raw documents and aggregates. The bulk path of the seed and the
 * bench, and what the queue calls for each batch.
 */
export async function storeVisits(batch: EnrichedVisit[], timeZone: string, opts: { raw?: boolean } = {}): Promise<void> {
  const { deltas, raw } = fold(batch, timeZone);
  await Promise.all([
    applyDeltas(deltas),
    ...(opts.raw === false ? [] : [...raw].map(([month, docs]) => rawVisitModel(month).collection.insertMany(docs, { ordered: false }))),
  ]);
}

// ---- The write-behind queue ----

const MAX_PENDING = 50_000;
const BATCH_SIZE = 2_000;
const MAINTENANCE_EVERY_MS = 6 * 3600_000;
let queue: { visit: EnrichedVisit; timeZone: string }[] = [];
let draining: Promise<void> | null = null;
let lastMaintenance = 0;

function enqueue(visit: EnrichedVisit, timeZone: string): boolean {
  if (queue.length >= MAX_PENDING) return drop('queue full');
  queue.push({ visit, timeZone });
  // setImmediate: the tracking call is answered before any aggregation work starts.
  draining ??= new Promise<void>((resolve) => setImmediate(resolve)).then(drain).finally(() => {
    draining = null;
  });
  return true;
}

async function drain() {
  while (queue.length > 0) {
    const batch = queue.slice(0, BATCH_SIZE);
    queue = queue.slice(batch.length);
    const timeZone = batch[0]!.timeZone;
    try {
      await storeVisits(
        batch.map((b) => b.visit),
        timeZone,
      );
    } catch (err) {
      logger.warn({ err }, 'visits not stored');
    }
    if (Date.now() - lastMaintenance > MAINTENANCE_EVERY_MS) {
      lastMaintenance = Date.now();
      await pruneVisitData().catch((err) => logger.warn({ err }, 'visit data pruning failed'));
    }
  }
}

/** Resolves once every queued visit is stored (tests, shutdown). */
export async function flushVisits(): Promise<void> {
  while (draining) await draining;
  logDropped();
}

/** Forgets in-memory sessions (tests that start over on a fresh database). */
export function resetVisitorState(): void {
  visitors.clear();
  stateDay = '';
  salts.clear();
  perAddress.clear();
  forgetKnownKeys();
}

/** Drops raw months past retention, old salts, and hour/day buckets past theirs. */
export async function pruneVisitData(now = new Date()): Promise<void> {
  const db = mongoose.connection.db;
  if (!db) return;
  const oldest = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (RAW_VISIT_MONTHS - 1), 1)).toISOString().slice(0, 7);
  const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
  await Promise.all(names.filter((n) => /^visits_\d{4}_\d{2}$/.test(n) && n < rawCollection(oldest)).map((n) => db.dropCollection(n)));
  const yesterday = new Date(+now - 24 * 3600_000).toISOString().slice(0, 10);
  await VisitSaltModel.deleteMany({ _id: { $lt: yesterday, $regex: /^\d{4}-\d{2}-\d{2}$/ } });
  await pruneBuckets(+now);
}
