// The server bundled ahead of time: server.ts and everything it imports from this repository, as one ESM
// file of plain JavaScript with a source map (DIST_DIR/node/server.js). Packages stay imports from
// node_modules. So production runs on node alone, with no TypeScript loader in the process.
import path from 'node:path';
import { build } from 'esbuild';
import { serverBundle } from './build-inputs.mjs';

/** Builds the server bundle into DIST_DIR/node. */
export async function buildServer(dist) {
  const outfile = serverBundle(dist);
  // server/*.ts and web/*.ts find the repository from their own folder (import.meta.dirname, one level down); in the bundle that folder
  // is computed from where the bundle lies, so the repository and its build can move together.
  const serverDir = path.relative(path.dirname(outfile), 'server').split(path.sep).join('/');
  await build({
    entryPoints: ['server.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
    define: { 'import.meta.dirname': '__serverDir' },
    banner: {
      js: [
        "import { fileURLToPath as __fileURLToPath } from 'node:url';",
        "import __path from 'node:path';",
        `const __serverDir = __path.resolve(__path.dirname(__fileURLToPath(import.meta.url)), ${JSON.stringify(serverDir)});`,
      ].join('\n'),
    },
  });
}
