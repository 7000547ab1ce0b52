// Built pages and static files answered before Express. They are the same for every visitor and kept
// in memory (web/page-cache.ts); Express's per-request set-up (its request and response prototypes, the
// router's walk through the middleware) cost more than the answer itself. This path sends the same
// bytes and headers as the Express path: the security headers are fixed (no per-request nonce, the
// production build has no inline script), so they are taken once from helmet; the hostname follows
// Express's rules, "trust proxy" included. Anything else, and a page still rendering, goes to Express.
import { IncomingMessage, ServerResponse, type RequestListener } from 'node:http';
import { Socket } from 'node:net';
import type { Express } from 'express';
import { sendPrepared } from './page-cache.ts';
import type { MemoryLookup } from './ssr.ts';

/** A response that keeps the headers set on it by name as given, in order. */
class HeaderRecorder extends ServerResponse {
  readonly recorded = new Map<string, string>();
  override setHeader(name: string, value: number | string | readonly string[]) {
    this.recorded.set(name, String(value));
    return super.setHeader(name, value);
  }
  override removeHeader(name: string) {
    this.recorded.delete(name);
    super.removeHeader(name);
  }
}

/** The headers a request-independent middleware (helmet) sets, in its order, taken from one run. */
export function fixedHeaders(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
): Record<string, string> {
  const req = new IncomingMessage(new Socket());
  const res = new HeaderRecorder(req);
  let done = false;
  middleware(req, res, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    done = true;
  });
  if (!done) throw new Error('the security headers depend on more than a fixed configuration');
  return Object.fromEntries(res.recorded);
}

/** Characters after which Express parses the URL the slow way (parseurl): such requests go to Express. */
const UNUSUAL_URL = /[\t\n\f\r #\u00a0\ufeff]/;

/** Express's req.hostname: X-Forwarded-Host from a trusted proxy, else Host, without the port. */
function hostnameOf(req: IncomingMessage, trust: (address: string | undefined, hop: number) => boolean): string | undefined {
  const forwarded = req.headers['x-forwarded-host'] as string | undefined;
  let host = forwarded && trust(req.socket.remoteAddress, 0) ? forwarded.split(',')[0].trimEnd() : req.headers.host;
  if (!host) return undefined;
  const offset = host.startsWith('[') ? host.indexOf(']') + 1 : 0;
  const colon = host.indexOf(':', offset);
  if (colon !== -1) host = host.slice(0, colon);
  return host;
}

/** The server's request listener: ready answers from memory with `headers` first, everything else through `app`. */
export function withFastPath(app: Express, lookup: MemoryLookup, headers: Record<string, string>): RequestListener {
  const trust = app.get('trust proxy fn') as (address: string | undefined, hop: number) => boolean;
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    if ((req.method === 'GET' || req.method === 'HEAD') && url.startsWith('/') && !UNUSUAL_URL.test(url)) {
      const hostname = hostnameOf(req, trust);
      const query = url.indexOf('?');
      const answer = hostname === undefined ? undefined : lookup(hostname, query === -1 ? url : url.slice(0, query));
      if (answer && !(answer instanceof Promise)) return sendPrepared(req, res, answer, headers);
    }
    app(req, res);
  };
}
