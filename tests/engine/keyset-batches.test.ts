// Reading a whole collection a page at a time after the last document sent (server/keyset-batches.ts,
// the activity export and the full lead list): the same documents in the same order as one sorted
// read, ties of one instant and missing dates included, whatever the batch size, and a document
// stored or removed between batches neither repeats nor skips another.
import mongoose, { Schema } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysetBatches } from '../../server/keyset-batches.ts';
import { startTestDatabase, type TestDatabase } from '../helpers/test-db.ts';

const Doc = mongoose.model('KeysetDoc', new Schema({ at: Date, n: Number }, { versionKey: false }).index({ at: -1, _id: -1 }));
type Row = { _id: mongoose.Types.ObjectId; at?: Date | null; n: number };

let db: TestDatabase;
const t0 = Date.UTC(2026, 5, 1);

beforeAll(async () => {
  db = await startTestDatabase();
  await Doc.init();
  // 40 documents over 12 instants (up to 4 at one instant), 3 with a null date and 2 with none.
  await Doc.insertMany(Array.from({ length: 40 }, (_, n) => ({ n, at: new Date(t0 + ((n * 7) % 12) * 60_000) })));
  await Doc.insertMany([{ n: 40, at: null }, { n: 41 }, { n: 42, at: null }, { n: 43 }, { n: 44, at: null }]);
}, 60_000);

afterAll(async () => {
  await db?.stop();
});

async function readAll(dir: 1 | -1, size: number, filter = {}, first?: number): Promise<Row[][]> {
  const out: Row[][] = [];
  for await (const batch of keysetBatches<Row>(Doc, { filter, field: 'at', dir, select: { at: 1, n: 1 }, size, first })) out.push(batch);
  return out;
}

const ids = (rows: Row[]) => rows.map((r) => String(r._id));

describe('keyset batches', () => {
  it.each([1, -1] as const)('read every document once in the order of one sorted read (direction %i)', async (dir) => {
    const whole = await Doc.find().sort({ at: dir, _id: dir }).lean<Row[]>();
    expect(whole).toHaveLength(45);
    for (const size of [1, 2, 3, 4, 5, 7, 50]) {
      const batches = await readAll(dir, size);
      expect(ids(batches.flat()), `size ${size}`).toEqual(ids(whole));
      expect(batches.every((b) => b.length > 0 && b.length <= size)).toBe(true);
    }
  });

  it('keeps to a filter and gives a smaller first batch', async () => {
    const filter = { at: { $gte: new Date(t0 + 3 * 60_000), $lt: new Date(t0 + 9 * 60_000) } };
    const whole = await Doc.find(filter).sort({ at: 1, _id: 1 }).lean<Row[]>();
    const batches = await readAll(1, 4, filter, 2);
    expect(batches[0]).toHaveLength(2);
    expect(ids(batches.flat())).toEqual(ids(whole));
  });

  it('neither repeats nor skips a document when others are stored or removed between batches', async () => {
    const seen: Row[] = [];
    let step = 0;
    for await (const batch of keysetBatches<Row>(Doc, { filter: {}, field: 'at', dir: -1, select: { at: 1, n: 1 }, size: 3 })) {
      seen.push(...batch);
      step++;
      if (step === 2) {
        // One already sent and one at the instant the batch ended in go; one newer than any sent arrives.
        const end = batch[batch.length - 1];
        await Doc.deleteOne({ _id: batch[0]._id });
        await Doc.deleteOne({ at: end.at, _id: { $lt: end._id } });
        await Doc.create({ n: 100, at: new Date(t0 + 60 * 60_000) });
      }
    }
    const now = await Doc.find().sort({ at: -1, _id: -1 }).lean<Row[]>();
    const sent = ids(seen);
    expect(new Set(sent).size).toBe(sent.length);
    // Every document there now, except the one that arrived after its place was passed, was sent.
    expect(ids(now).filter((id) => !sent.includes(id))).toEqual(ids(now.filter((r) => r.n === 100)));
  });
});
