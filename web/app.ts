// The Express application: security headers, logging, body limits, tRPC, the REST API and SSR.
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import * as trpcExpress from '@trpc/server/adapters/express';
import type { Config } from '../server/config.ts';
import { logger } from '../server/logger.ts';
import { createSsr } from './ssr.ts';
import { mountSeo } from './seo.ts';
import {
  refuseDeepBody,
  refuseDeepQuery,
  refuseWhileDatabaseAway,
  requestId,
  requireJsonBody,
  trpcErrorHandler,
} from './request-guards.ts';
import { appRouter, restApi } from '../routers/index.ts';
import { createContext, signedInPaths } from '../routers/trpc.ts';
import { guardTrpcInput, limitPublicTrpc } from './trpc-input-guard.ts';
import { mountRestRoutes } from '../routers/rest.ts';
import { MAX_BATCH_SIZE } from '../schemas/limits.ts';
import { mountSlackRoutes } from '../notify/slack/interactive.ts';
import { importUploads } from './import-upload.ts';
import { complianceUploads } from './compliance-upload.ts';
import { contactForm } from './contact-form.ts';
import { CONTACT_PATH } from '../schemas/lead-form.ts';
import type { ContactRenderer } from './ssr.ts';
import { mountSignPage } from './sign-page.ts';
import { fixedHeaders, withFastPath } from './fast-path.ts';

export const BODY_LIMIT = '100kb';

/**
 * `ssr: false` serves the API only (API tests); `built: true` renders with the production bundles
 * even outside NODE_ENV=production (`npm start` on a developer's machine); `slackResponseOrigin` is the
 * only origin a claim's Slack `response_url` may have (tests point it at a stand-in); `renderContact`
 * draws the Get Started page for the no-JavaScript lead form when pages are not rendered (API tests). The app sends no
 * notices itself: server.ts starts the notification worker beside it (notify/worker.ts).
 */
export async function createApp(
  config: Config,
  opts: { ssr?: boolean; built?: boolean; slackResponseOrigin?: string; renderContact?: ContactRenderer } = {},
) {
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
  const securityHeaders = helmet({
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
  });
  app.use(securityHeaders);
  // Built pages and static files come from memory, already compressed: they need the security
  // headers above and none of the compression, logging or body parsing below.
  if (ssr?.fromMemory) app.use(ssr.fromMemory);
  app.use(compression());
  app.use(
    pinoHttp({
      logger,
      genReqId: requestId,
      // No address, user agent or other header of the visitor is logged (README, "Data and privacy").
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url.split('?')[0] }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => !req.url?.startsWith('/api') && !req.url?.startsWith('/trpc') },
    }),
  );
  // Reads its raw body itself, before the JSON parser.
  mountSlackRoutes(app, config, { responseOrigin: opts.slackResponseOrigin });
  const signedIn = signedInPaths(appRouter);
  // Counted before the body is read, so a flood costs no parsing.
  app.use('/trpc', limitPublicTrpc(signedIn));
  // Import files (customers up to 5 MB, commission statements up to 10 MB, text/csv) get their own parser and limiter first.
  app.use(importUploads());
  // A compliance record may carry its paper form (up to 10 MB as base64): its own, larger JSON limit.
  app.use(complianceUploads());
  app.use(['/api', '/trpc'], refuseWhileDatabaseAway, requireJsonBody, express.json({ limit: BODY_LIMIT, verify: refuseDeepBody }));
  // Plain JSON for the public procedures, the console's metadata only for signed-in ones, before superjson runs.
  app.use('/trpc', refuseDeepQuery, guardTrpcInput(signedIn));

  app.use(
    '/trpc',
    trpcExpress.createExpressMiddleware({
      router: appRouter,
      // A larger batch is refused with 400 before any procedure runs.
      maxBatchSize: MAX_BATCH_SIZE,
      createContext: ({ req, res, info }) =>
        createContext(config, req, res, { batchSize: info.calls.length, connectionParams: info.connectionParams }),
    }),
  );
  app.use('/trpc', trpcErrorHandler);
  // The public signing page of compliance records: server-rendered HTML, no JavaScript (docs/compliance.md).
  mountSignPage(app, config);
  mountRestRoutes(app, config, restApi);
  // The lead form without JavaScript: the same procedure as POST /api/referral, answered with pages.
  const renderContact = ssr?.renderContact ?? opts.renderContact;
  if (renderContact) app.post(CONTACT_PATH, contactForm(config, renderContact));
  mountSeo(app, config);
  ssr?.mount(app);
  return {
    app,
    /** The server's request listener: `app`, with the pages and files kept in memory answered before it. */
    listener: ssr?.lookup ? withFastPath(app, ssr.lookup, fixedHeaders(securityHeaders)) : app,
    close: async () => {
      await ssr?.close();
    },
  };
}
