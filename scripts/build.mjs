// `npm run build`: the client bundle (hashed assets, manifest) and the server-rendering bundle.
// DIST_DIR (default dist) lets parallel test runs keep separate builds.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const dist = process.env.DIST_DIR || 'dist';
const vite = path.join('node_modules', '.bin', 'vite');
for (const args of [
  ['build', '--outDir', path.join(dist, 'client')],
  ['build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(dist, 'server')],
]) {
  const r = spawnSync(vite, [...args, '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
console.log(`Built into ${dist}/`);
