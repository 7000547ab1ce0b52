// REST adapters for the documented /api routes (docs/product.md §7). Each route calls the same tRPC
// procedure the admin console uses, through a server-side caller: never a second copy of the logic. A
// route's row is also its documentation: GET /api/openapi.json and docs/routes.md are generated from it.
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPCError, type AnyRouter } from '@trpc/server';
import type { ErrorRequestHandler, Express, NextFunction, Request, Response } from 'express';
import type { z } from 'zod';
import type { Config } from '../server/config.ts';
import { logger } from '../server/logger.ts';
import { DomainError } from '../server/errors.ts';
import { describeEarlyError } from '../server/early-errors.ts';
import { createContext } from './trpc.ts';

type Method = 'get' | 'post' | 'put' | 'delete';

/** Where a route leads in the code, one cell each in docs/routes.md (markdown). */
export interface RouteCode {
  procedure?: string;
  input?: string;
  model?: string;
  screen?: string;
}

/** A route as GET /api/openapi.json and docs/routes.md describe it. */
export interface DocumentedRoute {
  method: Method;
  /** Express form (`:leadId`); the document writes `{leadId}`. */
  path: string;
  summary: string;
  /** Needs a staff bearer token. */
  staff?: boolean;
  body?: z.ZodType;
  /** A form-encoded body instead of JSON. */
  form?: z.ZodObject;
  query?: z.ZodObject;
  /** Status of a successful answer; 200 unless said. */
  status?: number;
  answer?: z.ZodType;
  /** The answer is a CSV file. */
  csv?: boolean;
  code?: RouteCode;
  /** Mounted but left out of the published document (see the row's comment for why). */
  unpublished?: true;
}

export interface RestRoute<Caller> extends DocumentedRoute {
  /** Returns the JSON body, or nothing when it has answered `res` itself (a file download). */
  handle: (caller: Caller, req: Request, res: Response) => Promise<unknown>;
}

export interface MountableRoute extends DocumentedRoute {
  mount(config: Config): (req: Request, res: Response, next: NextFunction) => Promise<void>;
}

/** Binds REST routes to a domain router, so each handler gets that router's caller. */
export function restRoutes<TRouter extends AnyRouter>(
  router: TRouter,
  routes: RestRoute<ReturnType<TRouter['createCaller']>>[],
): MountableRoute[] {
  return routes.map(({ handle, ...route }) => ({
    ...route,
    mount: (config) => async (req, res, next) => {
      try {
        const caller = router.createCaller(createContext(config, req, res)) as ReturnType<TRouter['createCaller']>;
        const body = await handle(caller, req, res);
        if (!res.headersSent) res.status(route.status ?? 200).json(body ?? { success: true });
      } catch (err) {
        next(err);
      }
    },
  }));
}

/** Headers of a CSV download: a spreadsheet opens it under this name, and no cache keeps a copy. */
export const csvAttachment = (fileName: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${fileName}"`,
  'Cache-Control': 'no-store',
});

export function mountRestRoutes(app: Express, config: Config, routes: MountableRoute[]): void {
  for (const route of routes) app[route.method](route.path, route.mount(config));
  app.use('/api', (_req, res) => {
    res.status(404).json({ error: 'Not found' });
  });
  app.use('/api', apiErrorHandler);
}

/** Every /api error is JSON { error } with a fitting status; never a stack trace. */
export const apiErrorHandler: ErrorRequestHandler = (err, _req, res, _next) => {
  if (res.headersSent) return;
  // A domain error thrown by an adapter before its procedure ran gets the same status as from inside it.
  if (err instanceof TRPCError || err instanceof DomainError) {
    const status = getHTTPStatusCodeFromError(err instanceof TRPCError ? err : new TRPCError({ code: err.code }));
    if (err instanceof DomainError && err.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(err.retryAfterSeconds));
    res.status(status).json({ error: err.message });
    return;
  }
  // Body-parser errors and the request guards: refused before any route ran.
  const early = describeEarlyError(err);
  if (early) {
    res.status(early.status).json({ error: early.message });
  } else {
    logger.error({ err }, 'unhandled API error');
    res.status(500).json({ error: 'Something went wrong. Please try again later.' });
  }
};
