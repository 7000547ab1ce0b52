// The customer import (docs/product.md §12): what the routers use.
export { applyImport, dryRunImport, type ImportActor } from './apply.ts';
export { importProgress, trackImport } from './progress.ts';
