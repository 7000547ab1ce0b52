// The Express application: security headers, logging, body limits, tRPC, the REST API and SSR.
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { randomUUID } from 'node:crypto';
import * as trpcExpress from '@trpc/server/adapters/express';
import type { Config } from './config.ts';
import { logger } from './logger.ts';
import { createSsr } from './ssr.ts';
import { mountSeo } from './seo.ts';
import { appRouter, restApi } from '../routers/index.ts';
import { createContext } from '../routers/trpc.ts';
import { mountRestRoutes } from '../routers/rest.ts';

export const BODY_LIMIT = '100kb';

/**
 * `ssr: false` serves the API only (API tests); `built: true` renders with the production bundles
 * even outside NODE_ENV=production (`npm start` on a developer's machine).
 */
export async function createApp(config: Config, opts: { ssr?: boolean; built?: boolean } = {}) {
  // The logger exists before any config is read; the validated level applies from here on.
  logger.level = config.LOG_LEVEL;
  const app = express();
  app.disable('x-powered-by');
  if (config.TRUST_PROXY) {
    const v = config.TRUST_PROXY;
    app.set('trust proxy', v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v);
  }

  const production = config.NODE_ENV === 'production' || opts.built === true;
  // API-only tests skip page rendering (and the Vite dev server it needs).
  const ssr = opts.ssr === false ? undefined : await createSsr(config, production);
  app.use(
    helmet({
      // Vite's dev server injects inline scripts; the production build has none.
      contentSecurityPolicy: production
        ? {
            directives: {
              'script-src': ["'self'", 'https://accounts.google.com/gsi/client'],
              'style-src': ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
              'frame-src': ["'self'", 'https://accounts.google.com/gsi/'],
              'connect-src': ["'self'", 'https://accounts.google.com/gsi/', ...(config.VITE_API_BASE_URL ? [config.VITE_API_BASE_URL] : [])],
              'img-src': ["'self'", 'data:', 'https:'],
              // Plain-HTTP deployments behind a TLS-terminating proxy must not have requests rewritten.
              'upgrade-insecure-requests': null,
            },
          }
        : false,
      // Google sign-in opens a popup that must be able to talk back.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    }),
  );
  // Built pages and static files come from memory, already compressed: they need the security
  // headers above and none of the compression, logging or body parsing below.
  if (ssr?.fromMemory) app.use(ssr.fromMemory);
  app.use(compression());
  app.use(
    pinoHttp({
      logger,
      genReqId: (req) => (req.headers['x-request-id'] as string) || randomUUID(),
      autoLogging: { ignore: (req) => !req.url?.startsWith('/api') && !req.url?.startsWith('/trpc') },
    }),
  );
  app.use(['/api', '/trpc'], express.json({ limit: BODY_LIMIT }));

  app.use(
    '/trpc',
    trpcExpress.createExpressMiddleware({
      router: appRouter,
      createContext: ({ req, res }) => createContext(config, req, res),
    }),
  );
  mountRestRoutes(app, config, restApi);
  mountSeo(app, config);
  ssr?.mount(app);
  return { app, close: async () => ssr?.close() };
}
