// The door to the customer import (docs/customer-import.md): a CSV of customers and their policies checked
// row by row, then applied in one go. It writes both the customers and the policies, so it sits above both.
export { applyImport, dryRunImport, type ImportActor } from './apply.ts';
export { importProgress, trackImport } from './progress.ts';
