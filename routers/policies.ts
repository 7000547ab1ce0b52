// A customer's policies and My work's view of the book of business. The rules live in models/policies/.
import { bookInput, customerPoliciesInput, policyCreateInput, policyIdInput, policyUpdateInput } from '../schemas/policy.ts';
import { addPolicy, listPolicies, readBook, removePolicy, updatePolicy } from '../models/policies';
import { protectedProcedure, router } from './trpc.ts';

export const policiesRouter = router({
  /** One customer's policies, newest effective date first. */
  list: protectedProcedure.input(customerPoliciesInput).query(({ input }) => listPolicies(input.customerId)),

  add: protectedProcedure.input(policyCreateInput).mutation(({ input, ctx }) => addPolicy(input, ctx.actor)),

  update: protectedProcedure.input(policyUpdateInput).mutation(({ input, ctx }) => updatePolicy(input, ctx.actor)),

  remove: protectedProcedure.input(policyIdInput).mutation(async ({ input, ctx }) => {
    await removePolicy(input.policyId, ctx.actor);
    return { success: true as const };
  }),

  /**
   * The in-force policies (written by `agent` when one is named) and the customers near Medicare age, with the
   * brokerage's time zone: the browser computes My work's renewal, age-in and season windows for its own clock
   * (schemas/book-windows.ts).
   */
  book: protectedProcedure
    .input(bookInput)
    .query(async ({ input, ctx }) => ({ timeZone: ctx.config.TIME_ZONE, ...(await readBook(input.agent)) })),
});
