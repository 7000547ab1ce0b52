// The fault-injection suite's tools (tests/tools/faults.ts): HTTP requests from chosen loopback
// addresses, a bounded task pool, and the processes it kills and measures.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Answer {
  status: number;
  body: string;
  type: string;
  ms: number;
}
/**
 * Requests to the server on `port`: one HTTP request from a chosen loopback source address; a
 * connection failure answers status 0.
 */
export const httpCaller =
  (port: number) =>
  (method: string, urlPath: string, opts: { body?: unknown; token?: string; from?: string; timeoutMs?: number } = {}): Promise<Answer> => {
    const started = Date.now();
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    return new Promise((resolve) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: urlPath,
          localAddress: opts.from,
          agent: false,
          timeout: opts.timeoutMs ?? 15_000,
          headers: {
            ...(body ? { 'content-type': 'application/json' } : {}),
            ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
            'user-agent': 'faults-suite-agent/1.0',
          },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: text, type: String(res.headers['content-type'] ?? ''), ms: Date.now() - started }),
          );
          res.on('error', () => resolve({ status: 0, body: '', type: '', ms: Date.now() - started }));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve({ status: 0, body: '', type: '', ms: Date.now() - started }));
      req.end(body);
    });
  };

/** Resolves with a process's exit code once it has exited. */
export const exited = (proc: ChildProcess) =>
  new Promise<number | null>((r) => (proc.exitCode !== null ? r(proc.exitCode) : proc.once('exit', (code) => r(code))));

/** Sends a signal to a process that may be gone already. */
export const kill = (pid: number | undefined, signal: NodeJS.Signals) => {
  try {
    if (pid) process.kill(pid, signal);
  } catch {
    /* gone already */
  }
};
/** A process's resident memory, in kB. */
export const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** Runs `count` tasks with at most `width` at once. */
export async function pool<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}
