// The app router: one router per domain, merged. Its type is what the client imports.
import { router } from './trpc.ts';
import { siteRest, siteRouter } from './site.ts';
import { authRest, authRouter } from './auth.ts';
import { leadsRest, leadsRouter } from './leads.ts';
import { activityRest, activityRouter } from './activity.ts';
import { customersRest, customersRouter } from './customers.ts';
import { analyticsRest, analyticsRouter } from './analytics.ts';
import { staffRouter } from './staff.ts';
import { auditRouter } from './audit.ts';
import { openApiRoutes } from './openapi.ts';
import { slackInteractiveRoute } from './slack.ts';
import type { DocumentedRoute } from './rest.ts';
import { liveRouter } from './live.ts';
import { officeRouter } from './office.ts';
import { privacyRouter } from './privacy.ts';
import { assignmentRouter } from './assignment.ts';
import { policiesRouter } from './policies.ts';
import { customerImportRest, customerImportRouter } from './customer-import.ts';
import { complianceRest, complianceRouter } from './compliance.ts';
import { commissionsRest, commissionsRouter } from './commissions.ts';

export const appRouter = router({
  site: siteRouter,
  auth: authRouter,
  leads: leadsRouter,
  activity: activityRouter,
  customers: customersRouter,
  analytics: analyticsRouter,
  staff: staffRouter,
  audit: auditRouter,
  live: liveRouter,
  office: officeRouter,
  privacy: privacyRouter,
  assignment: assignmentRouter,
  policies: policiesRouter,
  customerImport: customerImportRouter,
  compliance: complianceRouter,
  commissions: commissionsRouter,
});

export type AppRouter = typeof appRouter;

/** Every REST route, mounted in this order. */
export const restApi = [
  ...siteRest,
  ...authRest,
  ...leadsRest,
  ...activityRest,
  ...customerImportRest,
  ...commissionsRest,
  ...customersRest,
  ...analyticsRest,
  ...complianceRest,
  ...openApiRoutes(() => DOCUMENTED_ROUTES),
];

/** Every declared /api route, as docs/routes.md lists it: the REST rows and Slack's own route. */
export const DECLARED_ROUTES: DocumentedRoute[] = [...restApi, slackInteractiveRoute];

/** The routes GET /api/openapi.json publishes. */
export const DOCUMENTED_ROUTES = DECLARED_ROUTES.filter((route) => !route.unpublished);
