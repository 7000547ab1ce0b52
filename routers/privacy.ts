// Contact rules (README.md, Contact rules): "do not contact" marked by any staff member from a lead or a customer and
// lifted by an admin with a reason; and a person's data on request (admins): find, download, erase.
// Each procedure is its input schema and one call into models/privacy/.
import { doNotContactInput, eraseInput, liftDoNotContactInput, personQueryInput } from '../schemas/privacy.ts';
import { liftDoNotContact, markDoNotContact, findPerson, accessCopy, erasePerson, listRequests } from '../models/privacy';
import { recordAudit } from '../models/audit';
import { adminProcedure, protectedProcedure, router } from './trpc.ts';

export const privacyRouter = router({
  /** "Asked not to be contacted": every lead and customer with the person's email or phone is marked. */
  doNotContact: protectedProcedure
    .input(doNotContactInput)
    .mutation(({ input, ctx }) => markDoNotContact(input, ctx.actor, input.customerId ? 'customer' : 'lead')),

  /** Lifts the mark; admins only, with a reason. */
  liftDoNotContact: adminProcedure.input(liftDoNotContactInput).mutation(({ input, ctx }) => liftDoNotContact(input, ctx.actor)),

  /** What is held about an email or phone, in counts and names. */
  find: adminProcedure.input(personQueryInput).query(({ input }) => findPerson(input)),

  /**
   * The access copy: everything held, in plain field names (the console shows it as a printable page and
   * downloads it as JSON); audited as a read of each customer's medical details.
   */
  export: adminProcedure.input(personQueryInput).mutation(async ({ input, ctx }) => {
    const data = await accessCopy(input, ctx.staff.name);
    const actor = ctx.actor;
    await Promise.all([
      recordAudit(actor, { action: 'PERSON_DATA_EXPORTED', detail: `${data.leads.length} leads, ${data.customers.length} customers` }),
      ...data.customers.map((c) =>
        recordAudit(actor, {
          action: 'CUSTOMER_MEDICAL_READ',
          customerId: c.customerId,
          customerName: c.name,
          detail: 'Privacy request: data export',
        }),
      ),
    ]);
    return data;
  }),

  /** De-identifies the person everywhere; answers what was done and what the law keeps, and why. */
  erase: adminProcedure.input(eraseInput).mutation(async ({ input, ctx }) => {
    const done = await erasePerson(input.person, ctx.staff.name);
    await recordAudit(ctx.actor, {
      action: 'PERSON_ERASED',
      detail: `${done.leads} leads, ${done.customers} customers, ${done.policies} policies, ${done.activityEntries} activity entries, ${done.noticesDropped} notices dropped, ${done.complianceRecordsKept} compliance records kept`,
    });
    return done;
  }),

  /** The record of past requests (kept 24 months). */
  requests: adminProcedure.query(() => listRequests()),
});
