// The live console: a subscription (server-sent events) that tells open consoles when leads changed,
// and the short-lived ticket an EventSource carries in its URL instead of the staff token.
import jwt from 'jsonwebtoken';
import { TRPCError } from '@trpc/server';
import { findStaffForToken } from '../models/staff.ts';
import { onLeadChange, readChangeCount } from '../models/live.ts';
import { protectedProcedure, publicProcedure, router } from './trpc.ts';

/** Long enough to open the stream; a leaked URL (logs, history) is useless a minute later. */
const TICKET_SECONDS = 60;
const TICKET_AUDIENCE = 'live-updates';
/** Changes closer together than this reach the console as one event (a bulk action of 50 leads). */
const COALESCE_MS = 250;

/** Ends every open stream at shutdown, so the server's connections can close. */
const shutdown = new AbortController();
export const endLiveStreams = () => shutdown.abort();

// A live ticket is a sign-in: the subscription takes the console's input metadata.
const liveProcedure = publicProcedure.meta({ signedIn: true }).use(async ({ ctx, next }) => {
  const ticket = ctx.connectionParams?.ticket;
  let claims: jwt.JwtPayload | string | null = null;
  try {
    claims = ticket ? jwt.verify(ticket, ctx.config.jwtSecret, { algorithms: ['HS256'], audience: TICKET_AUDIENCE }) : null;
  } catch {
    claims = null;
  }
  const staff =
    typeof claims === 'object' && claims?.sub && typeof claims.tv === 'number'
      ? await findStaffForToken({ sub: claims.sub, ver: claims.tv })
      : null;
  if (!staff) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Your session has expired. Please sign in again.' });
  return next();
});

export const liveRouter = router({
  /** A one-minute ticket for opening the change stream. */
  ticket: protectedProcedure.mutation(({ ctx }) => ({
    ticket: jwt.sign({ tv: ctx.staff.tokenVersion }, ctx.config.jwtSecret, {
      subject: String(ctx.staff.id),
      audience: TICKET_AUDIENCE,
      expiresIn: TICKET_SECONDS,
      algorithm: 'HS256',
    }),
  })),

  /**
   * Yields the lead change counter now and after every change. A reconnecting console compares it
   * with the last value it saw and refetches when they differ, so it catches up on what it missed.
   */
  changes: liveProcedure.subscription(async function* ({ signal }) {
    let dirty = false;
    let wake: (() => void) | null = null;
    const poke = () => {
      dirty = true;
      wake?.();
    };
    const stop = onLeadChange(poke);
    signal?.addEventListener('abort', poke);
    shutdown.signal.addEventListener('abort', poke);
    try {
      let last: number | null = null;
      while (!signal?.aborted && !shutdown.signal.aborted) {
        dirty = false;
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
      stop();
      signal?.removeEventListener('abort', poke);
      shutdown.signal.removeEventListener('abort', poke);
    }
  }),
});
