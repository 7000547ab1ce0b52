// Roles and the audit log over HTTP against the real embedded database: every action of docs/product.md is open
// to every staff member, staff management and the audit log only to admins, medical reads and
// exports are recorded, and an admin's password reset forces a new password at sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffWithToken, startTestServer, type TestServer } from './helpers/test-server.ts';
import { StaffModel } from '../models/staff.ts';

let server: TestServer;
let admin: { token: string; id: string };
let clerk: { token: string; id: string };

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1', ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'root-password-1' });
  const a = await createStaffWithToken(server, { name: 'Ada Admin', email: 'ada@example.com' });
  await StaffModel.updateOne({ _id: a.staff._id }, { $set: { isAdmin: true } });
  admin = { token: a.token, id: a.staff.id as string };
  const c = await createStaffWithToken(server, { name: 'Carl Clerk', email: 'carl@example.com' });
  clerk = { token: c.token, id: c.staff.id as string };
  await createStaffWithToken(server, { name: 'Ben', email: 'ben@example.com', isAgent: true });
});
afterAll(async () => {
  await server?.stop();
});

let addressNo = 0;
const newAddress = () => `198.18.0.${++addressNo}`;

async function trpc(token: string, proc: string, input?: unknown, method: 'GET' | 'POST' = 'POST') {
  const path = method === 'GET' ? `/trpc/${proc}?input=${encodeURIComponent(JSON.stringify({ json: input }))}` : `/trpc/${proc}`;
  const res = await server.api(method, path, { token, body: method === 'POST' ? { json: input } : undefined });
  return {
    status: res.status,
    data: res.body?.result?.data?.json,
    error: res.body?.error?.json?.message as string | undefined,
    headers: res.headers,
  };
}
const rest = (token: string, method: string, path: string, body?: unknown) => server.api(method, path, { token, body });

describe('every staff member', () => {
  it('can do every documented action without being an admin', async () => {
    const t = clerk.token;
    const lead = await rest(t, 'POST', '/api/admin/leads', {
      name: 'Open Lead',
      email: 'open@example.com',
      phone: '(303) 555-0101',
      notes: 'new',
    });
    expect(lead.status).toBe(201);
    const leadId = lead.body.leadId as string;
    expect((await rest(t, 'GET', '/api/admin/leads')).status).toBe(200);
    expect((await rest(t, 'PUT', `/api/admin/leads/${leadId}/claim`, { claimedBy: 'Ben' })).status).toBe(200);
    expect((await rest(t, 'PUT', `/api/admin/leads/${leadId}`, { status: 'called' })).status).toBe(200);
    expect((await rest(t, 'PUT', `/api/admin/leads/${leadId}`, { notes: 'called back' })).status).toBe(200);
    expect((await rest(t, 'PUT', `/api/admin/leads/${leadId}/unclaim`)).status).toBe(200);
    expect((await rest(t, 'DELETE', `/api/admin/leads/${leadId}`)).status).toBe(200);
    const customer = await rest(t, 'POST', '/api/admin/customers', {
      name: 'Cleo Customer',
      email: 'cleo@example.com',
      phone: '(720) 555-0102',
      age: 40,
      insuranceProvider: 'Aetna',
      medicalHistory: 'asthma',
    });
    expect(customer.status).toBe(201);
    const customerId = customer.body.customerId as string;
    expect((await rest(t, 'GET', '/api/admin/customers')).status).toBe(200);
    expect((await trpc(t, 'customers.get', { customerId }, 'GET')).data.medicalHistory).toBe('asthma');
    expect((await rest(t, 'PUT', `/api/admin/customers/${customerId}`, { notes: 'renewal in May' })).status).toBe(200);
    expect((await rest(t, 'DELETE', `/api/admin/customers/${customerId}`)).status).toBe(200);
    for (const path of [
      '/api/admin/stats',
      '/api/admin/activity-logs',
      '/api/admin/activity-logs/export',
      '/api/admin/analytics?period=7d',
      '/api/admin/customers/export',
    ]) {
      expect([path, (await rest(t, 'GET', path)).status]).toEqual([path, 200]);
    }
    const access = await trpc(t, 'auth.access', undefined, 'GET');
    expect(access.data).toEqual({ isAdmin: false, isAgent: false, mustChangePassword: false });
  });

  it('gets 403 from staff management and the audit log unless an admin', async () => {
    const calls: [string, unknown, 'GET' | 'POST'][] = [
      ['staff.list', undefined, 'GET'],
      ['staff.add', { name: 'Sneaky', email: 'sneaky@example.com', password: 'sneaky-password', isAdmin: true }, 'POST'],
      ['staff.remove', { staffId: admin.id }, 'POST'],
      ['staff.setRoles', { staffId: clerk.id, isAdmin: true }, 'POST'],
      ['staff.resetPassword', { staffId: admin.id, temporaryPassword: 'taken-over-1' }, 'POST'],
      ['audit.list', {}, 'GET'],
    ];
    for (const [proc, input, method] of calls) {
      const res = await trpc(clerk.token, proc, input, method);
      expect([proc, res.status, res.error]).toEqual([proc, 403, 'Only admins can do this.']);
    }
    expect(await StaffModel.countDocuments({ email: 'sneaky@example.com' })).toBe(0);
    expect((await StaffModel.findById(clerk.id).lean())!.isAdmin).toBe(false);
    expect((await trpc(admin.token, 'staff.list', undefined, 'GET')).status).toBe(200);
  });
});

