// An app listening on a free port of this machine's loopback, for a test to call over HTTP.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

/** Starts `app` on a free local port; answers the server (to close) and its base URL. */
export async function listenLocally(app: Express): Promise<{ server: Server; url: string }> {
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
