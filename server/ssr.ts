// Server rendering of every page with Vite. In development: middleware mode with hot reload, a
// render per request. In production: each page is rendered once (again when its date-dependent
// parts change) and answered from memory with the static files, before any other middleware.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Express, Request, Response, NextFunction, RequestHandler } from 'express';
import type { ViteDevServer } from 'vite';
import type { Config } from './config.ts';
import { logger } from './logger.ts';
import { loadStaticFiles, prepare, sendPrepared, type Prepared } from './page-cache.ts';
import { isAdminHost } from '../schemas/host-mode.ts';
import type { ClientConfig, RenderRequest, RenderResult } from '../schemas/render.ts';

const root = path.resolve(import.meta.dirname, '..');
type Render = (req: RenderRequest) => Promise<RenderResult>;

export interface Ssr {
  /** Production only: static files and pages from memory; mount it right after the security headers. */
  fromMemory?: RequestHandler;
  /** Mounts what is left: in development the Vite middleware and the per-request renderer. */
  mount(app: Express): void;
  close(): Promise<void>;
}

/** Escapes JSON for a <script type="application/json"> data block. */
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Paths the API and the search-engine files answer; pages never shadow them. */
const NOT_A_PAGE = /^\/(api|trpc)(\/|$)|^\/(robots\.txt|sitemap\.xml)$/;

const clientConfigOf = (config: Config): ClientConfig => ({
  adminHosts: config.ADMIN_HOSTS,
  googleClientId: config.GOOGLE_CLIENT_ID ?? null,
  apiBase: config.VITE_API_BASE_URL ?? '',
});

/** The template with the server's settings filled in and the stylesheet inlined (no blocking request). */
function fillTemplate(template: string, clientConfig: ClientConfig, readAsset?: (href: string) => string): string {
  let html = template.replace(
    '<!--app-config-->',
    `<script type="application/json" id="app-config">${jsonForScript(clientConfig)}</script>`,
  );
  if (readAsset) {
    html = html.replace(
      /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g,
      (_m, href: string) => `<style>${readAsset(href).replace(/<\/style/gi, '<\\/style')}</style>`,
    );
  }
  return html;
}

/**
 * Canonical links name the site's own origin (PUBLIC_URL, CONTRACT.md), never the Host header a
 * request happens to carry: the page is the same for every visitor.
 */
const siteOrigin = (config: Config) => config.publicUrl;

/**
 * The template of the public pages: the public bundle (vite.config.ts, mode "public") and its
 * smaller stylesheet in place of the console's, and without the zod setting only the console needs.
 */
function publicBundleTemplate(template: string, manifestJson: string): string {
  const manifest = JSON.parse(manifestJson) as Record<string, { file: string; css?: string[]; isEntry?: boolean }>;
  const entry = Object.values(manifest).find((c) => c.isEntry);
  if (!entry) throw new Error('the public bundle has no entry: run npm run build');
  const styles = (entry.css ?? []).map((href) => `<link rel="stylesheet" href="/${href}">`).join('');
  return template
    .replace(/<script defer src="\/zod-jitless\.js"><\/script>\s*/, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<link rel="stylesheet"[^>]*>/, styles)
    .replace(/<script type="module"[^>]*><\/script>/, `<script type="module" crossorigin src="/${entry.file}"></script>`);
}

const page = (template: string, result: RenderResult) =>
  template.replace('<!--app-head-->', result.head).replace('<!--app-html-->', result.html);

export async function createSsr(config: Config, built: boolean): Promise<Ssr> {
  return built ? builtSsr(config) : devSsr(config);
}

