// The policies (the book of business, docs/product.md §12): what the routers and the other models use.
export { addPolicy, addPolicyTo, listPolicies, removePolicy, toPolicyView, updatePolicy } from './policy.ts';
export { readBook, type Book } from './book.ts';
export { premiumWrittenBy, type PremiumWritten } from './premium-written.ts';
export { policySummaries, type PolicySummary } from './summaries.ts';
export { PolicyModel, dropCustomerPolicies } from './schema.ts';
export { withPolicyLines } from './summaries.ts';
