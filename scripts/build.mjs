// `npm run build`: the client bundle (hashed assets, manifest) and the server-rendering bundle,
// with gzip and brotli copies of the client files the server sends from memory, and the server itself
// as plain JavaScript (DIST_DIR/node/server.js, run by `npm start` with node).
// DIST_DIR (default dist) lets parallel test runs keep separate builds.
// `--if-changed` builds only when the inputs differ from the last build's (scripts/build-inputs.mjs).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildServer } from './build-server.mjs';
import { buildIsCurrent, hashFile, inputsHash } from './build-inputs.mjs';

const dist = process.env.DIST_DIR || 'dist';
const hash = inputsHash();
if (process.argv.includes('--if-changed') && buildIsCurrent(dist, hash)) {
  console.log(`The build in ${dist}/ is current.`);
  process.exit(0);
}
// A build that stops half way is never taken for a current one.
rmSync(hashFile(dist), { force: true });
const vite = path.join('node_modules', '.bin', 'vite');
for (const args of [
  ['build', '--outDir', path.join(dist, 'client')],
  // The public pages' bundle, beside the console's (see vite.config.ts).
  ['build', '--mode', 'public', '--outDir', path.join(dist, 'client')],
  ['build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(dist, 'server')],
]) {
  const r = spawnSync(vite, [...args, '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// Compressed once here at the strongest settings, so the server starts fast and never compresses them.
const clientDir = path.join(dist, 'client');
for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  const file = path.join(entry.parentPath, entry.name);
  if (!entry.isFile() || !/\.(js|mjs|css|svg|json|txt|ico)$/.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
  const body = readFileSync(file);
  if (body.length < 512) continue;
  writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  );
}
await buildServer(dist);
writeFileSync(hashFile(dist), `${hash}\n`);
console.log(`Built into ${dist}/`);
