// Staff sign-in, Google sign-in and password change. (Filled by the staff-accounts issue.)
import { router } from './trpc.ts';
import { restRoutes } from './rest.ts';

export const authRouter = router({});
export const authRest = restRoutes(authRouter, []);
