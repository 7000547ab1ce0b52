// Staff management for admins: list, add, remove, set agent and admin, reset a password or the second factors.
// The rules (no self-removal, the ADMIN_EMAIL account stays an admin) live in models/flows/staff-admin.ts.
import {
  addStaffAccount,
  listStaffRows,
  removeStaffAccount,
  resetStaffFactors,
  resetStaffPassword,
  setStaffRoles,
  type AdminActor,
} from '../models/flows';
import { staffAddInput, staffIdInput, staffResetInput, staffRolesInput } from '../schemas/staff.ts';
import { adminProcedure, router, type Context } from './trpc.ts';

const adminOf = (ctx: Pick<Context, 'config'> & { actor: Omit<AdminActor, 'configuredAdminEmail'> }): AdminActor => ({
  ...ctx.actor,
  configuredAdminEmail: ctx.config.ADMIN_EMAIL,
});

export const staffRouter = router({
  list: adminProcedure.query(() => listStaffRows()),
  add: adminProcedure.input(staffAddInput).mutation(({ input, ctx }) => addStaffAccount(input, adminOf(ctx))),
  remove: adminProcedure.input(staffIdInput).mutation(async ({ input, ctx }) => {
    await removeStaffAccount(input.staffId, adminOf(ctx));
    return { success: true as const };
  }),
  setRoles: adminProcedure.input(staffRolesInput).mutation(({ input, ctx }) => setStaffRoles(input, adminOf(ctx))),
  resetPassword: adminProcedure.input(staffResetInput).mutation(async ({ input, ctx }) => {
    await resetStaffPassword(input.staffId, input.temporaryPassword, adminOf(ctx));
    return { success: true as const };
  }),
  resetFactors: adminProcedure.input(staffIdInput).mutation(async ({ input, ctx }) => {
    await resetStaffFactors(input.staffId, adminOf(ctx));
    return { success: true as const };
  }),
});
