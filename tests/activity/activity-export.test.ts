// The activity CSV holds every log entry exactly once, oldest first, written by batches and by many
// writers at once; Recent Activity lists the newest; the CSV shows them in the brokerage's time zone
// with readable actions (docs/product.md §3).
import { beforeAll, describe, expect, it } from 'vitest';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import { logActivity, renameInActivity } from '../../models/activity';
import { insertActivities } from '../../models/activity/log.ts';
import { activityCsv } from '../../models/activity';
import { activityLabel } from '../../schemas/activity-labels.ts';

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

describe('the activity log read as it is', () => {
  it('exports every entry once, oldest first, entries of one instant in the order stored, across batches and parallel writers', async () => {
    const start = Date.now() - 3600_000;
    // 1,200 entries in batches, three to an instant: more than one batch of the export's cursor.
    for (let b = 0; b < 3; b++)
      await insertActivities(
        Array.from({ length: 400 }, (_, k) => {
          const i = b * 400 + k;
          return {
            user: 'Importer',
            action: 'LEAD_CREATED' as const,
            details: { action: 'LEAD_CREATED', leadName: `batch-${i}` },
            timestamp: new Date(start + Math.floor(i / 3) * 1000),
          };
        }),
      );
    // Then 120 at once from the application.
    await Promise.all(
      Array.from({ length: 120 }, (_, i) => logActivity({ name: 'Office Admin' }, 'LEAD_CREATED', { leadName: `live-${i}` })),
    );

    const names = (await exportedLeadNames()).filter((n) => /^(batch|live)-/.test(n));
    expect(names).toHaveLength(1320);
    expect(new Set(names).size).toBe(1320);
    expect(names.slice(0, 1200)).toEqual(Array.from({ length: 1200 }, (_, i) => `batch-${i}`));
    expect(new Set(names.slice(1200))).toEqual(new Set(Array.from({ length: 120 }, (_, i) => `live-${i}`)));
  });

  it('exports more entries of one instant than a batch holds, each once, in the order stored', async () => {
    const instant = new Date('2035-05-05T12:00:00Z');
    await insertActivities(
      Array.from({ length: 1100 }, (_, i) => ({
        user: 'Importer',
        action: 'CUSTOMERS_IMPORTED' as const,
        details: { action: 'CUSTOMERS_IMPORTED', leadName: `same-${i}` },
        timestamp: instant,
      })),
    );
    const lines = await exportLines('?from=2035-05-05&to=2035-05-05');
    expect(lines.slice(1).map((l) => l.split(',')[5])).toEqual(Array.from({ length: 1100 }, (_, i) => `same-${i}`));
  });

  it('lists the latest 50 newest first, entries of one instant newest stored first, with what an erasure renamed', async () => {
    const at = new Date('2040-01-01T00:00:00Z');
    await insertActivities(
      Array.from({ length: 60 }, (_, i) => ({
        user: 'Ben',
        action: 'LEAD_CLAIMED' as const,
        details: { action: 'LEAD_CLAIMED', leadId: `recent-${i}`, leadName: `Recent ${i}`, claimedBy: 'Ben' },
        timestamp: new Date(at.getTime() + Math.floor(i / 2) * 1000),
      })),
    );
    await renameInActivity({ leadIds: ['recent-59'], customerIds: [] }, 'Erased person');
    const recent = await server.api('GET', '/api/admin/activity-logs', { token: admin });
    expect(recent.status).toBe(200);
    const names = (recent.body as { details: { leadName: string } }[]).map((e) => e.details.leadName);
    expect(names).toEqual(['Erased person', ...Array.from({ length: 49 }, (_, i) => `Recent ${58 - i}`)]);
  });

  it('stops reading when the client hangs up mid-export, and serves the next export whole', async () => {
    const res = await fetch(`${server.url}/api/admin/activity-logs/export`, { headers: { authorization: `Bearer ${admin}` } });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect((await exportedLeadNames()).filter((n) => /^batch-/.test(n))).toHaveLength(1200);
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
