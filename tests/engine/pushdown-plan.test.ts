// The embedded engine answers the lead list's filters and sorted pages through its SQLite indexes:
// the plan SQLite reports (FerretDB's explain carries it) searches an index instead of scanning the
// table, and reads a page in the index's order instead of sorting the matching rows.
// See docs/decisions/007-engine-pushdown.md.
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRawEngine, type RawEngine } from './raw-engine.ts';

let engine: RawEngine;
let leads: mongoose.mongo.Collection;
const since = new Date('2026-06-01T00:00:00Z');

beforeAll(async () => {
  engine = await startRawEngine();
  leads = engine.db.collection('leads');
  const statuses = ['unclaimed', 'claimed', 'contacted', 'won', 'lost'];
  await leads.insertMany(
    Array.from({ length: 300 }, (_, i) => ({
      name: `Lead ${i}`,
      email: `lead${i}@example.com`,
      phoneDigits: String(5550000000 + i),
      status: statuses[i % statuses.length],
      claimedBy: i % 3 ? null : `agent-${i % 4}`,
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000 * 20),
      tags: i % 7 ? ['web'] : ['web', 'referral'],
    })),
  );
  const keys: Record<string, 1 | -1>[] = [
    { createdAt: -1 },
    { status: 1, createdAt: -1 },
    { email: 1, createdAt: -1 },
    { status: 1, claimedBy: 1 },
    { tags: 1 },
  ];
  for (const key of keys) await leads.createIndex(key);
  await leads.createIndex({ phoneDigits: 1 }, { unique: true });
}, 60_000);

afterAll(async () => {
  await engine?.stop();
});

/** SQLite's query plan for a find, one line per step. */
async function plan(filter: Record<string, unknown>): Promise<string[]> {
  const res = await engine.db.command({ explain: { find: 'leads', filter } });
  return (res.queryPlanner as { Plan: string[] }).Plan;
}

const searches = (lines: string[], index: string) => lines.some((l) => new RegExp(`SEARCH \\S+ USING INDEX \\S+_${index}`).test(l));
const scans = (lines: string[]) => lines.some((l) => /SCAN \S+$/.test(l));

describe('the query plan of pushed-down filters', () => {
  it.each([
    ['a status', { status: 'won' }, 'status_1_'],
    ['created since a date', { createdAt: { $gte: since } }, 'createdAt_-1'],
    ['created in a window', { createdAt: { $gte: since, $lt: new Date('2026-07-01T00:00:00Z') } }, 'createdAt_-1'],
    ['a status and a date', { status: 'won', createdAt: { $gte: since } }, 'status_1_'],
    ['statuses', { status: { $in: ['won', 'lost'] } }, 'status_1_'],
    ['unclaimed', { status: 'unclaimed', claimedBy: null }, 'status_1_'],
    ['an email', { email: 'lead7@example.com' }, 'email_1_createdAt_-1'],
    ['a tag', { tags: 'referral' }, 'tags_1'],
  ])('%s searches an index', async (_, filter, index) => {
    const lines = await plan(filter);
    expect(searches(lines, index), lines.join('\n')).toBe(true);
    expect(scans(lines), lines.join('\n')).toBe(false);
  });

  it('an $or of an email and a status searches both indexes', async () => {
    const lines = await plan({ $or: [{ email: 'lead7@example.com' }, { status: 'won' }] });
    expect(searches(lines, 'email_1_createdAt_-1') && searches(lines, 'status_1_'), lines.join('\n')).toBe(true);
    expect(scans(lines), lines.join('\n')).toBe(false);
  });

  it('answers those filters as MongoDB does, arrays and null included', async () => {
    expect(await leads.countDocuments({ status: 'won' })).toBe(60);
    expect(await leads.countDocuments({ tags: 'referral' })).toBe(43);
    expect(await leads.countDocuments({ status: 'unclaimed', claimedBy: null })).toBe(40);
    expect(await leads.countDocuments({ createdAt: { $gte: since } })).toBe(
      300 - Math.ceil((since.getTime() - Date.UTC(2026, 0, 1)) / 72_000_000),
    );
    expect((await leads.find({ status: 'won' }).sort({ createdAt: -1 }).limit(2).toArray()).map((l) => l.name)).toEqual([
      'Lead 298',
      'Lead 293',
    ]);
  });

  it('a field with no index and a unique index still answer, by a scan', async () => {
    expect(scans(await plan({ name: 'Lead 7' }))).toBe(true);
    expect(await leads.countDocuments({ name: /^lead 1/i })).toBe(111);
    expect(await leads.countDocuments({ phoneDigits: '5550000007' })).toBe(1);
  });
});

