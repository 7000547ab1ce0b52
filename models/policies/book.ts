// What My work needs of the book of business: the in-force policies (one agent's, or everyone's) with
// their customers' names, and the customers who may be nearing Medicare age. The windows themselves
// are computed for a given day by schemas/book-windows.ts, in the browser, on the brokerage's calendar.
import { IN_FORCE } from '../../schemas/policy.ts';
import type { BookCustomer, BookPolicy } from '../../schemas/book-windows.ts';
import { MEDICARE_AGE } from '../../schemas/book-windows.ts';
import type { PolicyLine, PolicyStatus } from '../../schemas/policy.ts';
import { CustomerModel } from '../customers';
import { PolicyModel, type PolicyRecord } from './schema.ts';

export interface Book {
  policies: BookPolicy[];
  customers: BookCustomer[];
}

/** In-force policies (written by `agent` when one is named) and the customers with a birth date or aged 64. */
export async function readBook(agent?: string): Promise<Book> {
  const filter: Record<string, unknown> = { status: { $in: [...IN_FORCE] } };
  if (agent) filter.writingAgent = agent;
  const [rows, ageing] = await Promise.all([
    PolicyModel.find(filter)
      .select({ customerId: 1, carrier: 1, line: 1, status: 1, effectiveDate: 1, renewalDate: 1 })
      .lean<PolicyRecord[]>(),
    CustomerModel.find({ $or: [{ birthDate: { $type: 'string' } }, { age: MEDICARE_AGE - 1 }] })
      .select({ name: 1, age: 1, birthDate: 1 })
      .lean<{ _id: unknown; name: string; age?: number | null; birthDate?: string | null }[]>(),
  ]);
  const ids = [...new Set(rows.map((p) => String(p.customerId)))];
  const names = new Map(
    (
      await CustomerModel.find({ _id: { $in: ids } })
        .select({ name: 1 })
        .lean<{ _id: unknown; name: string }[]>()
    ).map((c) => [String(c._id), c.name]),
  );
  return {
    policies: rows
      .filter((p) => names.has(String(p.customerId)))
      .map((p) => ({
        policyId: String(p._id),
        customerId: String(p.customerId),
        customerName: names.get(String(p.customerId))!,
        carrier: p.carrier,
        line: p.line as PolicyLine,
        status: p.status as PolicyStatus,
        effectiveDate: p.effectiveDate,
        renewalDate: p.renewalDate ?? null,
      })),
    customers: ageing.map((c) => ({ customerId: String(c._id), name: c.name, age: c.age ?? null, birthDate: c.birthDate ?? null })),
  };
}
