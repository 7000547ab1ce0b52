// Policies the commission tests reconcile statements against.
import { PolicyModel } from '../../models/policies/schema.ts';

/** Last month, YYYY-MM: a month whose statement is due. */
export const lastMonth = () => new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1)).toISOString().slice(0, 7);

/** An active Humana Medicare Advantage policy of Ben's from `month`: $500 a month at 12%, so $60.00 a month due. */
export const humanaPolicy = (customerId: string, policyNumber: string, month: string, over: Record<string, unknown> = {}) =>
  PolicyModel.create({
    customerId,
    carrier: 'Humana',
    line: 'medicare-advantage',
    policyNumber,
    status: 'active',
    effectiveDate: `${month}-01`,
    premiumCents: 50_000,
    premiumPeriod: 'monthly',
    commission: { kind: 'rate', percent: 12 },
    writingAgent: 'Ben',
    ...over,
  });
