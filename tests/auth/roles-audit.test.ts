// Roles and the audit log over HTTP against the real embedded database: every action of docs/product.md is open
// to every staff member, staff management and the audit log only to admins, medical reads and
// exports are recorded, and an admin's password reset forces a new password at sign-in.
import { beforeAll, describe, expect, it } from 'vitest';
import { outcome, trpcClient } from '../helpers/trpc-client.ts';
import { createStaffWithToken, useTestServer } from '../helpers/test-server.ts';
import { StaffModel } from '../../models/staff/accounts.ts';

const server = useTestServer({ TRUST_PROXY: '1', ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'root-password-1' });
let admin: { token: string; id: string };
let clerk: { token: string; id: string };

beforeAll(async () => {
  const a = await createStaffWithToken(server, { name: 'Ada Admin', email: 'ada@example.com' });
  await StaffModel.updateOne({ _id: a.staff._id }, { $set: { isAdmin: true } });
  admin = { token: a.token, id: a.staff.id as string };
  const c = await createStaffWithToken(server, { name: 'Carl Clerk', email: 'carl@example.com' });
  clerk = { token: c.token, id: c.staff.id as string };
  await createStaffWithToken(server, { name: 'Ben', email: 'ben@example.com', isAgent: true });
});

let addressNo = 0;
const newAddress = () => `198.18.0.${++addressNo}`;

/** The console's procedures, called as the holder of `token`. */
const as = (token: string) => trpcClient(server.url, token);
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
    expect((await outcome(as(t).customers.get.query({ customerId }))).data.medicalHistory).toBe('asthma');
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
    const access = await outcome(as(t).auth.access.query());
    expect(access.data).toEqual({ isAdmin: false, isAgent: false, mustChangePassword: false });
  });

  it('gets 403 from staff management and the audit log unless an admin', async () => {
    const clerkCalls = as(clerk.token);
    const calls: [string, () => Promise<unknown>][] = [
      ['staff.list', () => clerkCalls.staff.list.query()],
      [
        'staff.add',
        () => clerkCalls.staff.add.mutate({ name: 'Sneaky', email: 'sneaky@example.com', password: 'sneaky-password', isAdmin: true }),
      ],
      ['staff.remove', () => clerkCalls.staff.remove.mutate({ staffId: admin.id })],
      ['staff.setRoles', () => clerkCalls.staff.setRoles.mutate({ staffId: clerk.id, isAdmin: true })],
      ['staff.resetPassword', () => clerkCalls.staff.resetPassword.mutate({ staffId: admin.id, temporaryPassword: 'taken-over-1' })],
      ['audit.list', () => clerkCalls.audit.list.query({})],
    ];
    for (const [proc, call] of calls) {
      const res = await outcome(call());
      expect([proc, res.status, res.error]).toEqual([proc, 403, 'Only admins can do this.']);
    }
    expect(await StaffModel.countDocuments({ email: 'sneaky@example.com' })).toBe(0);
    expect((await StaffModel.findById(clerk.id).lean())!.isAdmin).toBe(false);
    expect((await outcome(as(admin.token).staff.list.query())).status).toBe(200);
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
    expect((await as(clerk.token).customers.get.query({ customerId })).medications).toBe('metformin');
    // The answer's headers, which the client does not show: the same call by hand.
    const input = encodeURIComponent(JSON.stringify({ json: { customerId } }));
    const read = await server.api('GET', `/trpc/customers.get?input=${input}`, { token: clerk.token });
    expect(read.headers.get('cache-control')).toBe('no-store');
    const log = await outcome(as(admin.token).audit.list.query({}));
    const entry = log.data.entries.find((e) => e.action === 'CUSTOMER_MEDICAL_READ' && e.customerId === customerId);
    expect(entry).toMatchObject({ actor: { name: 'Carl Clerk', email: 'carl@example.com' }, customerName: 'Mia Medical' });
    expect(Date.now() - new Date(entry!.at).getTime()).toBeLessThan(60_000);
  });

  it('records the activity and customer exports with their range', async () => {
    const activity = await rest(clerk.token, 'GET', '/api/admin/activity-logs/export?from=2026-01-01&to=2026-01-31');
    expect(activity.status).toBe(200);
    expect(activity.headers.get('cache-control')).toBe('no-store');
    expect((await rest(clerk.token, 'GET', '/api/admin/customers/export')).status).toBe(200);
    expect((await rest(clerk.token, 'GET', '/api/admin/customers/export?plan=PPO')).status).toBe(200);
    const log = await outcome(as(admin.token).audit.list.query({}));
    const mine = log.data.entries.filter((e) => e.actor.email === 'carl@example.com');
    const scopes = mine.map((e) => `${e.action} ${e.scope}`);
    expect(scopes).toContain('ACTIVITY_EXPORTED 2026-01-01 to 2026-01-31');
    expect(scopes.some((s) => /^CUSTOMERS_EXPORTED \d+ customers \(plan PPO\)$/.test(s))).toBe(true);
    expect(scopes.some((s) => /^CUSTOMERS_EXPORTED all \d+ customers$/.test(s))).toBe(true);
  });
});

