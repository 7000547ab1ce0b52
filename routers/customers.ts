// Customers, and closing a lead into a customer. The rules live in models/customer.ts.
import { closeLeadInput, customerCreateInput, customerIdInput, customerUpdateInput } from '../schemas/customer.ts';
import { customersCsv } from '../schemas/customer-csv.ts';
import { closeLeadIntoCustomer, createCustomer, deleteCustomer, getCustomer, getCustomerSummary, listCustomers, updateCustomer } from '../models/customer.ts';
import { csvAttachment, restRoutes } from './rest.ts';
import { actorOf, protectedProcedure, router } from './trpc.ts';

export const customersRouter = router({
  list: protectedProcedure.query(() => listCustomers()),

  /** One customer with the medical details: the edit view loads it. */
  get: protectedProcedure.input(customerIdInput).query(({ input }) => getCustomer(input.customerId)),

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
  closeLead: protectedProcedure.input(closeLeadInput).mutation(({ input, ctx }) => closeLeadIntoCustomer(input.leadId, input.customer, actorOf(ctx))),

  /** All customers as CSV (the page exports its filtered list itself). */
  export: protectedProcedure.query(async () => ({ fileName: 'customers.csv', csv: customersCsv(await listCustomers()) })),
});

export const customersRest = restRoutes(customersRouter, [
  { method: 'get', path: '/api/admin/customers', handle: (c) => c.list() },
  { method: 'post', path: '/api/admin/customers', status: 201, handle: (c, req) => c.create(req.body) },
  { method: 'put', path: '/api/admin/customers/:customerId', handle: (c, req) => c.update({ ...req.body, customerId: req.params.customerId }) },
  { method: 'delete', path: '/api/admin/customers/:customerId', handle: (c, req) => c.remove({ customerId: String(req.params.customerId) }) },
  {
    method: 'get',
    path: '/api/admin/customers/export',
    handle: async (c, _req, res) => {
      const { fileName, csv } = await c.export();
      res.status(200).set(csvAttachment(fileName)).send(csv);
    },
  },
]);
