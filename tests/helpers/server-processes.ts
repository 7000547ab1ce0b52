// Servers started as processes of their own: server.ts as an operator starts it, and the app server of
// tests/helpers/app-process.ts over a given database (a second server beside the test's own).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

export type ServerProcess = {
  child: ChildProcess;
  /** The exit code once it has exited. */
  exited: Promise<number | null>;
  /** Its address once it listens; rejects with what it printed if it exits first. */
  listening: Promise<string>;
  /** Everything it printed so far. */
  output: () => string;
};

/**
 * Starts server.ts with `env` over the test environment (NODE_ENV test, PORT 0) and adds the child to
 * `children` for the test file to kill. `launcher: 'tsx'` runs it behind the tsx launcher, which passes
 * SIGTERM on; by default node itself runs it, so a signal reaches the process under test.
 */
export function startServerProcess(
  env: Record<string, string>,
  children: ChildProcess[],
  launcher: 'node' | 'tsx' = 'node',
): ServerProcess {
  const [command, args] = launcher === 'tsx' ? [tsx, ['server.ts']] : [process.execPath, ['--import', 'tsx', 'server.ts']];
  const child = spawn(command, args, { cwd: root, env: { ...process.env, NODE_ENV: 'test', PORT: '0', ...env } });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /Listening on (http:\/\/\S+)/.exec(output);
      if (m) {
        clearInterval(timer);
        resolve(m[1]);
      }
    }, 100);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited: ${output}`));
    });
  });
  listening.catch(() => undefined); // a caller testing a refusal never awaits it
  return { child, exited, listening, output: () => output };
}

/** The app server of tests/helpers/app-process.ts with `env` (MONGODB_URI, JWT_SECRET, DATA_DIR); `url` once it listens. */
export function startAppProcess(env: Record<string, string>): { child: ChildProcess; url: Promise<string> } {
  const child = spawn(tsx, ['tests/helpers/app-process.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = new Promise<string>((resolve, reject) => {
    let out = '';
    child.on('exit', (code) => reject(new Error(`app server exited ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /LISTENING (\d+)/.exec(out)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
  });
  return { child, url };
}
