// Customers, and closing a lead into a customer. The rules live in models/customers/customer.ts
// (deleting one in models/flows/delete-customer.ts).
import {
  closeLeadInput,
  customerCreateInput,
  customerIdInput,
  customerReadInput,
  customerUpdateInput,
  type CustomerSummary,
} from '../schemas/customer.ts';
import { customersCsvPart } from '../schemas/customer-csv.ts';
import { getCustomer, updateCustomer, countCustomers, mayReadMedical, withheldMedical } from '../models/customers';
import { streamJsonArray, streamText } from '../server/stream-answer.ts';
import { z } from 'zod';
import { customerAnswer, success } from '../schemas/api.ts';
import { csvAttachment, restRoutes } from './rest.ts';
import { isAdminStaff, protectedProcedure, router } from './trpc.ts';
import { recordAudit } from '../models/audit';
import { policySummaries } from '../models/policies';
import {
  addCustomer,
  closeLead,
  customerBatchesWithPolicies,
  deleteCustomer,
  markedCustomerBatches,
  markedCustomers,
} from '../models/flows';
import {
  FILTER_PARAMS,
  customerExportQuery,
  customerFiltersInput,
  describeFilters,
  filterCustomers,
  type CustomerFilters,
  type CustomerFiltersInput,
} from '../schemas/customer-filters.ts';

export const customersRouter = router({
  /** The list: no medical field (history, medications, doctor, notes), so no medical read to audit. */
  list: protectedProcedure.query(() => markedCustomers()),

  /**
   * One customer with the medical details: the edit view loads it. Every read is in the audit log.
   * When the office narrows medical details (models/customers/access.ts), others get them withheld
   * unless they give a reason, which the entry records.
   */
  get: protectedProcedure.input(customerReadInput).query(async ({ input, ctx }) => {
    const customer = await getCustomer(input.customerId);
    const allowed = await mayReadMedical(customer, { name: ctx.staff.name, isAdmin: isAdminStaff(ctx.staff, ctx.config) });
    if (!allowed && !input.reason) return withheldMedical(customer);
    await recordAudit(ctx.actor, {
      action: 'CUSTOMER_MEDICAL_READ',
      customerId: customer.customerId,
      customerName: customer.name,
      detail: allowed ? undefined : `Reason: ${input.reason}`,
    });
    return customer;
  }),

  /** A hand-added customer; given a leadId it closes that lead into this customer instead. Answers without the medical details. */
  create: protectedProcedure.input(customerCreateInput).mutation(({ input, ctx }) => addCustomer(input, ctx.actor)),

  update: protectedProcedure.input(customerUpdateInput).mutation(({ input, ctx }) => updateCustomer(input, ctx.actor)),

  remove: protectedProcedure.input(customerIdInput).mutation(async ({ input, ctx }) => {
    await deleteCustomer(input.customerId, ctx.actor);
    return { success: true as const };
  }),

  /** The customer-information form of a lead being closed, with the customer's first policy when one is given. */
  closeLead: protectedProcedure
    .input(closeLeadInput)
    .mutation(({ input, ctx }) => closeLead(input.leadId, input.customer, input.policy, ctx.actor)),

  /**
   * Checks the caller and records the export of the customers that match the console's filters, with the
   * filters and the row count, whatever the filter; the REST adapter then streams that CSV.
   */
  export: protectedProcedure.input(customerFiltersInput).query(async ({ input, ctx }) => {
    let count = 0;
    for await (const batch of matchingBatches(input)) count += batch.length;
    const filters = describeFilters(input);
    const scope = filters ? `${count} customers (${filters})` : `all ${count} customers`;
    await recordAudit(ctx.actor, { action: 'CUSTOMERS_EXPORTED', scope });
    return { fileName: 'customers.csv', filters: input };
  }),

  /**
   * The list as GET /api/admin/customers answers it, a batch at a time (not for /trpc): the same columns as
   * the export (contact details, income; no medical field), so each answer is audited as an export of the whole list.
   */
  listBatches: protectedProcedure.query(async ({ ctx }) => {
    await recordAudit(ctx.actor, {
      action: 'CUSTOMERS_EXPORTED',
      scope: `list of ${await countCustomers()} customers (GET /api/admin/customers)`,
    });
    return { batches: markedCustomerBatches() };
  }),
});

