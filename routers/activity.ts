// The activity log and its CSV export. (Filled by its issue.)
import { router } from './trpc.ts';
import { restRoutes } from './rest.ts';

export const activityRouter = router({});
export const activityRest = restRoutes(activityRouter, []);