describe('audit log', () => {
  it('records who read which customer’s medical details and answers them no-store', async () => {
    const created = await rest(clerk.token, 'POST', '/api/admin/customers', {
      name: 'Mia Medical',
      email: 'mia@example.com',
      phone: '(720) 555-0103',
      age: 52,
      insuranceProvider: 'Cigna',
      medications: 'metformin',
    });
    const customerId = created.body.customerId as string;
    const read = await trpc(clerk.token, 'customers.get', { customerId }, 'GET');
    expect(read.data.medications).toBe('metformin');
    expect(read.headers.get('cache-control')).toBe('no-store');
    const log = await trpc(admin.token, 'audit.list', {}, 'GET');
    const entry = log.data.entries.find(
      (e: { action: string; customerId: string }) => e.action === 'CUSTOMER_MEDICAL_READ' && e.customerId === customerId,
    );
    expect(entry).toMatchObject({ actor: { name: 'Carl Clerk', email: 'carl@example.com' }, customerName: 'Mia Medical' });
    expect(Date.now() - new Date(entry.at).getTime()).toBeLessThan(60_000);
  });

  it('records the activity and customer exports with their range', async () => {
    const activity = await rest(clerk.token, 'GET', '/api/admin/activity-logs/export?from=2026-01-01&to=2026-01-31');
    expect(activity.status).toBe(200);
    expect(activity.headers.get('cache-control')).toBe('no-store');
    expect((await rest(clerk.token, 'GET', '/api/admin/customers/export')).status).toBe(200);
    expect((await trpc(clerk.token, 'customers.noteExport', { count: 3, filter: 'plan PPO' })).status).toBe(200);
    const log = await trpc(admin.token, 'audit.list', {}, 'GET');
    const mine = log.data.entries.filter((e: { actor: { email: string } }) => e.actor.email === 'carl@example.com');
    const scopes = mine.map((e: { action: string; scope: string }) => `${e.action} ${e.scope}`);
    expect(scopes).toContain('ACTIVITY_EXPORTED 2026-01-01 to 2026-01-31');
    expect(scopes).toContain('CUSTOMERS_EXPORTED 3 customers (plan PPO)');
    expect(scopes.some((s: string) => /^CUSTOMERS_EXPORTED all \d+ customers$/.test(s))).toBe(true);
  });
});

