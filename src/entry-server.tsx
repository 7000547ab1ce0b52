// Server rendering of one request: the page HTML (waiting for every lazy part), its head and status.
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { Writable } from 'node:stream';
import { App, findHandle } from './App.tsx';
import { Providers } from './Providers.tsx';
import type { ClientConfig } from './lib/client-config.tsx';
import { isAdminHost } from '../schemas/host-mode.ts';
import { renderHead } from './lib/meta.ts';
import { buildRoutes } from './routes.tsx';

export interface RenderRequest {
  url: string;
  hostname: string;
  origin: string;
  clientConfig: ClientConfig;
}

export interface RenderResult {
  html: string;
  head: string;
  status: number;
  redirect?: string;
}

export async function render(req: RenderRequest): Promise<RenderResult> {
  const pathname = new URL(req.url, 'http://localhost').pathname;
  const handle = findHandle(buildRoutes(isAdminHost(req.hostname, req.clientConfig.adminHosts)), pathname);
  const html = await renderComplete(
    <StrictMode>
      <Providers config={req.clientConfig}>
        <StaticRouter location={req.url}>
          <App hostname={req.hostname} />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
  return { html, head: renderHead(handle, req.origin, pathname), status: handle?.notFound ? 404 : 200 };
}

/** Renders to a string once everything, lazy chunks included, is ready: search engines get full text. */
function renderComplete(element: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        chunks.push(Buffer.from(chunk));
        cb();
      },
      final(cb) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        cb();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (err) => {
        console.error('render error', err);
      },
    });
  });
}
