// Customers, and closing a lead into a customer. The rules live in models/customer.ts.
import { closeLeadInput, customerCreateInput, customerIdInput, customerUpdateInput } from '../schemas/customer.ts';
import { customersCsvPart } from '../schemas/customer-csv.ts';
import {
  closeLeadIntoCustomer,
  createCustomer,
  deleteCustomer,
  getCustomer,
  getCustomerSummary,
  listCustomers,
  updateCustomer,
} from '../models/customer.ts';
import { countCustomers, customerSummaryBatches } from '../models/customer-list.ts';
import { streamJsonArray, streamText } from '../server/stream-answer.ts';
import { csvAttachment, restRoutes } from './rest.ts';
import { actorOf, auditActorOf, protectedProcedure, router } from './trpc.ts';
import { recordAudit } from '../models/audit.ts';
import { customerExportNote } from '../schemas/customer.ts';

export const customersRouter = router({
  list: protectedProcedure.query(() => listCustomers()),
  /** The same list a batch at a time, for the REST answer that writes it as it reads it (not for /trpc). */
  listBatches: protectedProcedure.query(() => ({ batches: customerSummaryBatches() })),

  /** One customer with the medical details: the edit view loads it. Every read is in the audit log. */
  get: protectedProcedure.input(customerIdInput).query(async ({ input, ctx }) => {
    const customer = await getCustomer(input.customerId);
    await recordAudit(auditActorOf(ctx), { action: 'CUSTOMER_MEDICAL_READ', customerId: customer.customerId, customerName: customer.name });
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

  /** Checks the caller and records the export of all customers; the REST adapter streams the CSV. */
  export: protectedProcedure.query(async ({ ctx }) => {
    const count = await countCustomers();
    await recordAudit(auditActorOf(ctx), { action: 'CUSTOMERS_EXPORTED', scope: `all ${count} customers` });
    return { fileName: 'customers.csv' };
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

/** The CSV of every customer, the header and then a batch of rows at a time. */
async function* customersCsvText(): AsyncGenerator<string> {
  let header = true;
  for await (const batch of customerSummaryBatches()) {
    yield customersCsvPart(batch, { header });
    header = false;
  }
  if (header) yield customersCsvPart([], { header: true });
}

export const customersRest = restRoutes(customersRouter, [
  {
    method: 'get',
    path: '/api/admin/customers',
    // The same list as the procedure, written from the database a batch at a time.
    handle: async (c, _req, res) => {
      const { batches } = await c.listBatches();
      await streamJsonArray(res, batches);
    },
  },
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
      const { fileName } = await c.export();
      await streamText(res, csvAttachment(fileName), customersCsvText());
    },
  },
]);