describe('staff management', () => {
  const login = (email: string, password: string) =>
    server.api('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': newAddress() } });

  it('adds an account that must choose its own password at first sign-in, and makes it an admin', async () => {
    const added = await trpc(admin.token, 'staff.add', {
      name: 'Nora New',
      email: 'Nora@Example.com',
      password: 'first-password-1',
      isAgent: true,
      isAdmin: false,
    });
    expect(added.status).toBe(200);
    expect(
      (await trpc(admin.token, 'staff.add', { name: 'Nora Again', email: 'nora@example.com', password: 'first-password-1' })).status,
    ).toBe(409);
    const session = await login('nora@example.com', 'first-password-1');
    expect(session.status).toBe(200);
    const token = session.body.token as string;
    expect((await trpc(token, 'auth.access', undefined, 'GET')).data).toEqual({ isAdmin: false, isAgent: true, mustChangePassword: true });
    const blocked = await rest(token, 'GET', '/api/admin/leads');
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({ error: 'Your password was reset. Choose a new password to continue.' });
    const changed = await trpc(token, 'auth.changePassword', { currentPassword: 'first-password-1', newPassword: 'nora-own-password' });
    expect(changed.status).toBe(200);
    expect((await rest(changed.data.token, 'GET', '/api/admin/leads')).status).toBe(200);

    const roles = await trpc(admin.token, 'staff.setRoles', { staffId: added.data.id, isAdmin: true });
    expect(roles.data).toMatchObject({ email: 'nora@example.com', isAdmin: true, isAgent: true });
    expect((await trpc(changed.data.token, 'staff.list', undefined, 'GET')).status).toBe(200);
    const log = await trpc(admin.token, 'audit.list', {}, 'GET');
    const noraEntries = log.data.entries
      .filter((e: { targetEmail: string }) => e.targetEmail === 'nora@example.com')
      .map((e: { action: string }) => e.action);
    expect(noraEntries).toEqual(['STAFF_ROLES_CHANGED', 'STAFF_ADDED']);
  });

  it('resets a password: sessions end, and the temporary one only lets them choose a new one', async () => {
    const target = await createStaffWithToken(server, { name: 'Rita Reset', email: 'rita@example.com', password: 'rita-password-1' });
    const res = await trpc(admin.token, 'staff.resetPassword', { staffId: target.staff.id, temporaryPassword: 'temporary-pass-1' });
    expect(res.status).toBe(200);
    expect((await rest(target.token, 'GET', '/api/admin/leads')).status).toBe(401);
    expect((await login('rita@example.com', 'rita-password-1')).status).toBe(401);
    const session = await login('rita@example.com', 'temporary-pass-1');
    expect((await trpc(session.body.token, 'auth.access', undefined, 'GET')).data.mustChangePassword).toBe(true);
    expect((await trpc(session.body.token, 'leads.list', undefined, 'GET')).status).toBe(403);
  });

  it('refuses to remove or demote yourself, to demote the ADMIN_EMAIL account, and unknown ids', async () => {
    expect((await trpc(admin.token, 'staff.remove', { staffId: admin.id })).error).toBe('You cannot remove your own account.');
    expect((await trpc(admin.token, 'staff.setRoles', { staffId: admin.id, isAdmin: false })).error).toBe(
      'You cannot remove your own admin role.',
    );
    const root = await createStaffWithToken(server, { name: 'Root', email: 'root@example.com' });
    // ADMIN_EMAIL makes it an admin even before a start has set the flag.
    expect((await trpc(root.token, 'auth.access', undefined, 'GET')).data.isAdmin).toBe(true);
    expect((await trpc(admin.token, 'staff.setRoles', { staffId: root.staff.id, isAdmin: false })).error).toBe(
      'The ADMIN_EMAIL account is always an admin.',
    );
    expect((await trpc(admin.token, 'staff.remove', { staffId: '0123456789abcdef01234567' })).status).toBe(404);
    const gone = await createStaffWithToken(server, { name: 'Gus Gone', email: 'gus@example.com' });
    expect((await trpc(admin.token, 'staff.remove', { staffId: gone.staff.id })).status).toBe(200);
    expect((await rest(gone.token, 'GET', '/api/admin/leads')).status).toBe(401);
    const listed = await trpc(admin.token, 'staff.list', undefined, 'GET');
    expect(listed.data.map((s: { email: string }) => s.email)).not.toContain('gus@example.com');
    expect(JSON.stringify(listed.data)).not.toMatch(/argon2|passwordHash/);
  });
});
