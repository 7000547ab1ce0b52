// Stopping without resetting anyone: the listener stays open a moment after the signal, every answer
// then says Connection: close, and a connection the kernel accepted but whose request the busy event
// loop has not read yet is waited for (Node's server.close() would count it idle and reset it).
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** How long a stopping server keeps accepting, so connections already made are served rather than reset. */
const DRAIN_MS = 300;
/** How much longer the listener stays open for connections that have not sent their request yet. */
const FIRST_REQUEST_WAIT_MS = 3000;

/** Watches a server's connections; `drain()` stops accepting and resolves once every connection has ended. */
export function drainable(server: Server) {
  const waiting = new Set<Socket>(); // connections that have not sent a request yet
  let draining = false;
  server.on('connection', (socket: Socket) => {
    waiting.add(socket);
    socket.once('close', () => waiting.delete(socket));
  });
  server.prependListener('request', (req, res) => {
    waiting.delete(req.socket);
    if (draining) res.setHeader('Connection', 'close');
  });
  return async function drain(): Promise<void> {
    draining = true;
    const giveUp = Date.now() + DRAIN_MS + FIRST_REQUEST_WAIT_MS;
    await sleep(DRAIN_MS);
    // server.close() ends every connection not in a request, a fresh one whose request is still
    // unread among them: wait (a bounded time, load may keep coming) until every connection has spoken.
    while (waiting.size > 0 && Date.now() < giveUp) await sleep(25);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
