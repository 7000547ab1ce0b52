// Server rendering of every page with Vite. In development: middleware mode with hot reload, a
// render per request. In production: each page is rendered once (again when its date-dependent
// parts change) and answered from memory with the static files, before any other middleware.
import path from 'node:path';
import type { Express, Request, Response, NextFunction, RequestHandler } from 'express';
import type { ViteDevServer } from 'vite';
import type { Config } from '../server/config.ts';
import { logger } from '../server/logger.ts';
import { loadStaticFiles, prepare, sendPrepared, type Prepared } from './page-cache.ts';
import { builtAssets, devAssets, fillPage, shell, type Bundle } from './html-template.ts';
import { isAdminHost } from '../schemas/host-mode.ts';
import { pagePath } from '../schemas/public.ts';
import type { ClientConfig, RenderRequest, RenderResult } from '../schemas/render.ts';
import { CONTACT_PATH, type LeadFormState } from '../schemas/lead-form.ts';

const root = path.resolve(import.meta.dirname, '..');
/** What src/entry-server.tsx exports. */
interface ServerEntry {
  render: (req: RenderRequest) => Promise<RenderResult>;
  pagePaths: (adminHost: boolean) => string[];
  publicPaths: () => string[];
}

export interface Ssr {
  /** Production only: static files and pages from memory; mount it right after the security headers. */
  fromMemory?: RequestHandler;
  /** Production only: the answer kept in memory for a GET or HEAD of this path, if any (web/fast-path.ts). */
  lookup?: MemoryLookup;
  /** Mounts what is left: in development the Vite middleware and the per-request renderer. */
  mount(app: Express): void;
  /** The Get Started page with the lead form in a given state, rendered for one answer (web/contact-form.ts). */
  renderContact: ContactRenderer;
  close(): Promise<void>;
}

/**
 * A static file or a page for (request hostname, path): ready, still rendering (a promise), or
 * undefined when the path is no page (the API, the signing page, the search-engine files).
 */
export type MemoryLookup = (hostname: string, pathname: string) => Prepared | Promise<Prepared> | undefined;

/** Renders the whole Get Started page (main site mode) with the lead form in this state. */
export type ContactRenderer = (leadForm: LeadFormState) => Promise<string>;

/** Paths the API, the signing page (web/sign-page.ts) and the search-engine files answer; pages never shadow them. */
const NOT_A_PAGE = /^\/(api|trpc|sign)(\/|$)|^\/(robots\.txt|sitemap\.xml)$/;

const clientConfigOf = (config: Config): ClientConfig => ({
  adminHosts: config.ADMIN_HOSTS,
  googleClientId: config.GOOGLE_CLIENT_ID ?? null,
  apiBase: config.VITE_API_BASE_URL ?? '',
});

/**
 * Canonical links name the site's own origin (PUBLIC_URL, README.md's Configuration), never the Host header a
 * request happens to carry: the page is the same for every visitor.
 */
const siteOrigin = (config: Config) => config.publicUrl;

/** Main-site pages other than the console's load the public pages' bundle, the 404 page included. */
const bundleOf = (adminHost: boolean, notFound: boolean, pathname: string, publicPaths: Set<string>): Bundle =>
  !adminHost && (notFound || publicPaths.has(pagePath(pathname))) ? 'public' : 'console';

export async function createSsr(config: Config, built: boolean): Promise<Ssr> {
  return built ? builtSsr(config) : devSsr(config);
}

