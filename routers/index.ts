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
import { openApiRest } from './openapi.ts';
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

/** Every documented /api route. */
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
  ...openApiRest,
];
