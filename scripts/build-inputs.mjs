// What a build is made from: one hash of every input file's path and content, kept beside the output
// (DIST_DIR/build-inputs.sha256), so `npm start` skips a build that would produce the same files.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Folders and files the client, server-rendering and server bundles are built from. */
const INPUTS = [
  'src',
  'server',
  'models',
  'routers',
  'notify',
  'web',
  'schemas',
  'public',
  'server.ts',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build.mjs',
  'scripts/build-server.mjs',
  'scripts/build-inputs.mjs',
];

/** The hash of the inputs as they are now. */
export function inputsHash() {
  const hash = createHash('sha256');
  const add = (file) => {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  };
  for (const input of INPUTS) {
    if (!existsSync(input)) continue;
    if (statSync(input).isDirectory()) {
      const files = readdirSync(input, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name))
        .sort();
      files.forEach(add);
    } else add(input);
  }
  return hash.digest('hex');
}

export const hashFile = (dist) => path.join(dist, 'build-inputs.sha256');
export const serverBundle = (dist) => path.join(dist, 'node', 'server.js');

/** True when DIST_DIR holds a build of exactly these inputs. */
export function buildIsCurrent(dist, hash = inputsHash()) {
  const file = hashFile(dist);
  return existsSync(file) && existsSync(serverBundle(dist)) && readFileSync(file, 'utf8').trim() === hash;
}
