// `npm start`: builds when the inputs changed since the last build (scripts/build-inputs.mjs), then runs
// the built server (DIST_DIR/node/server.js) in this same node process: no TypeScript loader, no bundler
// and no wrapper process at run time. Signals reach the server directly.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIsCurrent, serverBundle } from './build-inputs.mjs';

const dist = process.env.DIST_DIR || 'dist';
if (!buildIsCurrent(dist)) {
  const r = spawnSync(process.execPath, [path.join(import.meta.dirname, 'build.mjs')], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// Stack traces name the bundle's lines. `NODE_OPTIONS=--enable-source-maps` makes them name the TypeScript
// files instead (DIST_DIR/node/server.js.map), for about 8 MiB more memory: node then keeps the maps of
// every package that ships one.
// The server renders with the built bundles (server.ts reads --built).
if (!process.argv.includes('--built')) process.argv.push('--built');
await import(pathToFileURL(path.resolve(serverBundle(dist))).href);
