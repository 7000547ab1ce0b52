// Leads, their claims and statuses, and the dashboard stats. (Filled by its issue.)
import { router } from './trpc.ts';
import { restRoutes } from './rest.ts';

export const leadsRouter = router({});
export const leadsRest = restRoutes(leadsRouter, []);
