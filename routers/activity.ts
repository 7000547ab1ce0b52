// The activity log: the latest entries for the dashboard and the full history as CSV.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TZDate } from '@date-fns/tz';
import type { Response } from 'express';
import { activityExportInput } from '../schemas/lead.ts';
import { listRecentActivity } from '../models/activity';
import { activityCsv } from '../models/activity';
import { z } from 'zod';
import { activityAnswer } from '../schemas/api.ts';
import { csvAttachment, restRoutes } from './rest.ts';
import { protectedProcedure, router } from './trpc.ts';
import { recordAudit } from '../models/audit';

/** Start of a YYYY-MM-DD day in the brokerage's time zone, `plusDays` later. */
function dayStart(date: string, timeZone: string, plusDays = 0): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(new TZDate(y, m - 1, d + plusDays, timeZone).getTime());
}

export const activityRouter = router({
  list: protectedProcedure.query(() => listRecentActivity()),

  /** Checks the caller and the dates (whole days in the brokerage's time zone); the REST adapter streams the rows. */
  exportRange: protectedProcedure.input(activityExportInput).query(async ({ input, ctx }) => {
    await recordAudit(ctx.actor, { action: 'ACTIVITY_EXPORTED', scope: `${input.from ?? 'all'} to ${input.to ?? 'now'}` });
    const tz = ctx.config.TIME_ZONE;
    const from = input.from ? dayStart(input.from, tz) : undefined;
    const to = input.to ? dayStart(input.to, tz, 1) : undefined; // "to" includes its whole day
    return { from, to, timeZone: tz, fileName: `activity-logs-${input.from ?? 'all'}-to-${input.to ?? 'now'}.csv` };
  }),
});

/** The CSV in the brokerage's time zone, streamed. */
async function streamActivityCsv(res: Response, range: { from?: Date; to?: Date }, fileName: string, timeZone: string) {
  res.status(200).set(csvAttachment(fileName));
  await pipeline(Readable.from(activityCsv(range, timeZone), { objectMode: false }), res);
}

export const activityRest = restRoutes(activityRouter, [
  {
    method: 'get',
    path: '/api/admin/activity-logs',
    summary: 'The latest activity',
    staff: true,
    answer: z.array(activityAnswer),
    code: { procedure: '`activity.list`', model: '`models/activity/log.ts`', screen: '`dashboard/ActivityList.tsx`' },
    handle: (c) => c.list(),
  },
  {
    method: 'get',
    path: '/api/admin/activity-logs/export',
    summary: 'Activity as CSV',
    staff: true,
    query: activityExportInput,
    csv: true,
    code: {
      procedure: '`activity.exportRange`, then streamed by the route',
      input: '`activityExportInput` (`schemas/lead.ts`)',
      model: '`models/activity/export.ts`, `models/activity/csv.ts`',
      screen: '`dashboard/ActivityList.tsx`',
    },
    handle: async (c, req, res) => {
      const q = req.query;
      const { from, to, timeZone, fileName } = await c.exportRange({
        from: typeof q.from === 'string' && q.from ? q.from : undefined,
        to: typeof q.to === 'string' && q.to ? q.to : undefined,
      });
      await streamActivityCsv(res, { from, to }, fileName, timeZone);
    },
  },
]);
