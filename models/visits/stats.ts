// Pre-aggregated visit counts: one document per UTC hour, per local day and per local month,
// kept up to date at write time with $inc upserts. The embedded database scans a whole
// collection for every query, so these collections stay small: hours live 8 days, days 400,
// months for ever. An analytics answer reads at most a few hundred of them.
import mongoose, { Schema } from 'mongoose';
import { OTHER_KEY, VISIT_LIMITS } from '../../schemas/analytics.ts';

export const COUNTERS = ['visits', 'visitors', 'visitorsLast', 'sessions', 'bounces'] as const;
export type Counter = (typeof COUNTERS)[number];
export const DIMENSIONS = ['pages', 'countries', 'states', 'cities', 'browsers', 'os', 'devices', 'referrers', 'hours'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export type Level = 'hour' | 'day' | 'month';
export const HOUR_RETENTION_MS = 8 * 24 * 3600_000;
export const DAY_RETENTION_MS = 400 * 24 * 3600_000;

/**
 * `visitors` counts a visitor (one salted hash per day) in the bucket of their first visit of
 * the day; hour buckets also count them in the hour of their latest visit (`visitorsLast`), so
 * a window starting mid-day can count those who came after its start. Sessions and bounces
 * belong to the bucket where the session started.
 */
const bucketSchema = new Schema(
  {
    _id: { type: String },
    start: { type: Date, required: true },
    /** Hour buckets: the local hour of day and the local day they belong to. */
    localHour: { type: Number },
    day: { type: String },
    ...Object.fromEntries(COUNTERS.map((c) => [c, { type: Number, default: 0 }])),
    ...Object.fromEntries(DIMENSIONS.map((d) => [d, { type: Schema.Types.Mixed, default: () => ({}) }])),
  },
  { versionKey: false, minimize: false },
);

export const VisitHourModel = mongoose.model('VisitHour', bucketSchema, 'visit_hours');
export const VisitDayModel = mongoose.model('VisitDay', bucketSchema, 'visit_days');
export const VisitMonthModel = mongoose.model('VisitMonth', bucketSchema, 'visit_months');
const models = { hour: VisitHourModel, day: VisitDayModel, month: VisitMonthModel };
/** The driver's collection of a level, typed with the string ids its buckets carry. */
const buckets = (level: Level) => mongoose.connection.collection<{ _id: string }>(models[level].collection.collectionName);

export interface Bucket {
  _id: string;
  start: Date;
  localHour?: number;
  day?: string;
  counters: Record<Counter, number>;
  maps: Record<Dimension, Record<string, number>>;
}

// Field names may not contain "." or start with "$": city names and referrer hosts do.
const encodeKey = (k: string) => k.replace(/[%.$]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const decodeKey = (k: string) => k.replace(/%([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** Increments gathered in memory for one bucket, written as a single $inc upsert. */
export class Delta {
  readonly counters: Partial<Record<Counter, number>> = {};
  readonly maps: Partial<Record<Dimension, Record<string, number>>> = {};
  constructor(
    readonly level: Level,
    readonly id: string,
    readonly onInsert: { start: Date; localHour?: number; day?: string },
  ) {}
  add(counter: Counter, n = 1) {
    this.counters[counter] = (this.counters[counter] ?? 0) + n;
  }
  addKey(dim: Dimension, key: string | null | undefined, n = 1) {
    if (!key) return;
    const m = (this.maps[dim] ??= {});
    m[key] = (m[key] ?? 0) + n;
  }
  toUpdate() {
    const inc: Record<string, number> = {};
    for (const [c, n] of Object.entries(this.counters)) if (n) inc[c] = n;
    for (const [dim, m] of Object.entries(this.maps)) for (const [k, n] of Object.entries(m)) if (n) inc[`${dim}.${encodeKey(k)}`] = n;
    return { $inc: inc, $setOnInsert: { ...this.onInsert } };
  }
}

// ---- The key cap: no bucket holds more than VISIT_LIMITS.keysPerBucket keys per dimension ----
// The keys each bucket holds are read once and then kept in memory; a new key past the cap is
// counted under "other". Several servers each keep their own view, so a bucket holds at most
// (servers x cap) keys: bounded, which is what matters.
const knownKeys = new Map<string, Partial<Record<Dimension, Set<string>>>>();
const MAX_KNOWN_BUCKETS = 1_000;

/** Forgets the cached keys (tests that start over on a fresh database). */
export function forgetKnownKeys(): void {
  knownKeys.clear();
}

async function loadKnownKeys(byLevel: Record<Level, Delta[]>): Promise<void> {
  if (knownKeys.size > MAX_KNOWN_BUCKETS) knownKeys.clear();
  await Promise.all(
    (Object.keys(byLevel) as Level[]).map(async (level) => {
      const ids = byLevel[level].map((d) => d.id).filter((id) => !knownKeys.has(`${level}:${id}`));
      if (!ids.length) return;
      const docs = await buckets(level)
        .find({ _id: { $in: ids } })
        .toArray();
      const found = new Map(docs.map((doc) => [String(doc._id), doc as Record<string, unknown>]));
      for (const id of ids) {
        const doc = found.get(id);
        knownKeys.set(
          `${level}:${id}`,
          Object.fromEntries(DIMENSIONS.map((dim) => [dim, new Set(Object.keys((doc?.[dim] ?? {}) as object).map(decodeKey))])),
        );
      }
    }),
  );
}

/** Moves the counts of keys a bucket has no room for to "other". */
function capKeys(d: Delta): void {
  const known = knownKeys.get(`${d.level}:${d.id}`) ?? {};
  knownKeys.set(`${d.level}:${d.id}`, known);
  for (const dim of Object.keys(d.maps) as Dimension[]) {
    const keys = (known[dim] ??= new Set());
    const m = d.maps[dim]!;
    for (const [k, n] of Object.entries(m)) {
      if (keys.has(k) || k === OTHER_KEY) continue;
      if (keys.size < VISIT_LIMITS.keysPerBucket) {
        keys.add(k);
        continue;
      }
      delete m[k];
      m[OTHER_KEY] = (m[OTHER_KEY] ?? 0) + n;
    }
    if (m[OTHER_KEY]) keys.add(OTHER_KEY);
  }
}

/** Writes the deltas: one upsert per bucket, levels in parallel. Buckets past retention are skipped. */
export async function applyDeltas(deltas: Iterable<Delta>, now = Date.now()): Promise<void> {
  const byLevel: Record<Level, Delta[]> = { hour: [], day: [], month: [] };
  for (const d of deltas) {
    if (d.level === 'hour' && +d.onInsert.start < now - HOUR_RETENTION_MS) continue;
    if (d.level === 'day' && +d.onInsert.start < now - DAY_RETENTION_MS) continue;
    byLevel[d.level].push(d);
  }
  await loadKnownKeys(byLevel);
  for (const level of Object.keys(byLevel) as Level[]) byLevel[level].forEach(capKeys);
  await Promise.all(
    (Object.keys(byLevel) as Level[])
      .filter((level) => byLevel[level].length > 0)
      .map((level) =>
        buckets(level).bulkWrite(
          byLevel[level].map((d) => ({ updateOne: { filter: { _id: d.id }, update: d.toUpdate(), upsert: true } })),
          { ordered: false },
        ),
      ),
  );
}

function toBucket(doc: Record<string, unknown>): Bucket {
  const counters = Object.fromEntries(COUNTERS.map((c) => [c, Number(doc[c] ?? 0)])) as Record<Counter, number>;
  const maps = Object.fromEntries(
    DIMENSIONS.map((d) => {
      const raw = (doc[d] ?? {}) as Record<string, number>;
      return [d, Object.fromEntries(Object.entries(raw).map(([k, n]) => [decodeKey(k), Number(n)]))];
    }),
  ) as Record<Dimension, Record<string, number>>;
  return {
    _id: String(doc._id),
    start: doc.start as Date,
    localHour: doc.localHour as number | undefined,
    day: doc.day as string | undefined,
    counters,
    maps,
  };
}

/** The buckets of one level whose ids fall in [first, last] (ids sort in time order). */
export async function readBuckets(level: Level, first: string, last: string): Promise<Bucket[]> {
  const docs = await buckets(level)
    .find({ _id: { $gte: first, $lte: last } })
    .toArray();
  return docs.map((d) => toBucket(d as Record<string, unknown>)).sort((a, b) => (a._id < b._id ? -1 : 1));
}

/** Drops hour and day buckets past their retention. */
export async function pruneBuckets(now = Date.now()): Promise<void> {
  await Promise.all([
    VisitHourModel.deleteMany({ start: { $lt: new Date(now - HOUR_RETENTION_MS) } }),
    VisitDayModel.deleteMany({ start: { $lt: new Date(now - DAY_RETENTION_MS) } }),
  ]);
}
