// `npm run db:build`: builds the embedded database ahead of the first start (otherwise done on demand).
import { ensureFerretDbBinary } from '../server/embedded-db-build.ts';

console.log(`Embedded database ready at ${await ensureFerretDbBinary()}`);
