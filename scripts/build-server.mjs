// The server bundled ahead of time: server.ts and everything it imports from this repository, as one ESM
// file of plain JavaScript with a source map (DIST_DIR/node/server.js), with the packages it needs but a few
// (EXTERNAL). So production runs on node alone, with no TypeScript loader in the process.
import path from 'node:path';
import { build } from 'esbuild';
import { serverBundle } from './build-inputs.mjs';

/**
 * Packages that stay imports from node_modules; every other one is bundled into the server file. A start
 * that imported them all found, read and scanned about 1,200 files one by one, the largest part of the
 * time to the first answer. Kept out: native code (@node-rs/argon2), React (one copy, shared with the
 * server-rendering bundle), pino (its transports run files of their own in worker threads), what only a
 * rare path loads when it is used (SimpleWebAuthn, Google sign-in, nodemailer) and Vite (development only).
 */
const EXTERNAL =
  /^(@node-rs\/|react$|react\/|react-dom(\/|$)|pino(-http)?(\/|$)|@simplewebauthn\/|google-auth-library(\/|$)|nodemailer(\/|$)|vite(\/|$)|@vitejs\/)/;

/** Marks the package imports matching `external` external; esbuild bundles the rest. */
const keepOut = (external) => ({
  name: 'keep-out',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (external.test(args.path) ? { path: args.path, external: true } : undefined));
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
    plugins: [keepOut(EXTERNAL)],
    sourcemap: true,
    minifyWhitespace: true,
    minifySyntax: true,
    sourcesContent: false,
    logLevel: 'warning',
    define: { 'import.meta.dirname': '__serverDir' },
    banner: {
      js: [
        "import { fileURLToPath as __fileURLToPath } from 'node:url';",
        "import __path from 'node:path';",
        // Bundled CommonJS code requires Node's own modules (and tries its optional ones).
        "import { createRequire as __createRequire } from 'node:module';",
        'const require = __createRequire(import.meta.url);',
        `const __serverDir = __path.resolve(__path.dirname(__fileURLToPath(import.meta.url)), ${JSON.stringify(serverDir)});`,
      ].join('\n'),
    },
  });
}