async function builtSsr(config: Config): Promise<Ssr> {
  // DIST_DIR (default dist) is where `npm run build` wrote the bundles.
  const dist = path.resolve(root, process.env.DIST_DIR || 'dist');
  const clientDir = path.join(dist, 'client');
  const serverEntry = (await import(path.join(dist, 'server', 'entry-server.js'))) as {
    render: Render;
    pagePaths: (adminHost: boolean) => string[];
    publicPaths: () => string[];
  };
  const files = await loadStaticFiles(clientDir);
  const clientConfig = clientConfigOf(config);
  const raw = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const readAsset = (href: string) => readFileSync(path.join(clientDir, href), 'utf8');
  const consoleTemplate = fillTemplate(raw, clientConfig, readAsset);
  const publicManifest = readFileSync(path.join(clientDir, '.vite', 'public-manifest.json'), 'utf8');
  const publicTemplate = fillTemplate(publicBundleTemplate(raw, publicManifest), clientConfig, readAsset);
  const origin = siteOrigin(config);
  const known = [new Set(serverEntry.pagePaths(false)), new Set(serverEntry.pagePaths(true))];
  // Paths with a parameter ("/admin/leads/:leadId") are rendered once per pattern: an admin screen's
  // HTML does not depend on the id, and one entry per id would let any visitor grow the cache.
  const patterns = known.map((set) =>
    [...set].filter((p) => p.includes(':')).map((p) => ({ p, re: new RegExp(`^${p.replace(/:[^/]+/g, '[^/]+')}$`) })),
  );
  /** The known page (or route pattern) a path is, or null for the 404 page. */
  const knownPage = (adminHost: boolean, pathname: string) => {
    const mode = adminHost ? 1 : 0;
    return known[mode].has(pathname) ? pathname : (patterns[mode].find(({ re }) => re.test(pathname))?.p ?? null);
  };
  const publicPaths = new Set(serverEntry.publicPaths());

  // One entry per (hosting mode, page); every unknown path shares its mode's 404 page.
  const pages = new Map<string, Prepared | Promise<Prepared>>();
  const renderPage = async (adminHost: boolean, pathname: string, publicBundle: boolean): Promise<Prepared> => {
    const result = await serverEntry.render({
      url: pathname,
      hostname: adminHost ? config.ADMIN_HOSTS[0] : 'site.invalid',
      origin,
      clientConfig,
    });
    const template = publicBundle ? publicTemplate : consoleTemplate;
    return prepare({
      status: result.status,
      type: 'text/html; charset=utf-8',
      cacheControl: 'no-cache',
      body: Buffer.from(page(template, result)),
      validUntil: result.validUntil,
    });
  };
  const pageFor = (adminHost: boolean, requested: string): Prepared | Promise<Prepared> => {
    const pathname = requested.replace(/(.)\/+$/, '$1'); // "/about/" is "/about", as in the router
    const known_ = knownPage(adminHost, pathname);
    const key = `${adminHost ? 'admin' : 'main'} ${known_ ?? '404'}`;
    const cached = pages.get(key);
    if (cached && (cached instanceof Promise || Date.now() < cached.validUntil)) return cached;
    // Main-site pages other than the console's load the public bundle, the 404 page included.
    const publicBundle = !adminHost && (known_ === null || publicPaths.has(pathname));
    const pending = renderPage(adminHost, known_ !== null ? pathname : '/__not-found__', publicBundle).then(
      (p) => (pages.set(key, p), p),
      (err: unknown) => {
        pages.delete(key);
        throw err;
      },
    );
    pages.set(key, pending);
    return pending;
  };
  // Every page of the main site is ready before the first visitor asks.
  for (const p of known[0]) void Promise.resolve(pageFor(false, p)).catch((err) => logger.error({ err }, 'server rendering failed'));

  const fromMemory: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const pathname = req.path;
    const file = files.get(pathname);
    if (file) return sendPrepared(req, res, file);
    if (NOT_A_PAGE.test(pathname)) return next();
    const answer = pageFor(isAdminHost(req.hostname, config.ADMIN_HOSTS), pathname);
    if (!(answer instanceof Promise)) return sendPrepared(req, res, answer);
    answer.then(
      (p) => sendPrepared(req, res, p),
      (err: unknown) => {
        logger.error({ err }, 'server rendering failed');
        next(err);
      },
    );
  };
  return { fromMemory, mount: () => {}, close: async () => {} };
}

async function devSsr(config: Config): Promise<Ssr> {
  const { createServer } = await import('vite');
  const vite: ViteDevServer = await createServer({ root, server: { middlewareMode: true }, appType: 'custom' });
  const clientConfig = clientConfigOf(config);
  const handler = async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      const raw = readFileSync(path.join(root, 'index.html'), 'utf8');
      const template = fillTemplate(await vite.transformIndexHtml(req.originalUrl, raw), clientConfig);
      const { render } = (await vite.ssrLoadModule('/src/entry-server.tsx')) as { render: Render };
      const result = await render({ url: req.originalUrl, hostname: req.hostname, origin: siteOrigin(config), clientConfig });
      if (result.redirect) return res.redirect(302, result.redirect);
      res
        .status(result.status)
        .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' })
        .send(page(template, result));
    } catch (err) {
      vite.ssrFixStacktrace(err as Error);
      logger.error({ err }, 'server rendering failed');
      next(err);
    }
  };
  return {
    mount: (app) => {
      app.use(vite.middlewares);
      app.use(handler);
    },
    close: () => vite.close(),
  };
}
