// Sessions and unique visitors: visits folded, in time order, into raw documents and the hour, day and
// month bucket deltas of stats.ts, then stored.
import { tz } from '@date-fns/tz';
import { startOfDay } from 'date-fns/startOfDay';
import { startOfMonth } from 'date-fns/startOfMonth';
import { SESSION_GAP_MS } from '../../schemas/analytics.ts';
import { Delta, applyDeltas, type Level } from './stats.ts';
import { dayId, hourId, localHourOf, monthId } from '../../schemas/period-windows.ts';
import { rawVisitModel, type Visit } from './schema.ts';
import type { EnrichedVisit } from './enrich.ts';

// Kept in memory for the current day.
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

/** Forgets the day's sessions (tests that start over on a fresh database). */
export function forgetSessions(): void {
  visitors.clear();
  stateDay = '';
}

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
