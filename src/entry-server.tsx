// Server rendering of one request: the page HTML (waiting for every lazy part), its head and status.
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter, type RouteObject } from 'react-router-dom';
import { Writable } from 'node:stream';
import { TZDate } from '@date-fns/tz';
import { App, findHandle } from './App.tsx';
import { ClientConfigContext } from './lib/client-config.tsx';
import type { RenderRequest, RenderResult } from '../schemas/render.ts';
import { isAdminHost } from '../schemas/host-mode.ts';
import { renderHead } from './lib/meta.ts';
import { buildRoutes } from './routes.tsx';
import { currentYear } from './pages/public/Footer.tsx';
import { site } from './content.ts';
import { publicPages } from './public-pages.tsx';
import { LeadFormStateContext } from './pages/public/lead-form-state.ts';

/** The pages that load the public bundle (main site mode); any unknown path does too (its 404 page). */
export const publicPaths = (): string[] => publicPages.map((p) => p.path);

/** The paths of every named page of a hosting mode; any other path renders the 404 page. */
export function pagePaths(adminHost: boolean): string[] {
  const paths: string[] = [];
  const walk = (routes: RouteObject[]) =>
    routes.forEach((r) => {
      if (r.path && r.path !== '*' && r.handle) paths.push(r.path);
      if (r.children) walk(r.children);
    });
  walk(buildRoutes(adminHost));
  return paths;
}

export async function render(req: RenderRequest): Promise<RenderResult> {
  const now = new Date();
  const validUntil = new TZDate(Number(currentYear(now)) + 1, 0, 1, site.timeZone).getTime();
  const pathname = new URL(req.url, 'http://localhost').pathname;
  const handle = findHandle(buildRoutes(isAdminHost(req.hostname, req.clientConfig.adminHosts)), pathname);
  const html = await renderComplete(
    <StrictMode>
      <ClientConfigContext.Provider value={req.clientConfig}>
        <LeadFormStateContext.Provider value={req.leadForm}>
          <StaticRouter location={req.url}>
            <App hostname={req.hostname} />
          </StaticRouter>
        </LeadFormStateContext.Provider>
      </ClientConfigContext.Provider>
    </StrictMode>,
  );
  return { html, head: renderHead(handle, req.origin, pathname), status: handle?.notFound ? 404 : 200, validUntil };
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