/** The customers that match the filters, newest first, a batch at a time. */
async function* matchingBatches(filters: CustomerFilters): AsyncGenerator<CustomerSummary[]> {
  for await (const batch of customerBatchesWithPolicies()) yield filterCustomers(batch, filters);
}

/** The CSV of the matching customers, the header and then a batch of rows at a time. */
async function* customersCsvText(filters: CustomerFilters): AsyncGenerator<string> {
  let header = true;
  for await (const batch of matchingBatches(filters)) {
    if (!batch.length) continue;
    const policies = await policySummaries(batch.map((c) => c.customerId));
    yield customersCsvPart(batch, { header, policies });
    header = false;
  }
  if (header) yield customersCsvPart([], { header: true });
}

const customerPath = '/api/admin/customers/:customerId';
const customerModel = '`models/customers/customer.ts`';

export const customersRest = restRoutes(customersRouter, [
  {
    method: 'get',
    path: '/api/admin/customers',
    summary: 'All customers (no medical history or medications; audited as an export)',
    staff: true,
    answer: z.array(customerAnswer),
    code: { procedure: '`customers.list`', model: customerModel, screen: '`src/pages/admin/customers/`' },
    // The same list as the procedure, written from the database a batch at a time.
    handle: async (c, _req, res) => streamJsonArray(res, (await c.listBatches()).batches),
  },
  {
    method: 'post',
    path: '/api/admin/customers',
    summary: 'Add a customer',
    staff: true,
    body: customerCreateInput,
    status: 201,
    answer: customerAnswer,
    code: {
      procedure: '`customers.create`',
      input: '`customerCreateInput` (`schemas/customer.ts`)',
      model: customerModel,
      screen: '`src/components/customer-form/`',
    },
    handle: (c, req) => c.create(req.body),
  },
  {
    method: 'put',
    path: customerPath,
    summary: 'Change a customer',
    staff: true,
    body: customerUpdateInput,
    answer: customerAnswer,
    code: {
      procedure: '`customers.update`',
      input: '`customerUpdateInput`',
      model: customerModel,
      screen: '`src/components/customer-form/`',
    },
    handle: (c, req) => c.update({ ...req.body, customerId: req.params.customerId }),
  },
  {
    method: 'delete',
    path: customerPath,
    summary: 'Delete a customer',
    staff: true,
    answer: success,
    code: {
      procedure: '`customers.remove`',
      input: '`customerIdInput`',
      model: '`models/flows/delete-customer.ts`',
      screen: '`src/pages/admin/customers/`',
    },
    handle: (c, req) => c.remove({ customerId: String(req.params.customerId) }),
  },
  {
    method: 'get',
    path: '/api/admin/customers/export',
    summary: "Customers matching the console's filters as CSV (audited with filters and row count)",
    staff: true,
    query: customerExportQuery,
    csv: true,
    code: { procedure: '`customers.export`', model: customerModel, screen: '`src/pages/admin/customers/`' },
    handle: async (c, req, res) => {
      // The console's own query-string names (?search=&type=&plan=&provider=); absent means any.
      const q = (name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : undefined);
      const { fileName, filters } = await c.export({
        search: q(FILTER_PARAMS.search),
        insuranceType: q(FILTER_PARAMS.insuranceType) as CustomerFiltersInput['insuranceType'],
        planType: q(FILTER_PARAMS.planType) as CustomerFiltersInput['planType'],
        provider: q(FILTER_PARAMS.provider) as CustomerFiltersInput['provider'],
      });
      await streamText(res, csvAttachment(fileName), customersCsvText(filters));
    },
  },
]);
