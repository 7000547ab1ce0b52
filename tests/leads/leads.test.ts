// Lead routes over HTTP against the real embedded database: the rules docs/product.md §4 and docs/api.md set.
import { beforeAll, describe, expect, it } from 'vitest';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import mongoose from 'mongoose';
import { readLead } from '../../models/leads/index.ts';
import { writeAroundLeadModel } from '../../models/leads/testing.ts';
import { insertActivities } from '../../models/activity/log.ts';

const server = useTestServer();
let admin: string;
const lead = (n: number) => ({ name: `Lead ${n}`, email: `lead${n}@example.com`, phone: `(303) 555-${String(1000 + n)}` });

beforeAll(async () => {
  ({ admin } = await createOffice(server, ['Ben', 'Stef']));
});

async function newLead(n: number) {
  const res = await server.api('POST', '/api/admin/leads', { token: admin, body: { ...lead(n), notes: 'called from the site' } });
  expect(res.status).toBe(201);
  return res.body.leadId as string;
}

describe('lead routes', () => {
  it('require a valid token', async () => {
    expect((await server.api('GET', '/api/admin/leads')).status).toBe(401);
    expect((await server.api('GET', '/api/admin/leads', { token: 'forged' })).status).toBe(401);
  });

  it('create a lead with 201 and list it, newest first', async () => {
    const id = await newLead(1);
    const list = await server.api('GET', '/api/admin/leads', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({
      leadId: id,
      name: 'Lead 1',
      status: 'unclaimed',
      claimedBy: null,
      source: 'admin',
      overdue: false,
    });
    expect(list.body[0].timestamp).toBe(list.body[0].createdAt);
  });

  it('refuse bad input with a 400 naming the field, and operator payloads', async () => {
    const res = await server.api('POST', '/api/admin/leads', { token: admin, body: { ...lead(2), email: 'nope' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^email:/);
    const op = await server.api('PUT', `/api/admin/leads/${await newLead(3)}/claim`, { token: admin, body: { claimedBy: { $gt: '' } } });
    expect(op.status).toBe(400);
  });

  it('answer 404 for unknown and malformed ids', async () => {
    for (const id of ['64b000000000000000000000', 'not-an-id']) {
      expect((await server.api('PUT', `/api/admin/leads/${id}/claim`, { token: admin, body: { claimedBy: 'Ben' } })).status).toBe(404);
      expect((await server.api('DELETE', `/api/admin/leads/${id}`, { token: admin })).status).toBe(404);
    }
  });

  it('claim only for an agent, and let exactly one of two racing agents win', async () => {
    const id = await newLead(4);
    const notAgent = await server.api('PUT', `/api/admin/leads/${id}/claim`, { token: admin, body: { claimedBy: 'Office Admin' } });
    expect(notAgent.status).toBe(400);

    const results = await Promise.all(
      ['Ben', 'Stef', 'Ben', 'Stef'].map((claimedBy) =>
        server.api('PUT', `/api/admin/leads/${id}/claim`, { token: admin, body: { claimedBy } }),
      ),
    );
    const winner = (await readLead(id))!.claimedBy;
    expect(['Ben', 'Stef']).toContain(winner);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409]);
    results.forEach((r, i) => {
      const claimant = i % 2 === 0 ? 'Ben' : 'Stef';
      if (claimant === winner) expect(r.status).toBe(200);
      else {
        expect(r.status).toBe(409);
        expect(r.body.error).toBe(`This lead was already claimed by ${winner}.`);
      }
    });
  });

  it('change status only on a claimed lead, restore lost leads, and unclaim', async () => {
    const id = await newLead(5);
    const early = await server.api('PUT', `/api/admin/leads/${id}`, { token: admin, body: { status: 'called' } });
    expect(early.status).toBe(409);
    await server.api('PUT', `/api/admin/leads/${id}/claim`, { token: admin, body: { claimedBy: 'Stef' } });
    const called = await server.api('PUT', `/api/admin/leads/${id}`, { token: admin, body: { status: 'called' } });
    expect(called.status).toBe(200);
    expect(called.body).toMatchObject({ status: 'called', claimedBy: 'Stef' });
    expect(called.body.contactedAt).toBeTruthy();
    const lost = await server.api('PUT', `/api/admin/leads/${id}`, { token: admin, body: { status: 'lost' } });
    expect(lost.body.status).toBe('lost');
    const restored = await server.api('PUT', `/api/admin/leads/${id}`, { token: admin, body: { status: 'unclaimed' } });
    expect(restored.body).toMatchObject({ status: 'unclaimed', claimedBy: null });
    await server.api('PUT', `/api/admin/leads/${id}/claim`, { token: admin, body: { claimedBy: 'Ben' } });
    const unclaimed = await server.api('PUT', `/api/admin/leads/${id}/unclaim`, { token: admin });
    expect(unclaimed.status).toBe(200);
    expect(unclaimed.body.claimedBy).toBeNull();
    const bad = await server.api('PUT', `/api/admin/leads/${id}`, { token: admin, body: { status: 'sold' } });
    expect(bad.status).toBe(400);
  });

  it('update notes, delete leads, and write one activity entry per change with the signed-in user', async () => {
    const id = await newLead(6);
    const notes = await server.api('PUT', `/api/admin/leads/${id}`, { token: admin, body: { notes: 'Prefers email' } });
    expect(notes.body.notes).toBe('Prefers email');
    await server.api('PUT', `/api/admin/leads/${id}/claim`, { token: admin, body: { claimedBy: 'Ben' } });
    await server.api('PUT', `/api/admin/leads/${id}`, { token: admin, body: { status: 'quoted', notes: 'Sent a quote' } });
    await server.api('PUT', `/api/admin/leads/${id}/unclaim`, { token: admin });
    expect((await server.api('DELETE', `/api/admin/leads/${id}`, { token: admin })).body).toEqual({ success: true });
    expect((await server.api('DELETE', `/api/admin/leads/${id}`, { token: admin })).status).toBe(404);

    const log = await server.api('GET', '/api/admin/activity-logs', { token: admin });
    const mine = (
      log.body as { action: string; user: string; details: { leadId: string; newStatus?: string; claimedBy?: string } }[]
    ).filter((e) => e.details.leadId === id);
    expect(mine.map((e) => e.action)).toEqual([
      'LEAD_DELETED',
      'LEAD_UNCLAIMED',
      'LEAD_STATUS_AND_NOTES_UPDATED',
      'LEAD_CLAIMED',
      'LEAD_NOTES_UPDATED',
      'LEAD_CREATED',
    ]);
    expect(mine.every((e) => e.user === 'Office Admin')).toBe(true);
    expect(mine[2].details.newStatus).toBe('quoted');
    expect(mine[3].details.claimedBy).toBe('Ben');
  });

  it('mark leads overdue 24 hours after arrival until contacted', async () => {
    const id = await newLead(7);
    await writeAroundLeadModel((Lead) =>
      Lead.collection.updateOne({ _id: new mongoose.Types.ObjectId(id) }, { $set: { createdAt: new Date(Date.now() - 25 * 3600_000) } }),
    );
    const find = async () =>
      ((await server.api('GET', '/api/admin/leads', { token: admin })).body as { leadId: string; overdue: boolean }[]).find(
        (l) => l.leadId === id,
      )!;
    const overdue = async () => (await server.api('GET', '/api/admin/stats', { token: admin })).body.overdueLeads;
    expect((await find()).overdue).toBe(true);
    expect(await overdue()).toBe(1);
    await server.api('PUT', `/api/admin/leads/${id}/claim`, { token: admin, body: { claimedBy: 'Ben' } });
    expect((await find()).overdue).toBe(true); // claimed but not yet contacted
    await server.api('PUT', `/api/admin/leads/${id}`, { token: admin, body: { status: 'called' } });
    expect((await find()).overdue).toBe(false);
    expect(await overdue()).toBe(0);
  });
});

describe('recent activity', () => {
  it('answers the latest 50 entries, newest first, however long the history', async () => {
    const base = Date.now() + 60_000;
    await insertActivities(
      Array.from({ length: 300 }, (_, i) => ({
        user: 'Ben',
        action: 'LEAD_CLAIMED' as const,
        details: { action: 'LEAD_CLAIMED', leadId: `bulk-${i}` },
        timestamp: new Date(base + i * 1000),
      })),
    );
    const res = await server.api('GET', '/api/admin/activity-logs', { token: admin });
    expect(res.body).toHaveLength(50);
    expect(res.body[0].details.leadId).toBe('bulk-299');
    expect(res.body[49].details.leadId).toBe('bulk-250');
    expect(res.body[0]).toEqual(expect.objectContaining({ activityId: expect.any(String), user: 'Ben', action: 'LEAD_CLAIMED' }));
  });
});

describe('activity export', () => {
  it('streams CSV with proper quoting, formula-safe cells and the documented file name', async () => {
    const id = await newLead(8);
    await server.api('PUT', `/api/admin/leads/${id}`, { token: admin, body: { notes: 'x' } });
    await writeAroundLeadModel((Lead) => Lead.updateOne({ _id: id }, { $set: { name: '=HYPERLINK("http://evil")' } }));
    await server.api('DELETE', `/api/admin/leads/${id}`, { token: admin });
    const res = await fetch(`${server.url}/api/admin/activity-logs/export`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="activity-logs-all-to-now.csv"');
    const text = await res.text();
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('timestamp,user,action,description,leadId,leadName,claimedBy,newStatus,customerId');
    // Whole rows of this lead, the timestamp aside: the deletion carries the neutralised name.
    const rows = lines.filter((l) => l.includes(id)).map((l) => l.replace(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d M[SD]T,/, ''));
    expect(rows.sort()).toEqual([
      `Office Admin,LEAD_CREATED,Lead created,${id},Lead 8,,,`,
      `Office Admin,LEAD_DELETED,Lead deleted,${id},"'=HYPERLINK(""http://evil"")",,,`,
      `Office Admin,LEAD_NOTES_UPDATED,Notes updated,${id},Lead 8,,,`,
    ]);
  });

  it('filters by date range in the brokerage time zone and refuses bad dates', async () => {
    // Denver is UTC-7 in January: its 15 January runs from 07:00Z on the 15th to 07:00Z on the 16th.
    const at = ['2030-01-15T06:59:00Z', '2030-01-15T07:00:00Z', '2030-01-16T06:59:00Z', '2030-01-16T07:00:00Z'];
    await insertActivities(
      at.map((t, i) => ({
        user: 'Ben',
        action: 'LEAD_CLAIMED' as const,
        details: { action: 'LEAD_CLAIMED', leadId: `range-${i}` },
        timestamp: new Date(t),
      })),
    );
    const day = await fetch(`${server.url}/api/admin/activity-logs/export?from=2030-01-15&to=2030-01-15`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(day.headers.get('content-disposition')).toBe('attachment; filename="activity-logs-2030-01-15-to-2030-01-15.csv"');
    expect(
      (await day.text())
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(',').slice(0, 5).join(','))
        .sort(),
    ).toEqual([
      '2030-01-15 00:00:00 MST,Ben,LEAD_CLAIMED,Lead claimed,range-1',
      '2030-01-15 23:59:00 MST,Ben,LEAD_CLAIMED,Lead claimed,range-2',
    ]);
    const bad = await server.api('GET', '/api/admin/activity-logs/export?from=yesterday', { token: admin });
    expect(bad.status).toBe(400);
    expect((await server.api('GET', '/api/admin/activity-logs/export')).status).toBe(401);
  });
});
