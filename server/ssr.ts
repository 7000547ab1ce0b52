// Server rendering of every page with Vite: middleware mode with hot reload in development,
// the built client and server bundles in production.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Express, type Request, type Response, type NextFunction } from 'express';
import type { ViteDevServer } from 'vite';
import type { Config } from './config.ts';
import { logger } from './logger.ts';
import type { RenderRequest, RenderResult } from '../src/entry-server.tsx';

const root = path.resolve(import.meta.dirname, '..');
type Render = (req: RenderRequest) => Promise<RenderResult>;

export interface Ssr {
  close(): Promise<void>;
}

/** Escapes JSON for a <script type="application/json"> data block. */
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export async function mountSsr(app: Express, config: Config, built: boolean): Promise<Ssr> {
  let vite: ViteDevServer | undefined;
  let loadRender: (url: string) => Promise<{ template: string; render: Render }>;

  if (built) {
    // DIST_DIR (default dist) is where `npm run build` wrote the bundles.
    const dist = path.resolve(root, process.env.DIST_DIR || 'dist');
    const clientDir = path.join(dist, 'client');
    const template = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
    const { render } = (await import(path.join(dist, 'server', 'entry-server.js'))) as { render: Render };
    // Hashed file names never change content, so browsers may keep them for a year.
    app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }));
    app.use(express.static(clientDir, { index: false, maxAge: '1h' }));
    loadRender = async () => ({ template, render });
  } else {
    const { createServer } = await import('vite');
    vite = await createServer({ root, server: { middlewareMode: true }, appType: 'custom' });
    app.use(vite.middlewares);
    const dev = vite;
    loadRender = async (url) => {
      const raw = readFileSync(path.join(root, 'index.html'), 'utf8');
      const template = await dev.transformIndexHtml(url, raw);
      const { render } = (await dev.ssrLoadModule('/src/entry-server.tsx')) as { render: Render };
      return { template, render };
    };
  }

  app.use(async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      const { template, render } = await loadRender(req.originalUrl);
      const clientConfig = {
        adminHosts: config.ADMIN_HOSTS,
        googleClientId: config.GOOGLE_CLIENT_ID ?? null,
        apiBase: config.VITE_API_BASE_URL ?? '',
      };
      const origin = config.publicUrl; // canonical links and og:url: never the client-chosen Host header
      const result = await render({ url: req.originalUrl, hostname: req.hostname, origin, clientConfig });
      if (result.redirect) return res.redirect(302, result.redirect);
      const html = template
        .replace('<!--app-head-->', result.head)
        .replace('<!--app-config-->', `<script type="application/json" id="app-config">${jsonForScript(clientConfig)}</script>`)
        .replace('<!--app-html-->', result.html);
      res.status(result.status).set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }).send(html);
    } catch (err) {
      vite?.ssrFixStacktrace(err as Error);
      logger.error({ err }, 'server rendering failed');
      next(err);
    }
  });

  return { close: async () => vite?.close() };
}
