// The app router: one router per domain, merged. Its type is what the client imports.
import { router } from './trpc.ts';
import { siteRest, siteRouter } from './site.ts';

export const appRouter = router({
  site: siteRouter,
});

export type AppRouter = typeof appRouter;

/** Every documented /api route, in the order they are mounted. */
export const restApi = [...siteRest];
