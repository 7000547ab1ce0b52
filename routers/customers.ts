// Customers, and closing a lead into a customer. (Filled by its issue.)
import { router } from './trpc.ts';
import { restRoutes } from './rest.ts';

export const customersRouter = router({});
export const customersRest = restRoutes(customersRouter, []);
