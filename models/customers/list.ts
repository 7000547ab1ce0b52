// The whole customer list read in batches from a database cursor, newest first, for the answers that
// are the whole list (GET /api/admin/customers, the CSV export): the same rows listCustomers() returns,
// without ever holding all of them.
import { inBatches } from '../../server/stream-answer.ts';
import type { CustomerSummary } from '../../schemas/customer.ts';
import { CustomerModel, SENSITIVE, toSummary, type CustomerRecord } from './customer.ts';

/** Customers are read from the database this many at a time. */
export const CUSTOMER_BATCH = 500;

/**
 * Every customer as the list shows it (no medical details), newest first, a batch at a time; their policies
 * are added by models/flows/customer-lists.ts.
 */
export async function* customerSummaryBatches(batchSize = CUSTOMER_BATCH): AsyncGenerator<CustomerSummary[]> {
  const cursor = CustomerModel.find().sort({ createdAt: -1 }).select(SENSITIVE).lean<CustomerRecord[]>().cursor({ batchSize });
  try {
    for await (const batch of inBatches<CustomerRecord>(cursor, batchSize)) yield batch.map(toSummary);
  } finally {
    await cursor.close();
  }
}

/** How many customers there are (the export's audit entry names it). */
export const countCustomers = () => CustomerModel.countDocuments();
