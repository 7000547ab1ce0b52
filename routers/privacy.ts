// Contact rules (issue 25): "do not contact" marked by any staff member from a lead or a customer and
// lifted by an admin with a reason. Each procedure is its input schema and one call into models/privacy/.
import { doNotContactInput, liftDoNotContactInput } from '../schemas/privacy.ts';
import { liftDoNotContact, markDoNotContact } from '../models/privacy/do-not-contact.ts';
import { actorOf, adminProcedure, protectedProcedure, router } from './trpc.ts';

export const privacyRouter = router({
  /** "Asked not to be contacted": every lead and customer with the person's email or phone is marked. */
  doNotContact: protectedProcedure
    .input(doNotContactInput)
    .mutation(({ input, ctx }) => markDoNotContact(input, actorOf(ctx), input.customerId ? 'customer' : 'lead')),

  /** Lifts the mark; admins only, with a reason. */
  liftDoNotContact: adminProcedure.input(liftDoNotContactInput).mutation(({ input, ctx }) => liftDoNotContact(input, actorOf(ctx))),
});
