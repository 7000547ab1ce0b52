// A lead sent through the website is in the activity log as staff-made leads are: Recent Activity
// (GET /api/admin/activity-logs) lists it as added by "Website", and the activity CSV has its row.
import { beforeAll, describe, expect, it } from 'vitest';
import { createOffice, useTestServer } from '../helpers/test-server.ts';

const server = useTestServer();
let admin: string;

beforeAll(async () => {
  ({ admin } = await createOffice(server, []));
});

describe('a website lead in the activity log', () => {
  it('appears in Recent Activity and in the activity CSV, with the shape of a staff-made lead', async () => {
    const sent = await server.api('POST', '/api/referral', {
      body: { name: 'Web Visitor Ada', email: 'ada.visitor@example.com', phone: '(303) 555-0142' },
    });
    expect(sent.status).toBe(201);
    const leadId = sent.body.leadId as string;
    const byStaff = await server.api('POST', '/api/admin/leads', {
      token: admin,
      body: { name: 'Phoned In Bea', email: 'bea.phone@example.com', phone: '(303) 555-0143' },
    });
    expect(byStaff.status).toBe(201);

    const recent = await server.api('GET', '/api/admin/activity-logs', { token: admin });
    expect(recent.status).toBe(200);
    const entries = recent.body as { user: string; action: string; details: Record<string, unknown>; timestamp: string }[];
    const web = entries.find((e) => e.details.leadId === leadId);
    expect(web).toMatchObject({
      user: 'Website',
      action: 'LEAD_CREATED',
      details: { action: 'LEAD_CREATED', leadName: 'Web Visitor Ada' },
    });
    const staff = entries.find((e) => e.details.leadName === 'Phoned In Bea');
    expect(staff).toMatchObject({ user: 'Office Admin', action: 'LEAD_CREATED' });
    // The same keys as a staff-made lead's entry: the answer's shape does not change.
    expect(Object.keys(web!).sort()).toEqual(Object.keys(staff!).sort());

    const csv = await fetch(`${server.url}/api/admin/activity-logs/export`, { headers: { authorization: `Bearer ${admin}` } });
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split('\n');
    const row = lines.find((l) => l.includes('Web Visitor Ada'));
    expect(row).toBeDefined();
    expect(row).toContain('Website');
    expect(row).toContain(leadId);
    expect(lines.filter((l) => l.includes('Web Visitor Ada'))).toHaveLength(1);
  });
});
