// tRPC initialisation: the request context, the error mapping and the public/protected procedures.
import { initTRPC, TRPCError, type AnyProcedure, type AnyRouter } from '@trpc/server';
import type { Request, Response } from 'express';
import superjson from 'superjson';
import { ZodError } from 'zod';
import type { Config } from '../server/config.ts';
import { DomainError, describeZodError, isDatabaseUnavailable } from '../server/errors.ts';
import { logger } from '../server/logger.ts';
import { actorOf, findStaffForToken, type StaffDoc } from '../models/staff';
import { isTokenRevoked } from '../models/auth';
import { verifyStaffToken, type StaffClaims } from '../server/tokens.ts';

export interface Context {
  config: Config;
  req: Request;
  res: Response;
  /** Client address as Express sees it (honours TRUST_PROXY). */
  ip: string;
  token: string | null;
  /** Calls in this HTTP request (a tRPC batch carries several); 1 for the REST routes. */
  batchSize: number;
  /** What a subscription's EventSource sent in its URL (it cannot send headers): the live ticket. */
  connectionParams: Record<string, string | undefined> | null;
}

export function createContext(
  config: Config,
  req: Request,
  res: Response,
  { batchSize = 1, connectionParams = null }: { batchSize?: number; connectionParams?: Record<string, string | undefined> | null } = {},
): Context {
  const header = req.headers.authorization ?? '';
  const token = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() || null;
  return { config, req, res, ip: req.ip ?? req.socket.remoteAddress ?? 'unknown', token, batchSize, connectionParams };
}

/** What a procedure declares about itself (read by the input guard in front of /trpc). */
export interface ProcedureMeta {
  /**
   * Only callers holding a staff token or live ticket get past its checks. Such procedures accept the
   * superjson metadata the console sends; every other procedure takes plain JSON (docs/api.md).
   */
  signedIn?: boolean;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer: superjson,
    errorFormatter({ shape }) {
      // Never leak stack traces to callers.
      return { ...shape, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path } };
    },
  });

/** Maps domain, validation and database errors onto tRPC codes, once, for every procedure. */
const errorMapping = t.middleware(async ({ ctx, next, path, signal }) => {
  const result = await next();
  if (result.ok) return result;
  const err = result.error;
  const cause = err.cause;
  if (cause instanceof DomainError) {
    if (cause.retryAfterSeconds !== undefined && !ctx.res.headersSent) ctx.res.setHeader('Retry-After', String(cause.retryAfterSeconds));
    result.error = new TRPCError({ code: cause.code, message: cause.message, cause });
  } else if (cause instanceof ZodError) {
    result.error = new TRPCError({ code: 'BAD_REQUEST', message: describeZodError(cause), cause });
  } else if (isDatabaseUnavailable(cause)) {
    result.error = new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'The database is unavailable. Please try again shortly.', cause });
  } else if (err.code === 'INTERNAL_SERVER_ERROR' && !signal?.aborted) {
    // (A call whose caller has gone and that stopped for it is no failure; its answer goes nowhere.)
    logger.error({ err: cause ?? err, path }, 'procedure failed');
    result.error = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong. Please try again later.', cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(errorMapping);

/**
 * Sign-in procedures run alone: inside a batch of several calls they refuse before doing anything,
 * so one request cannot carry many password guesses.
 */
export const unbatched = t.middleware(({ ctx, next }) => {
  if (ctx.batchSize > 1)
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Sign-in requests cannot be batched. Send each one on its own.' });
  return next();
});

/**
 * A valid, unexpired, not signed-out bearer token of an existing account, even one that must change
 * its password first: only the sign-in procedures (me, change password, logout) use this directly.
 * Staff answers are private, so no cache may keep them (they include medical details).
 */
export const sessionProcedure = publicProcedure.meta({ signedIn: true }).use(async ({ ctx, next }) => {
  const claims: StaffClaims | null = ctx.token ? verifyStaffToken(ctx.token, ctx.config.jwtSecret) : null;
  // Both reads at once: every signed-in request waits for them.
  const [revoked, found] = claims ? await Promise.all([isTokenRevoked(claims.jti), findStaffForToken(claims)]) : [true, null];
  const staff: StaffDoc | null = revoked ? null : found;
  if (!staff || !claims) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Your session has expired. Please sign in again.' });
  if (!ctx.res.headersSent) ctx.res.setHeader('Cache-Control', 'no-store');
  // The signed-in actor, narrowed once here: every procedure reads `ctx.actor`.
  return next({ ctx: { ...ctx, staff, claims, actor: actorOf(staff) } });
});

export const PASSWORD_CHANGE_REQUIRED = 'Your password was reset. Choose a new password to continue.';
export const SECOND_FACTOR_REQUIRED = 'The office requires a second factor. Set one up to continue.';

/**
 * Procedures for signed-in staff; an account whose password an admin reset must change it first,
 * and an enrolment-only session (the office requires a second factor) reaches nothing here.
 */
export const protectedProcedure = sessionProcedure.use(({ ctx, next }) => {
  if (ctx.claims.scope === 'enrol') throw new TRPCError({ code: 'FORBIDDEN', message: SECOND_FACTOR_REQUIRED });
  if (ctx.staff.mustChangePassword) throw new TRPCError({ code: 'FORBIDDEN', message: PASSWORD_CHANGE_REQUIRED });
  return next();
});

/** Whether this account may manage staff and read the audit log (the ADMIN_EMAIL account always may). */
export const isAdminStaff = (staff: StaffDoc, config: Config) =>
  Boolean(staff.isAdmin) || (Boolean(config.ADMIN_EMAIL) && staff.email === config.ADMIN_EMAIL!.toLowerCase());

/** Staff management and the audit log: admins only; everyone else gets 403. */
export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!isAdminStaff(ctx.staff, ctx.config)) throw new TRPCError({ code: 'FORBIDDEN', message: 'Only admins can do this.' });
  return next();
});

/** The paths of a router's procedures that need a sign-in, so the rest refuse superjson metadata. */
export function signedInPaths(appRouter: AnyRouter): Set<string> {
  const procedures = appRouter._def.procedures as Record<string, AnyProcedure>;
  return new Set(Object.keys(procedures).filter((path) => (procedures[path]._def.meta as ProcedureMeta | undefined)?.signedIn));
}
