// The door to the customers (docs/product.md §6 and §12): customer records, closing a lead into one, who
// reads medical details, the list in batches, and the customer import. Other folders import from here only.
export { applyImport, dryRunImport, type ImportActor } from './import/apply.ts';
export { importProgress, trackImport } from './import/progress.ts';
export {
  CustomerModel,
  createCustomer,
  customerIdOfLead,
  deleteCustomer,
  getCustomer,
  getCustomerSummary,
  listCustomers,
  updateCustomer,
} from './customer.ts';
export type { CustomerRecord } from './customer.ts';
export { closeLeadIntoCustomer } from './close.ts';
export { leadRecordWithCustomer } from './lead-record.ts';
export { countCustomers, customerSummaryBatches } from './list.ts';
export { mayReadMedical, withheldMedical } from './access.ts';
