// The live console: a subscription (server-sent events) that tells open consoles when leads changed,
// and the short-lived ticket an EventSource carries in its URL instead of the staff token.
import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { TRPCError } from '@trpc/server';
import { findStaffForToken } from '../models/staff';
import { claimOnce, isTokenRevoked } from '../models/auth';
import { onLeadChange, readChangeCount } from '../models/live';
import { protectedProcedure, publicProcedure, router } from './trpc.ts';

/** Long enough to open the stream; a leaked URL (logs, history) is useless a minute later. */
const TICKET_SECONDS = 60;
const TICKET_AUDIENCE = 'live-updates';
/** Changes closer together than this reach the console as one event (a bulk action of 50 leads). */
const COALESCE_MS = 250;
/** How often an open stream checks that the session it was opened for still stands. */
const SESSION_CHECK_MS = 30_000;
const EXPIRED = 'Your session has expired. Please sign in again.';

/** The session a ticket was issued for: its id and token version. */
interface TicketClaims {
  sub: string;
  /** The session token's version and id: the ticket dies with that session. */
  tv: number;
  sid: string;
  jti: string;
  exp: number;
}

const sessionStands = async (t: TicketClaims) =>
  !(await isTokenRevoked(t.sid)) && (await findStaffForToken({ sub: t.sub, ver: t.tv, jti: t.sid })) !== null;

/** Ends every open stream at shutdown, so the server's connections can close. */
const shutdown = new AbortController();
export const endLiveStreams = () => shutdown.abort();

/**
 * A live ticket is a sign-in: the subscription takes the console's input metadata. A ticket opens
 * one stream (it is used up by the opening), and only while the session it was issued for stands.
 */
const liveProcedure = publicProcedure.meta({ signedIn: true }).use(async ({ ctx, next }) => {
  const ticket = ctx.connectionParams?.ticket;
  let claims: jwt.JwtPayload | string | null = null;
  try {
    claims = ticket ? jwt.verify(ticket, ctx.config.jwtSecret, { algorithms: ['HS256'], audience: TICKET_AUDIENCE }) : null;
  } catch {
    claims = null;
  }
  const t =
    typeof claims === 'object' &&
    claims?.sub &&
    typeof claims.tv === 'number' &&
    typeof claims.sid === 'string' &&
    typeof claims.jti === 'string' &&
    typeof claims.exp === 'number'
      ? (claims as TicketClaims)
      : null;
  if (!t || !(await sessionStands(t)) || !(await claimOnce(t))) throw new TRPCError({ code: 'UNAUTHORIZED', message: EXPIRED });
  return next({ ctx: { ...ctx, ticket: t } });
});

export const liveRouter = router({
  /** A one-minute ticket for opening the change stream. */
  ticket: protectedProcedure.mutation(({ ctx }) => ({
    ticket: jwt.sign({ tv: ctx.claims.ver, sid: ctx.claims.jti }, ctx.config.jwtSecret, {
      subject: String(ctx.staff.id),
      jwtid: randomUUID(),
      audience: TICKET_AUDIENCE,
      expiresIn: TICKET_SECONDS,
      algorithm: 'HS256',
    }),
  })),

  /**
   * Yields the lead change counter now and after every change. A reconnecting console compares it
   * with the last value it saw and refetches when they differ, so it catches up on what it missed.
   */
  changes: liveProcedure.subscription(async function* ({ signal, ctx }) {
    let dirty = false;
    let wake: (() => void) | null = null;
    const poke = () => {
      dirty = true;
      wake?.();
    };
    const stop = onLeadChange(poke);
    signal?.addEventListener('abort', poke);
    shutdown.signal.addEventListener('abort', poke);
    // The stream ends with its session (a sign-out, a password or factor change elsewhere).
    let checkedAt = Date.now();
    const recheck = setInterval(poke, SESSION_CHECK_MS);
    recheck.unref();
    try {
      let last: number | null = null;
      while (!signal?.aborted && !shutdown.signal.aborted) {
        dirty = false;
        if (Date.now() - checkedAt >= SESSION_CHECK_MS) {
          checkedAt = Date.now();
          if (!(await sessionStands(ctx.ticket).catch(() => true))) break;
        }
        const n = await readChangeCount().catch(() => last);
        if (n !== null && n !== last) {
          last = n;
          yield n;
          await new Promise((resolve) => setTimeout(resolve, COALESCE_MS));
        }
        if (!dirty) await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
    } finally {
      clearInterval(recheck);
      stop();
      signal?.removeEventListener('abort', poke);
      shutdown.signal.removeEventListener('abort', poke);
    }
  }),
});
