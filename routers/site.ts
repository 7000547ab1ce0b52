// Site-wide procedures: health of the service and its database.
import { isDatabaseUp } from '../server/db.ts';
import { restRoutes } from './rest.ts';
import { publicProcedure, router } from './trpc.ts';

export const siteRouter = router({
  health: publicProcedure.query(async () => {
    const up = await isDatabaseUp();
    return { status: up ? ('ok' as const) : ('degraded' as const), db: up ? ('up' as const) : ('down' as const) };
  }),
});

export const siteRest = restRoutes(siteRouter, [
  {
    method: 'get',
    path: '/api/health',
    handle: async (caller, _req, res) => {
      const health = await caller.health();
      res.status(health.db === 'up' ? 200 : 503).json(health);
    },
  },
]);