describe('staff management', () => {
  const login = (email: string, password: string) =>
    server.api('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': newAddress() } });

  it('adds an account that must choose its own password at first sign-in, and makes it an admin', async () => {
    const added = await outcome(
      as(admin.token).staff.add.mutate({
        name: 'Nora New',
        email: 'Nora@Example.com',
        password: 'first-password-1',
        isAgent: true,
        isAdmin: false,
      }),
    );
    expect(added.status).toBe(200);
    expect(
      (await outcome(as(admin.token).staff.add.mutate({ name: 'Nora Again', email: 'nora@example.com', password: 'first-password-1' })))
        .status,
    ).toBe(409);
    const session = await login('nora@example.com', 'first-password-1');
    expect(session.status).toBe(200);
    const token = session.body.token as string;
    expect((await outcome(as(token).auth.access.query())).data).toEqual({ isAdmin: false, isAgent: true, mustChangePassword: true });
    const blocked = await rest(token, 'GET', '/api/admin/leads');
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({ error: 'Your password was reset. Choose a new password to continue.' });
    const changed = await outcome(
      as(token).auth.changePassword.mutate({ currentPassword: 'first-password-1', newPassword: 'chosen-own-password' }),
    );
    expect(changed.status).toBe(200);
    expect((await rest(changed.data.token, 'GET', '/api/admin/leads')).status).toBe(200);

    const roles = await outcome(as(admin.token).staff.setRoles.mutate({ staffId: added.data.id, isAdmin: true }));
    expect(roles.data).toMatchObject({ email: 'nora@example.com', isAdmin: true, isAgent: true });
    expect((await outcome(as(changed.data.token).staff.list.query())).status).toBe(200);
    const log = await outcome(as(admin.token).audit.list.query({}));
    const noraEntries = log.data.entries.filter((e) => e.targetEmail === 'nora@example.com').map((e) => e.action);
    expect(noraEntries).toEqual(['STAFF_ROLES_CHANGED', 'STAFF_ADDED']);
  });

  it('resets a password: sessions end, and the temporary one only lets them choose a new one', async () => {
    const target = await createStaffWithToken(server, { name: 'Rita Reset', email: 'rita@example.com', password: 'rita-password-1' });
    const res = await outcome(
      as(admin.token).staff.resetPassword.mutate({ staffId: target.staff.id, temporaryPassword: 'temporary-pass-1' }),
    );
    expect(res.status).toBe(200);
    expect((await rest(target.token, 'GET', '/api/admin/leads')).status).toBe(401);
    expect((await login('rita@example.com', 'rita-password-1')).status).toBe(401);
    const session = await login('rita@example.com', 'temporary-pass-1');
    expect((await outcome(as(session.body.token).auth.access.query())).data.mustChangePassword).toBe(true);
    expect((await outcome(as(session.body.token).leads.list.query())).status).toBe(403);
  });

  it('refuses to remove or demote yourself, to demote the ADMIN_EMAIL account, and unknown ids', async () => {
    expect((await outcome(as(admin.token).staff.remove.mutate({ staffId: admin.id }))).error).toBe('You cannot remove your own account.');
    expect((await outcome(as(admin.token).staff.setRoles.mutate({ staffId: admin.id, isAdmin: false }))).error).toBe(
      'You cannot remove your own admin role.',
    );
    const root = await createStaffWithToken(server, { name: 'Root', email: 'root@example.com' });
    // ADMIN_EMAIL makes it an admin even before a start has set the flag.
    expect((await outcome(as(root.token).auth.access.query())).data.isAdmin).toBe(true);
    expect((await outcome(as(admin.token).staff.setRoles.mutate({ staffId: root.staff.id, isAdmin: false }))).error).toBe(
      'The ADMIN_EMAIL account is always an admin.',
    );
    expect((await outcome(as(admin.token).staff.remove.mutate({ staffId: '0123456789abcdef01234567' }))).status).toBe(404);
    const gone = await createStaffWithToken(server, { name: 'Gus Gone', email: 'gus@example.com' });
    expect((await outcome(as(admin.token).staff.remove.mutate({ staffId: gone.staff.id }))).status).toBe(200);
    expect((await rest(gone.token, 'GET', '/api/admin/leads')).status).toBe(401);
    const listed = await outcome(as(admin.token).staff.list.query());
    expect(listed.data.map((s: { email: string }) => s.email)).not.toContain('gus@example.com');
    expect(JSON.stringify(listed.data)).not.toMatch(/argon2|passwordHash/);
  });
});
