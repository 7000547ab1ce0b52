// Visit tracking (public) and the Site Analytics answer (staff only), over tRPC and REST.
import { analyticsQuery, trackVisitInput, type AnalyticsPeriod } from '../schemas/analytics.ts';
import { acceptVisit } from '../models/visits';
import { buildAnalyticsReport } from '../models/visits';
import { analyticsAnswer } from '../schemas/api.ts';
import { restRoutes } from './rest.ts';
import { protectedProcedure, publicProcedure, router } from './trpc.ts';

export const analyticsRouter = router({
  /** Answers as soon as the visit is queued; what is not counted is dropped without an error. */
  trackVisit: publicProcedure.input(trackVisitInput).mutation(async ({ input, ctx }) => {
    const accepted = await acceptVisit(input, {
      ip: ctx.ip,
      headerUserAgent: ctx.req.get('user-agent'),
      host: ctx.req.hostname,
      timeZone: ctx.config.TIME_ZONE,
      request: ctx.req,
    });
    return { accepted };
  }),
  report: protectedProcedure
    .input(analyticsQuery)
    .query(({ input, ctx }) => buildAnalyticsReport(input.period, { timeZone: ctx.config.TIME_ZONE })),
});

export const analyticsRest = restRoutes(analyticsRouter, [
  {
    method: 'post',
    path: '/api/track-visit',
    summary: 'Report a page visit',
    body: trackVisitInput,
    status: 204,
    code: {
      procedure: '`analytics.trackVisit`',
      input: '`trackVisitInput` (`schemas/analytics.ts`)',
      model: '`models/visits/intake.ts` `acceptVisit`',
      screen: '`src/lib/track-visit.ts`',
    },
    handle: async (caller, req, res) => {
      await caller.trackVisit(req.body ?? {});
      res.status(204).end();
    },
  },
  {
    method: 'get',
    path: '/api/admin/analytics',
    summary: 'Site analytics of a period',
    staff: true,
    query: analyticsQuery,
    answer: analyticsAnswer,
    code: {
      procedure: '`analytics.report`',
      input: '`analyticsQuery` (`schemas/analytics.ts`)',
      model: '`models/visits/report.ts`',
      screen: '`src/pages/admin/analytics/`',
    },
    // The procedure validates the period; the cast only names the type it expects.
    handle: (caller, req) => caller.report({ period: (req.query.period || undefined) as AnalyticsPeriod | undefined }),
  },
]);
