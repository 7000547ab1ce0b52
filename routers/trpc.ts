// tRPC initialisation: the request context, the error mapping and the public/protected procedures.
import { initTRPC, TRPCError } from '@trpc/server';
import type { Request, Response } from 'express';
import superjson from 'superjson';
import { ZodError } from 'zod';
import type { Config } from '../server/config.ts';
import { DomainError, isDatabaseUnavailable } from '../server/errors.ts';
import { logger } from '../server/logger.ts';
import { findStaffForToken, type StaffDoc } from '../models/staff.ts';
import { verifyStaffToken } from '../server/tokens.ts';

export interface Context {
  config: Config;
  req: Request;
  res: Response;
  /** Client address as Express sees it (honours TRUST_PROXY). */
  ip: string;
  token: string | null;
  /** What a subscription's EventSource sent in its URL (it cannot send headers): the live ticket. */
  connectionParams: Record<string, string | undefined> | null;
}

export function createContext(config: Config, req: Request, res: Response, connectionParams: Record<string, string | undefined> | null = null): Context {
  const header = req.headers.authorization ?? '';
  const token = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() || null;
  return { config, req, res, ip: req.ip ?? req.socket.remoteAddress ?? 'unknown', token, connectionParams };
}

/** The first problem of a zod error, naming the field: "email: Invalid email address". */
export function describeZodError(err: ZodError): string {
  const issue = err.issues[0];
  if (!issue) return 'Invalid input';
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    // Never leak stack traces to callers.
    return { ...shape, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path } };
  },
});

/** Maps domain, validation and database errors onto tRPC codes, once, for every procedure. */
const errorMapping = t.middleware(async ({ next, path }) => {
  const result = await next();
  if (result.ok) return result;
  const err = result.error;
  const cause = err.cause;
  if (cause instanceof DomainError) {
    result.error = new TRPCError({ code: cause.code, message: cause.message, cause });
  } else if (cause instanceof ZodError) {
    result.error = new TRPCError({ code: 'BAD_REQUEST', message: describeZodError(cause), cause });
  } else if (isDatabaseUnavailable(cause)) {
    result.error = new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'The database is unavailable. Please try again shortly.', cause });
  } else if (err.code === 'INTERNAL_SERVER_ERROR') {
    logger.error({ err: cause ?? err, path }, 'procedure failed');
    result.error = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong. Please try again later.', cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(errorMapping);

/** Procedures for signed-in staff: a valid, unrevoked bearer token of an existing account. */
export const protectedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const claims = ctx.token ? verifyStaffToken(ctx.token, ctx.config.jwtSecret) : null;
  const staff: StaffDoc | null = claims ? await findStaffForToken(claims) : null;
  if (!staff) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Your session has expired. Please sign in again.' });
  return next({ ctx: { ...ctx, staff } });
});

/** The signed-in staff member as the activity log names them. */
export const actorOf = (ctx: Context & { staff: StaffDoc }) => ({ name: ctx.staff.name, id: ctx.staff.id as string });
