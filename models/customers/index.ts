// The door to the customers (docs/product.md §6 and §12): customer records, closing a lead into one, who
// reads medical details and the list in batches. Other folders import from here only.
export {
  CustomerModel,
  createCustomer,
  customerIdOfLead,
  findCustomer,
  getCustomer,
  getCustomerSummary,
  listCustomers,
  toDocFields,
  updateCustomer,
} from './customer.ts';
export type { CustomerRecord } from './customer.ts';
export { closeLeadIntoCustomer } from './close.ts';
export { leadRecordWithCustomer } from './lead-record.ts';
export { countCustomers, customerSummaryBatches } from './list.ts';
export { mayReadMedical, withheldMedical } from './access.ts';
