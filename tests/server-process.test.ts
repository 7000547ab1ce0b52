// The server as a process: refuses bad configuration, renders pages, and shuts down gracefully.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));

function startServer(env: Record<string, string>) {
  const child = spawn(tsx, ['server.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: '0', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'srv-')), ...env },
  });
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
  listening.catch(() => undefined); // the refusal test never awaits it
  return { child, exited, listening, output: () => output };
}

describe('server process', () => {
  it('refuses to start with a message naming the bad variable', async () => {
    const s = startServer({ PORT: 'abc' });
    expect(await s.exited).toBe(1);
    expect(s.output()).toMatch(/PORT/);
  });

  it('renders pages on the server and finishes an in-flight request on SIGTERM before exiting 0', async () => {
    const s = startServer({});
    const base = await s.listening;
    const page = await fetch(base + '/about');
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<div id="root"><!--\$-->.*About/s);
    expect((await fetch(base + '/no-such-page')).status).toBe(404);

    // A request whose body is still arriving when the signal comes.
    const url = new URL(base + '/api/health');
    const answer = new Promise<number>((resolve, reject) => {
      const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '11' } }, (res) => resolve(res.statusCode!));
      req.on('error', reject);
      req.write('{"a":');
      setTimeout(() => req.end('"bcd"}'), 800);
    });
    await new Promise((r) => setTimeout(r, 200));
    s.child.kill('SIGTERM');
    expect(await answer).toBe(404);
    expect(await s.exited).toBe(0);
  });
});
