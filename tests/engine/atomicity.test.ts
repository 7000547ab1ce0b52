// Engine conformance: MongoDB's single-document atomicity, straight through the driver, on the
// embedded engine (or on MONGODB_URI when set). The application relies on each of these.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverDb, startEngine, type Engine } from './harness.ts';

const N = 150;
const ROUNDS = 30;
const RACERS = 10;

let engine: Engine;
let conn: Awaited<ReturnType<typeof driverDb>>;

beforeAll(async () => {
  engine = await startEngine();
  conn = await driverDb(engine);
});
afterAll(async () => {
  await conn?.close();
  await engine?.stop();
});

describe('parallel $inc on one document', () => {
  it(`counts every one of ${N} findOneAndUpdate calls`, async () => {
    const c = conn.db.collection<{ _id: string; n: number }>('counters');
    await c.insertOne({ _id: 'fam', n: 0 });
    await Promise.all(Array.from({ length: N }, () => c.findOneAndUpdate({ _id: 'fam' }, { $inc: { n: 1 } })));
    expect((await c.findOne({ _id: 'fam' }))?.n).toBe(N);
  }, 60_000);

  it(`counts every one of ${N} updateOne calls, also as upserts`, async () => {
    const c = conn.db.collection<{ _id: string; n: number }>('counters');
    const results = await Promise.all(
      Array.from({ length: N }, () => c.updateOne({ _id: 'upd' }, { $inc: { n: 1 } }, { upsert: true }).catch((err) => err)),
    );
    // A racing upsert may lose the insert to another and fail with a duplicate key, as on MongoDB.
    const failed = results.filter((r) => r instanceof Error);
    expect(failed.every((e) => (e as { code?: number }).code === 11000)).toBe(true);
    expect((await c.findOne({ _id: 'upd' }))?.n).toBe(N - failed.length);
  }, 60_000);
});

describe('parallel conditional updates of one document', () => {
  it(`have exactly one winner in each of ${ROUNDS} races of ${RACERS} findOneAndUpdate calls`, async () => {
    const c = conn.db.collection('claims');
    for (let round = 0; round < ROUNDS; round++) {
      const { insertedId } = await c.insertOne({ owner: null });
      const results = await Promise.all(
        Array.from({ length: RACERS }, (_, i) =>
          c.findOneAndUpdate({ _id: insertedId, owner: null }, { $set: { owner: `agent-${i}` } }, { returnDocument: 'after' }),
        ),
      );
      const winners = results.filter((r) => r !== null);
      expect(winners).toHaveLength(1);
      expect((await c.findOne({ _id: insertedId }))?.owner).toBe(winners[0]!.owner);
    }
  }, 60_000);

  it(`have exactly one winner in each of ${ROUNDS} races of ${RACERS} updateOne calls`, async () => {
    const c = conn.db.collection('claims');
    for (let round = 0; round < ROUNDS; round++) {
      const { insertedId } = await c.insertOne({ owner: null, version: 0 });
      const results = await Promise.all(
        Array.from({ length: RACERS }, (_, i) =>
          c.updateOne({ _id: insertedId, version: 0 }, { $set: { owner: `agent-${i}` }, $inc: { version: 1 } }),
        ),
      );
      expect(results.reduce((sum, r) => sum + r.modifiedCount, 0)).toBe(1);
      expect((await c.findOne({ _id: insertedId }))?.version).toBe(1);
    }
  }, 60_000);
});

describe('parallel inserts against a unique index', () => {
  it(`let exactly one of ${RACERS} succeed in each of ${ROUNDS} rounds; the rest fail with a duplicate key`, async () => {
    const c = conn.db.collection('accounts');
    await c.createIndex({ email: 1 }, { unique: true });
    for (let round = 0; round < ROUNDS; round++) {
      const email = `same-${round}@example.com`;
      const results = await Promise.allSettled(Array.from({ length: RACERS }, (_, i) => c.insertOne({ email, by: i })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const codes = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code?: number }).code] : []));
      expect(codes).toEqual(Array(RACERS - 1).fill(11000));
      expect(await c.countDocuments({ email })).toBe(1);
    }
  }, 60_000);
});
