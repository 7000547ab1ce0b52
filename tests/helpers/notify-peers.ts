// Real local peers for the notification tests: an HTTP server standing in for Slack's webhook and
// response URLs, and an SMTP server (smtp-server from npm) receiving the mail.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SlackStandIn {
  url: string;
  /** JSON bodies received, by path. */
  received: { path: string; body: any }[];
  /** While true the stand-in answers 503, as Slack does in an outage. */
  down: boolean;
  waitFor(count: number, path?: string, timeoutMs?: number): Promise<{ path: string; body: any }[]>;
  close(): Promise<void>;
}

async function waitUntil<T>(read: () => T[], count: number, timeoutMs: number, what: string): Promise<T[]> {
  const end = Date.now() + timeoutMs;
  while (read().length < count) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${count} ${what}, got ${read().length}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return read();
}

export async function startSlackStandIn(port = 0): Promise<SlackStandIn> {
  const stand: SlackStandIn = {
    url: '',
    received: [],
    down: false,
    waitFor: (count, path, timeoutMs = 10_000) =>
      waitUntil(() => stand.received.filter((r) => !path || r.path === path), count, timeoutMs, `Slack posts to ${path ?? 'any path'}`),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (stand.down) {
        res.writeHead(503).end('service unavailable');
        return;
      }
      stand.received.push({ path: req.url ?? '', body: JSON.parse(raw || 'null') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  stand.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stand;
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpStandIn {
  port: number;
  url: string;
  mails: ReceivedMail[];
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpServer(port = 0): Promise<SmtpStandIn> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const actual = (server.server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    mails,
    waitFor: (count, timeoutMs = 10_000) => waitUntil(() => mails, count, timeoutMs, 'mails'),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
