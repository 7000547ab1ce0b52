// Assignment and escalation (docs/product.md §11): an agent's own Away switch, an admin's setting of an agent's
// licences and availability (Staff page), and the dashboard's fairness and load table. The modes and the
// ladder's times are office settings (routers/office.ts).
import { readAvailability, setOwnAway, setStaffAvailability } from '../models/office';
import { agentLoad } from '../models/leads';
import { agentLoadInput } from '../schemas/assignment.ts';
import { awayInput, staffAvailabilityInput } from '../schemas/staff.ts';
import { adminProcedure, protectedProcedure, router } from './trpc.ts';

const DAY_MS = 24 * 3600_000;

export const assignmentRouter = router({
  myAvailability: protectedProcedure.query(({ ctx }) => readAvailability(ctx.staff.id as string)),
  setMyAway: protectedProcedure.input(awayInput).mutation(({ input, ctx }) => setOwnAway(ctx.staff.id as string, input)),
  setAvailability: adminProcedure.input(staffAvailabilityInput).mutation(({ input, ctx }) => setStaffAvailability(input, ctx.actor)),
  load: protectedProcedure.input(agentLoadInput).query(({ input }) => {
    const to = new Date();
    return agentLoad(new Date(to.getTime() - input.days * DAY_MS), to);
  }),
});
