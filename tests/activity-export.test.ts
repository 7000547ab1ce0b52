// The activity CSV's rows, appended 200 to a chunk document by many writers at once, hold every
// log entry exactly once, in the order recorded, and the start-up check finds nothing to rebuild;
// the CSV shows them in the brokerage's time zone with readable actions (docs/product.md §3).
import { beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { createOffice, useTestServer } from './helpers/test-server.ts';
import { insertActivities, logActivity } from '../models/activity/log.ts';
import { ensureActivityExport } from '../models/activity/export.ts';
import { activityCsv } from '../models/activity/csv.ts';
import { activityLabel } from '../schemas/activity-labels.ts';

const server = useTestServer();
let admin: string;

beforeAll(async () => {
  ({ admin } = await createOffice(server, []));
});

async function exportedLeadNames(): Promise<string[]> {
  const res = await fetch(`${server.url}/api/admin/activity-logs/export`, { headers: { authorization: `Bearer ${admin}` } });
  expect(res.status).toBe(200);
  const lines = (await res.text()).trim().split('\n').slice(1);
  return lines.map((l) => l.split(',')[5]);
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

  it('are rebuilt by the check after the server listens, and an export asked meanwhile waits for all of them', async () => {
    const exportRows = mongoose.connection.collection<{ _id: string }>('activity_export');
    const before = await exportedLeadNames();
    // Rows lost (a crash between an entry and its row): the check, started as a server starts it, rebuilds them.
    await exportRows.deleteMany({ _id: { $ne: 'meta' } });
    const check = ensureActivityExport();
    // (Entries logged in the same millisecond may come back in another order.)
    expect((await exportedLeadNames()).sort()).toEqual(before.sort());
    await check;
  });
});

/** The export's data lines for a range, as the server sends them. */
async function exportLines(query = ''): Promise<string[]> {
  const res = await fetch(`${server.url}/api/admin/activity-logs/export${query}`, { headers: { authorization: `Bearer ${admin}` } });
  expect(res.status).toBe(200);
  return (await res.text()).trim().split('\n');
}

describe('the activity CSV as people read it', () => {
  beforeAll(async () => {
    await insertActivities([
      // 07:05:13 in Denver (MST, UTC-7) on 24 November.
      {
        user: 'Ben',
        action: 'LEAD_CLAIMED',
        details: { action: 'LEAD_CLAIMED', leadId: 'tz-winter', claimedBy: 'Ben' },
        timestamp: new Date('2031-11-24T14:05:13Z'),
      },
      // Summer time (MDT, UTC-6): one second before and exactly at local midnight of 1 July.
      {
        user: 'Stef',
        action: 'LEAD_STATUS_UPDATED',
        details: { action: 'LEAD_STATUS_UPDATED', leadId: 'tz-june', newStatus: 'called' },
        timestamp: new Date('2031-07-01T05:59:59Z'),
      },
      {
        user: 'Stef',
        action: 'CUSTOMER_CREATED',
        details: { action: 'CUSTOMER_CREATED', leadId: 'tz-july', customerId: 'c1' },
        timestamp: new Date('2031-07-01T06:00:00Z'),
      },
      {
        user: 'Stef',
        action: 'CUSTOMER_DELETED',
        details: { action: 'CUSTOMER_DELETED', leadId: 'tz-july-end', customerId: 'c1' },
        timestamp: new Date('2031-07-02T05:59:59Z'),
      },
      {
        user: 'Stef',
        action: 'LEAD_DELETED',
        details: { action: 'LEAD_DELETED', leadId: 'tz-july-next' },
        timestamp: new Date('2031-07-02T06:00:00Z'),
      },
    ]);
  });

  it('writes times in the brokerage time zone with its name, and a description beside each code', async () => {
    const lines = await exportLines();
    expect(lines[0]).toBe('timestamp,user,action,description,leadId,leadName,claimedBy,newStatus,customerId');
    expect(lines).toContain('2031-11-24 07:05:13 MST,Ben,LEAD_CLAIMED,Lead claimed,tz-winter,,Ben,,');
    expect(lines).toContain('2031-06-30 23:59:59 MDT,Stef,LEAD_STATUS_UPDATED,Status changed,tz-june,,,called,');
  });

  it('takes the from and to dates as whole local days, midnight to midnight', async () => {
    const lines = await exportLines('?from=2031-07-01&to=2031-07-01');
    expect(lines.slice(1)).toEqual([
      '2031-07-01 00:00:00 MDT,Stef,CUSTOMER_CREATED,Customer created,tz-july,,,,c1',
      '2031-07-01 23:59:59 MDT,Stef,CUSTOMER_DELETED,Customer deleted,tz-july-end,,,,c1',
    ]);
  });

  it('writes another TIME_ZONE in its own time, and labels codes recorded by newer code', async () => {
    const rows = async (timeZone: string) => {
      let text = '';
      for await (const part of activityCsv({ from: new Date('2031-11-24T00:00:00Z'), to: new Date('2031-11-25T00:00:00Z') }, timeZone))
        text += part;
      return text.trim().split('\n').slice(1);
    };
    expect(await rows('America/New_York')).toEqual(['2031-11-24 09:05:13 EST,Ben,LEAD_CLAIMED,Lead claimed,tz-winter,,Ben,,']);
    expect(await rows('Asia/Kolkata')).toEqual(['2031-11-24 19:35:13 GMT+5:30,Ben,LEAD_CLAIMED,Lead claimed,tz-winter,,Ben,,']);
    expect(activityLabel('LEAD_CALL_LOGGED')).toBe('Call logged');
    expect(activityLabel('LEAD_REOPENED_BY_ROBOT')).toBe('Lead reopened by robot');
  });
});