async function builtSsr(config: Config): Promise<Ssr> {
  // DIST_DIR (default dist) is where `npm run build` wrote the bundles.
  const dist = path.resolve(root, process.env.DIST_DIR || 'dist');
  const clientDir = path.join(dist, 'client');
  const serverEntry = (await import(path.join(dist, 'server', 'entry-server.js'))) as ServerEntry;
  const files = await loadStaticFiles(clientDir);
  const clientConfig = clientConfigOf(config);
  const templates: Record<Bundle, string> = {
    console: shell('console', builtAssets(clientDir, 'console'), clientConfig),
    public: shell('public', builtAssets(clientDir, 'public'), clientConfig),
  };
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
  const renderPage = async (adminHost: boolean, pathname: string, bundle: Bundle): Promise<Prepared> => {
    const result = await serverEntry.render({
      url: pathname,
      hostname: adminHost ? config.ADMIN_HOSTS[0] : 'site.invalid',
      origin,
      clientConfig,
    });
    return prepare({
      status: result.status,
      type: 'text/html; charset=utf-8',
      cacheControl: 'no-cache',
      body: Buffer.from(fillPage(templates[bundle], result.head, result.html)),
      validUntil: result.validUntil,
    });
  };
  const pageFor = (adminHost: boolean, requested: string): Prepared | Promise<Prepared> => {
    const pathname = pagePath(requested);
    const known_ = knownPage(adminHost, pathname);
    const key = `${adminHost ? 'admin' : 'main'} ${known_ ?? '404'}`;
    const cached = pages.get(key);
    if (cached && (cached instanceof Promise || Date.now() < cached.validUntil)) return cached;
    const bundle = bundleOf(adminHost, known_ === null, pathname, publicPaths);
    const pending = renderPage(adminHost, known_ !== null ? pathname : '/__not-found__', bundle).then(
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

  const lookup: MemoryLookup = (hostname, pathname) =>
    files.get(pathname) ?? (NOT_A_PAGE.test(pathname) ? undefined : pageFor(isAdminHost(hostname, config.ADMIN_HOSTS), pathname));
  const fromMemory: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const answer = lookup(req.hostname, req.path);
    if (!answer) return next();
    if (!(answer instanceof Promise)) return sendPrepared(req, res, answer);
    answer.then(
      (p) => sendPrepared(req, res, p),
      (err: unknown) => {
        logger.error({ err }, 'server rendering failed');
        next(err);
      },
    );
  };
  const renderContact: ContactRenderer = async (leadForm) => {
    const result = await serverEntry.render({ url: CONTACT_PATH, hostname: 'site.invalid', origin, clientConfig, leadForm });
    return fillPage(templates.public, result.head, result.html);
  };
  return { fromMemory, lookup, mount: () => {}, renderContact, close: async () => {} };
}

async function devSsr(config: Config): Promise<Ssr> {
  const { createServer } = await import('vite');
  const vite: ViteDevServer = await createServer({ root, server: { middlewareMode: true }, appType: 'custom' });
  const clientConfig = clientConfigOf(config);
  const handler = async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      const { render, publicPaths } = (await vite.ssrLoadModule('/src/entry-server.tsx')) as ServerEntry;
      const result = await render({ url: req.originalUrl, hostname: req.hostname, origin: siteOrigin(config), clientConfig });
      if (result.redirect) return res.redirect(302, result.redirect);
      // The same shell and entry as the build's, with Vite's client and React refresh added.
      const adminHost = isAdminHost(req.hostname, config.ADMIN_HOSTS);
      const bundle = bundleOf(adminHost, result.status === 404, req.path, new Set(publicPaths()));
      const template = await vite.transformIndexHtml(req.originalUrl, shell(bundle, devAssets(bundle), clientConfig));
      res
        .status(result.status)
        .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' })
        .send(fillPage(template, result.head, result.html));
    } catch (err) {
      vite.ssrFixStacktrace(err as Error);
      logger.error({ err }, 'server rendering failed');
      next(err);
    }
  };
  const renderContact: ContactRenderer = async (leadForm) => {
    const { render } = (await vite.ssrLoadModule('/src/entry-server.tsx')) as ServerEntry;
    const result = await render({ url: CONTACT_PATH, hostname: 'site.invalid', origin: siteOrigin(config), clientConfig, leadForm });
    const template = await vite.transformIndexHtml(CONTACT_PATH, shell('public', devAssets('public'), clientConfig));
    return fillPage(template, result.head, result.html);
  };
  return {
    mount: (app) => {
      app.use(vite.middlewares);
      app.use(handler);
    },
    renderContact,
    close: () => vite.close(),
  };
}
