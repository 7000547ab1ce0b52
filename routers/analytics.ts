// Visit tracking and the site analytics. (Filled by its issue.)
import { router } from './trpc.ts';
import { restRoutes } from './rest.ts';

export const analyticsRouter = router({});
export const analyticsRest = restRoutes(analyticsRouter, []);
