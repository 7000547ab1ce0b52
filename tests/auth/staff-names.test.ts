// One agent per name: claims, tabs, counters and My work key on the agent's name, so a second account
// may not carry a name another already has, whatever its case (the Staff page, `npm run staff -- add`).
import { beforeAll, describe, expect, it } from 'vitest';
import { outcome, trpcClient } from '../helpers/trpc-client.ts';
import { createStaffWithToken, useTestServer } from '../helpers/test-server.ts';
import { StaffModel, duplicateStaffNames, upsertStaff } from '../../models/staff/accounts.ts';

const server = useTestServer();
let adminToken = '';

beforeAll(async () => {
  const a = await createStaffWithToken(server, { name: 'Ada Admin', email: 'ada@example.com' });
  await StaffModel.updateOne({ _id: a.staff._id }, { $set: { isAdmin: true } });
  adminToken = a.token;
  await createStaffWithToken(server, { name: 'Ben', email: 'ben@example.com', isAgent: true });
});

describe('staff names', () => {
  it('the Staff page refuses a second "ben", naming the account that has the name', async () => {
    const added = await outcome(
      trpcClient(server.url, adminToken).staff.add.mutate({
        name: 'ben',
        email: 'ben2@example.com',
        password: 'first-password-1',
        isAgent: true,
      }),
    );
    expect(added.status).toBe(409);
    expect(added.error).toContain('ben@example.com');
    expect(await StaffModel.countDocuments({ email: 'ben2@example.com' })).toBe(0);
  });

  it('the staff command refuses a clashing name on add and on rename, and keeps an account its own name', async () => {
    await expect(upsertStaff({ name: ' BEN ', email: 'other@example.com', password: 'a-long-password' })).rejects.toThrow(
      /ben@example.com/,
    );
    await upsertStaff({ name: 'Stef', email: 'stef@example.com', password: 'a-long-password' });
    await expect(upsertStaff({ name: 'Ben', email: 'stef@example.com', password: 'a-long-password' })).rejects.toThrow(/taken/);
    const same = await upsertStaff({ name: 'Ben', email: 'ben@example.com', password: 'a-long-password' });
    expect(same.staff.name).toBe('Ben');
  });

  it('the start-up check lists names that several existing accounts carry', async () => {
    expect(await duplicateStaffNames()).toEqual([]);
    await StaffModel.create({ name: 'BEN', email: 'legacy-ben@example.com', passwordHash: 'x' });
    expect(await duplicateStaffNames()).toEqual([
      { name: 'Ben', emails: expect.arrayContaining(['ben@example.com', 'legacy-ben@example.com']) },
    ]);
  });
});
