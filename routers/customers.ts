// Customers, and closing a lead into a customer. The rules live in models/customer.ts.
import { closeLeadInput, customerCreateInput, customerIdInput, customerReadInput, customerUpdateInput } from '../schemas/customer.ts';
import { customersCsv } from '../schemas/customer-csv.ts';
import {
  closeLeadIntoCustomer,
  createCustomer,
  deleteCustomer,
  getCustomer,
  getCustomerSummary,
  listCustomers,
  updateCustomer,
} from '../models/customer.ts';
import { csvAttachment, restRoutes } from './rest.ts';
import { actorOf, auditActorOf, isAdminStaff, protectedProcedure, router } from './trpc.ts';
import { mayReadMedical, withheldMedical } from '../models/customer-access.ts';
import { recordAudit } from '../models/audit.ts';
import { customerExportNote } from '../schemas/customer.ts';

export const customersRouter = router({
  list: protectedProcedure.query(() => listCustomers()),

  /**
   * One customer with the medical details: the edit view loads it. Every read is in the audit log.
   * When the office narrows medical details (models/customer-access.ts), others get them withheld
   * unless they give a reason, which the entry records.
   */
  get: protectedProcedure.input(customerReadInput).query(async ({ input, ctx }) => {
    const customer = await getCustomer(input.customerId);
    const allowed = await mayReadMedical(customer, { name: ctx.staff.name, isAdmin: isAdminStaff(ctx.staff, ctx.config) });
    if (!allowed && !input.reason) return withheldMedical(customer);
    await recordAudit(auditActorOf(ctx), {
      action: 'CUSTOMER_MEDICAL_READ',
      customerId: customer.customerId,
      customerName: customer.name,
      detail: allowed ? undefined : `Reason: ${input.reason}`,
    });
    return customer;
  }),

  /** A hand-added customer; given a leadId it closes that lead into this customer instead. Answers without the medical details. */
  create: protectedProcedure.input(customerCreateInput).mutation(async ({ input, ctx }) => {
    const { leadId, ...fields } = input;
    if (!leadId) return createCustomer(fields, actorOf(ctx));
    const { customerId } = await closeLeadIntoCustomer(leadId, fields, actorOf(ctx));
    return getCustomerSummary(customerId);
  }),

  update: protectedProcedure.input(customerUpdateInput).mutation(({ input, ctx }) => updateCustomer(input, actorOf(ctx))),

  remove: protectedProcedure.input(customerIdInput).mutation(async ({ input, ctx }) => {
    await deleteCustomer(input.customerId, actorOf(ctx));
    return { success: true as const };
  }),

  /** The customer-information form of a lead being closed. */
  closeLead: protectedProcedure
    .input(closeLeadInput)
    .mutation(({ input, ctx }) => closeLeadIntoCustomer(input.leadId, input.customer, actorOf(ctx))),

  /** All customers as CSV (the page exports its filtered list itself). */
  export: protectedProcedure.query(async ({ ctx }) => {
    const customers = await listCustomers();
    await recordAudit(auditActorOf(ctx), { action: 'CUSTOMERS_EXPORTED', scope: `all ${customers.length} customers` });
    return { fileName: 'customers.csv', csv: customersCsv(customers) };
  }),

  /** The console builds its filtered CSV itself from the list; it reports the export here first. */
  noteExport: protectedProcedure.input(customerExportNote).mutation(async ({ input, ctx }) => {
    await recordAudit(auditActorOf(ctx), {
      action: 'CUSTOMERS_EXPORTED',
      scope: `${input.count} customers${input.filter ? ` (${input.filter})` : ''}`,
    });
    return { success: true as const };
  }),
});

export const customersRest = restRoutes(customersRouter, [
  { method: 'get', path: '/api/admin/customers', handle: (c) => c.list() },
  { method: 'post', path: '/api/admin/customers', status: 201, handle: (c, req) => c.create(req.body) },
  {
    method: 'put',
    path: '/api/admin/customers/:customerId',
    handle: (c, req) => c.update({ ...req.body, customerId: req.params.customerId }),
  },
  {
    method: 'delete',
    path: '/api/admin/customers/:customerId',
    handle: (c, req) => c.remove({ customerId: String(req.params.customerId) }),
  },
  {
    method: 'get',
    path: '/api/admin/customers/export',
    handle: async (c, _req, res) => {
      const { fileName, csv } = await c.export();
      res.status(200).set(csvAttachment(fileName)).send(csv);
    },
  },
]);
