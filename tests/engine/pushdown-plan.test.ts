// The embedded engine answers the lead list's filters through its SQLite indexes: the plan
// SQLite reports (FerretDB's explain carries it) searches an index instead of scanning the table.
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
