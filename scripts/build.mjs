// `npm run build`: the client bundle (hashed assets, manifest) and the server-rendering bundle,
// with gzip and brotli copies of the client files the server sends from memory.
// DIST_DIR (default dist) lets parallel test runs keep separate builds.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = process.env.DIST_DIR || 'dist';
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
console.log(`Built into ${dist}/`);