describe('counts SQL answers itself', () => {
  it('count the documents of other types and arrays as MongoDB does', async () => {
    const c = engine.db.collection('mixed');
    const day = new Date('2026-06-02T00:00:00Z');
    await c.insertMany([
      { status: 'won', at: day },
      { status: 'won', at: day.getTime() }, // a number, not a date
      { status: ['won', 'lost'], at: [day] },
      { status: ['lost'], at: null },
      { status: new mongoose.mongo.BSONRegExp('won'), at: 'soon' },
      { status: 'won' },
      { status: null, at: day },
      { at: day },
    ]);
    await c.createIndex({ status: 1, at: -1 });
    await c.createIndex({ at: -1 });
    expect(await c.countDocuments({ status: 'won' })).toBe(4);
    expect(await c.countDocuments({ status: { $in: ['won', null] } })).toBe(6);
    expect(await c.countDocuments({ status: null })).toBe(2);
    expect(await c.countDocuments({ at: { $gte: since } })).toBe(4);
    expect(await c.countDocuments({ status: 'won', at: day })).toBe(2);
    expect(await c.aggregate([{ $match: { at: { $lt: day } } }, { $count: 'n' }]).toArray()).toEqual([]);
  });
});

describe('the query plan of counting groups', () => {
  const { Int32, Long } = mongoose.mongo;
  const byHolderAndStatus = (filter: Record<string, unknown>) => [
    { $match: filter },
    { $group: { _id: { c: '$claimedBy', s: '$status' }, n: { $sum: 1 } } },
  ];

  /** SQLite's plan for an aggregation (FerretDB's explain carries the grouping query's). */
  async function groupPlan(pipeline: Record<string, unknown>[], coll = 'leads'): Promise<string[]> {
    const res = await engine.db.command({ explain: { aggregate: coll, pipeline, cursor: {} } });
    return (res.queryPlanner as { Plan: string[] }).Plan;
  }

  it.each([
    ['every lead', {}],
    ['a status', { status: 'won' }],
    ['statuses', { status: { $in: ['won', 'lost'] } }],
    ['unclaimed', { claimedBy: null, status: { $in: ['unclaimed', 'claimed'] } }],
  ])('a group by holder and status of %s reads the index holding both, not the leads', async (_, filter) => {
    const lines = await groupPlan(byHolderAndStatus(filter));
    expect(
      lines.some((l) => /(SCAN|SEARCH) \S+ USING (COVERING )?INDEX \S+_status_1_claimedBy_1( |$)/.test(l)),
      lines.join('\n'),
    ).toBe(true);
    // A table scan reads every lead; the arms' rows are read from a subquery instead.
    expect(
      lines.some((l) => /SCAN [^\s(]+$/.test(l)),
      lines.join('\n'),
    ).toBe(false);
  });

  it('keeps a missing holder apart from a null one and merges an int with a long of the same value', async () => {
    const c = engine.db.collection('holders');
    await c.insertMany([
      { status: 'won', claimedBy: null },
      { status: 'won' },
      { status: 'won', claimedBy: 'ann' },
      { status: 'lost', claimedBy: new Int32(1) },
      { status: 'won', claimedBy: 'ann' },
      { status: 'lost', claimedBy: Long.fromNumber(1) },
      { status: 'lost' },
    ]);
    await c.createIndex({ status: 1, claimedBy: 1 });
    const lines = await groupPlan(byHolderAndStatus({}), 'holders');
    expect(
      lines.some((l) => /SCAN \S+ USING (COVERING )?INDEX \S+_status_1_claimedBy_1( |$)/.test(l)),
      lines.join('\n'),
    ).toBe(true);
    const groups = await c.aggregate(byHolderAndStatus({}), { promoteLongs: false }).toArray();
    expect(groups).toEqual([
      { _id: { c: null, s: 'won' }, n: 1 },
      { _id: { s: 'won' }, n: 1 },
      { _id: { c: 'ann', s: 'won' }, n: 2 },
      { _id: { c: 1, s: 'lost' }, n: 2 },
      { _id: { s: 'lost' }, n: 1 },
    ]);
    // the first one's type shows: an int, not the long
    expect(groups[3]!._id.c).toBeTypeOf('number');
  });
});

describe('the query plan of sorted pages', () => {
  let list: mongoose.mongo.Collection;
  const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 3_600_000);
  const statuses = ['unclaimed', 'claimed', 'contacted', 'won', 'lost'];

  beforeAll(async () => {
    list = engine.db.collection('list');
    await list.insertMany(
      Array.from({ length: 400 }, (_, i) => ({
        name: `Lead ${i % 150}`,
        status: statuses[i % statuses.length],
        // a stored null, a missing field (every seventh lead) or an agent
        ...(i % 7 === 1 ? {} : { assignedTo: i % 3 ? null : `agent-${i % 4}` }),
        createdAt: day(i % 200),
        updatedAt: day(i),
        ...(i % 2 ? { followUpAt: day(400 - i) } : {}),
      })),
    );
    const keys: Record<string, 1 | -1>[] = [
      { status: 1, createdAt: -1 },
      { status: 1, name: 1 },
      { assignedTo: 1, status: 1, createdAt: -1 },
      { createdAt: -1 },
      { updatedAt: -1 },
      { name: 1 },
      { followUpAt: 1 },
    ];
    for (const key of keys) await list.createIndex(key);
  }, 60_000);

  const { Long } = mongoose.mongo;

  /** The explain of a page: whether the sort went to SQL and SQLite's plan. */
  async function pagePlan(filter: Record<string, unknown>, sort: Record<string, number>, skip = 50) {
    const res = await engine.db.command({
      explain: { find: 'list', filter, sort, skip: Long.fromNumber(skip), limit: Long.fromNumber(25) },
    });
    return { pushed: res.sortPushdown as boolean, lines: (res.queryPlanner as { Plan: string[] }).Plan };
  }

  it.each([
    ['a tab by newest', { status: 'unclaimed' }, { createdAt: -1, _id: -1 }, 'status_1_createdAt_-1'],
    ['a tab by oldest', { status: 'won' }, { createdAt: 1, _id: 1 }, 'status_1_createdAt_-1'],
    ['a tab by name', { status: 'lost' }, { name: 1, _id: 1 }, 'status_1_name_1'],
    ['all by name', {}, { name: 1, _id: 1 }, 'name_1'],
    ['all by newest', {}, { createdAt: -1, _id: -1 }, 'createdAt_-1'],
    ['all by last change', {}, { updatedAt: -1, _id: -1 }, 'updatedAt_-1'],
    ['My work', { assignedTo: 'agent-0', status: 'claimed' }, { createdAt: -1, _id: -1 }, 'assignedTo_1_status_1_createdAt_-1'],
    ['Overdue', { followUpAt: { $lt: day(300) } }, { followUpAt: 1, _id: 1 }, 'followUpAt_1'],
    ['a date range', { createdAt: { $gte: day(10), $lt: day(90) } }, { createdAt: 1, _id: 1 }, 'createdAt_-1'],
    ['open tabs by newest', { status: { $in: ['claimed', 'contacted'] } }, { createdAt: -1, _id: -1 }, 'status_1_createdAt_-1'],
    ['two tabs by name', { $or: [{ status: 'won' }, { status: 'lost' }] }, { name: 1, _id: 1 }, 'status_1_name_1'],
    [
      'Unclaimed by newest',
      { assignedTo: null, status: { $in: ['unclaimed', 'claimed'] } },
      { createdAt: -1, _id: -1 },
      'assignedTo_1_status_1_createdAt_-1',
    ],
    [
      'Unclaimed by newest, written as two filters',
      { $and: [{ assignedTo: null }, { status: { $in: ['unclaimed', 'claimed'] } }] },
      { createdAt: -1, _id: -1 },
      'assignedTo_1_status_1_createdAt_-1',
    ],
  ])('%s reads its index in order, with no sort step', async (_, filter, sort, index) => {
    const { pushed, lines } = await pagePlan(filter, sort);
    expect(pushed, lines.join('\n')).toBe(true);
    expect(
      lines.some((l) => new RegExp(`USING (COVERING )?INDEX \\S+_${index}( |$)`).test(l)),
      lines.join('\n'),
    ).toBe(true);
    expect(
      lines.some((l) => l.includes('TEMP B-TREE')),
      lines.join('\n'),
    ).toBe(false);
    expect(scans(lines), lines.join('\n')).toBe(false);
  });

  it('answers the pages as the whole sort would, ties across the page edge included', async () => {
    const all = await list.find({}).toArray();
    const key = (d: Record<string, unknown>) => `${d.name as string}|${String(d._id)}`;
    const byName = [...all].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : String(a._id) < String(b._id) ? -1 : 1));
    for (const skip of [0, 1, 2, 50, 398]) {
      const page = await list.find({}).sort({ name: 1, _id: 1 }).skip(skip).limit(3).toArray();
      expect(page.map(key)).toEqual(byName.slice(skip, skip + 3).map(key));
    }
  });

  it('reads the unclaimed leads, a stored null and a missing holder alike, as the whole sort would', async () => {
    const filter = { assignedTo: null, status: { $in: ['unclaimed', 'claimed'] } };
    const all = (await list.find({}).toArray()).filter(
      (d) => (d.assignedTo === null || d.assignedTo === undefined) && ['unclaimed', 'claimed'].includes(d.status as string),
    );
    const newest = [...all].sort(
      (a, b) => (b.createdAt as Date).getTime() - (a.createdAt as Date).getTime() || (String(b._id) < String(a._id) ? -1 : 1),
    );
    expect(all.some((d) => d.assignedTo === undefined) && all.some((d) => d.assignedTo === null)).toBe(true);
    for (const skip of [0, 7, 60]) {
      const page = await list.find(filter).sort({ createdAt: -1, _id: -1 }).skip(skip).limit(10).toArray();
      expect(page.map((d) => String(d._id))).toEqual(newest.slice(skip, skip + 10).map((d) => String(d._id)));
    }
    expect(await list.countDocuments(filter)).toBe(all.length);
  });

  it('steps aside as soon as a write stores another type in a sorted field, and returns when it is gone', async () => {
    const tab = { status: 'won' };
    const byNewest = { createdAt: -1, _id: -1 } as const;
    const first = await list.findOne(tab, { sort: byNewest });
    await list.updateOne({ _id: first!._id }, { $set: { createdAt: 'tomorrow' } });
    expect((await pagePlan(tab, byNewest)).pushed).toBe(false);
    // BSON order puts strings before dates: first when oldest first, last when newest first
    expect((await list.find(tab).sort({ createdAt: 1, _id: 1 }).limit(1).toArray())[0]!.createdAt).toBe('tomorrow');
    expect((await list.find(tab).sort(byNewest).skip(79).limit(1).toArray())[0]!.createdAt).toBe('tomorrow');
    await list.updateOne({ _id: first!._id }, { $set: { createdAt: first!.createdAt } });
    expect((await pagePlan(tab, byNewest)).pushed).toBe(true);
  });

  it('steps aside when a sorted field holds another type or an array', async () => {
    const mixed = engine.db.collection('list_mixed');
    await mixed.insertMany([{ at: day(2) }, { at: day(1) }, { at: 5 }, { at: null }, { at: [day(3), day(0)] }, {}]);
    await mixed.createIndex({ at: 1 });
    const explain = await engine.db.command({
      explain: { find: 'list_mixed', filter: {}, sort: { at: 1, _id: 1 }, limit: Long.fromNumber(2) },
    });
    expect(explain.sortPushdown).toBe(false);
    // null and missing first, then numbers, then dates, the array by its least element (day 0)
    const order = (await mixed.find({}).sort({ at: 1, _id: 1 }).limit(4).toArray()).map((d) => d.at as unknown);
    expect(order).toEqual([null, undefined, 5, [day(3), day(0)]]);
  });
});

