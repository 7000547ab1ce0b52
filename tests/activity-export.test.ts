// The activity CSV's rows, appended 200 to a chunk document by many writers at once, hold every
// log entry exactly once, in the order recorded, and the start-up check finds nothing to rebuild.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { createStaffWithToken, startTestServer, type TestServer } from './helpers/test-server.ts';
import { insertActivities, logActivity } from '../models/activity.ts';
import { ensureActivityExport } from '../models/activity-export.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await createStaffWithToken(server, { name: 'Office Admin', email: 'office@example.com' })).token;
});
afterAll(async () => {
  await server?.stop();
});

async function exportedLeadNames(): Promise<string[]> {
  const res = await fetch(`${server.url}/api/admin/activity-logs/export`, { headers: { authorization: `Bearer ${admin}` } });
  expect(res.status).toBe(200);
  const lines = (await res.text()).trim().split('\n').slice(1);
  return lines.map((l) => l.split(',')[4]);
}

describe('activity export rows', () => {
  it('keep every entry once, in order, across chunks filled by batches and by parallel writers', async () => {
    const start = Date.now() - 3600_000;
    // 450 entries in batches: two full chunks and part of a third.
    for (let b = 0; b < 3; b++)
      await insertActivities(
        Array.from({ length: 150 }, (_, i) => ({
          user: 'Importer',
          action: 'LEAD_CREATED' as const,
          details: { action: 'LEAD_CREATED', leadName: `batch-${b * 150 + i}` },
          timestamp: new Date(start + (b * 150 + i) * 1000),
        })),
      );
    // Then 120 at once from the application, crossing the next chunk boundary.
    await Promise.all(
      Array.from({ length: 120 }, (_, i) => logActivity({ name: 'Office Admin' }, 'LEAD_CREATED', { leadName: `live-${i}` })),
    );

    const names = (await exportedLeadNames()).filter((n) => /^(batch|live)-/.test(n));
    expect(names).toHaveLength(570);
    expect(new Set(names).size).toBe(570);
    expect(names.slice(0, 450)).toEqual(Array.from({ length: 450 }, (_, i) => `batch-${i}`));
    expect(new Set(names.slice(450))).toEqual(new Set(Array.from({ length: 120 }, (_, i) => `live-${i}`)));

    // Every chunk but the last is full, and the start-up check agrees with the log.
    const chunks = await mongoose.connection
      .collection<{ _id: string; n: number }>('activity_export')
      .find({ _id: { $regex: /^c\d+$/ } })
      .toArray();
    const sizes = chunks.sort((a, b) => Number(a._id.slice(1)) - Number(b._id.slice(1))).map((c) => c.n);
    expect(sizes.slice(0, -1).every((n) => n === 200)).toBe(true);
    // A mark on the first chunk survives the check only if it rebuilds nothing.
    const exportRows = mongoose.connection.collection<{ _id: string }>('activity_export');
    await exportRows.updateOne({ _id: 'c0' }, { $set: { untouched: true } });
    await ensureActivityExport();
    expect(await exportRows.findOne({ _id: 'c0' })).toHaveProperty('untouched', true);
  });
});
