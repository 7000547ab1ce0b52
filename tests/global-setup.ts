// Builds the embedded database once before the test files start theirs in parallel.
import { ensureFerretDbBinary } from '../server/embedded-db-build.ts';

export default async function setup() {
  await ensureFerretDbBinary();
}