describe('a search by substring', () => {
  let people: mongoose.mongo.Collection;

  beforeAll(async () => {
    people = engine.db.collection('people');
    await people.insertMany([
      ...Array.from({ length: 200 }, (_, i) => ({ name: `Person ${i}`, email: `p${i}@example.com`, status: i % 2 ? 'open' : 'done' })),
      // the Kelvin sign and the long s, which a case-insensitive search matches to k and s
      { name: 'Mar\u212A Per\u017Fon 1', email: 'mark@example.com', status: 'open' },
      { name: 'Under_score 100%', email: 'u@example.com', status: 'open' },
    ]);
    await people.createIndex({ name: 1, email: 1 });
  });

  const searchFor = (text: RegExp) => ({ $or: [{ name: text }, { email: text }] });

  it.each([
    ['a search', searchFor(/son 1/i)],
    ['a search and a status', { $and: [searchFor(/son 1/i), { status: 'open' }] }],
  ])('%s reads the index holding the searched fields, not every document', async (_, filter) => {
    const res = await engine.db.command({ explain: { find: 'people', filter } });
    const lines = (res.queryPlanner as { Plan: string[] }).Plan;
    expect(
      lines.some((l) => /SCAN \S+ USING INDEX \S+_name_1_email_1/.test(l)),
      lines.join('\n'),
    ).toBe(true);
    expect(scans(lines), lines.join('\n')).toBe(false);
  });

  it('finds what the whole filter finds, case folding and LIKE wildcards included', async () => {
    expect(await people.countDocuments(searchFor(/son 1/i))).toBe(112);
    expect(await people.countDocuments(searchFor(/SON 1/i))).toBe(112);
    expect(await people.countDocuments({ $and: [searchFor(/son 1/i), { status: 'open' }] })).toBe(57);
    expect(await people.countDocuments(searchFor(/mark/i))).toBe(1);
    expect(await people.countDocuments(searchFor(/r_s/i))).toBe(1);
    expect(await people.countDocuments(searchFor(/r_s|100%/i))).toBe(1);
    expect(await people.countDocuments(searchFor(/n_e/i))).toBe(0);
    expect(await people.countDocuments(searchFor(/r_score 100%/i))).toBe(1);
  });
});
