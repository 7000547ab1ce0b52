// The server bundled ahead of time: server.ts and everything it imports from this repository, as one ESM
// file of plain JavaScript with a source map (DIST_DIR/node/server.js). Packages stay imports from
// node_modules. So production runs on node alone, with no TypeScript loader in the process.
import path from 'node:path';
import { build } from 'esbuild';
import { serverBundle } from './build-inputs.mjs';

/**
 * Packages bundled into the server file rather than imported from node_modules: the database driver and
 * its parts are about 400 of the files a start would otherwise find, read and scan one by one (a fifth
 * of the time to the first answer). Everything else stays an import (native code, React shared with the
 * server-rendering bundle, packages that read files beside them).
 */
const BUNDLED =
  /^(mongoose|mongodb|bson|mquery|mpath|sift|kareem|@mongodb-js\/saslprep|mongodb-connection-string-url|whatwg-url|webidl-conversions|tr46|punycode|memory-pager|sparse-bitfield|ms|debug)(\/|$)/;

/** Marks every package import external but those matching `bundled`. */
const bundleOnly = (bundled) => ({
  name: 'bundle-only',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      bundled.test(args.path) || args.path.startsWith('node:') ? undefined : { path: args.path, external: true },
    );
  },
});

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
    plugins: [bundleOnly(BUNDLED)],
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
    define: { 'import.meta.dirname': '__serverDir' },
    banner: {
      js: [
        "import { fileURLToPath as __fileURLToPath } from 'node:url';",
        "import __path from 'node:path';",
        // The bundled driver's CommonJS code requires Node's own modules (and tries its optional ones).
        "import { createRequire as __createRequire } from 'node:module';",
        'const require = __createRequire(import.meta.url);',
        `const __serverDir = __path.resolve(__path.dirname(__fileURLToPath(import.meta.url)), ${JSON.stringify(serverDir)});`,
      ].join('\n'),
    },
  });
}
