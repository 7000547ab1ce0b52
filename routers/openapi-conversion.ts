// The documented routes of the dashboard's conversion table (issue 26), listed in routers/openapi.ts.
import type { DocumentedRoute } from './openapi.ts';
import { conversionInput } from '../schemas/lead-conversion.ts';

export const CONVERSION_ROUTES: DocumentedRoute[] = [
  {
    method: 'get',
    path: '/api/admin/stats/conversion.csv',
    summary: 'Leads, closed deals, conversion and premium written by source and by agent for a period, as CSV',
    staff: true,
    query: conversionInput,
    csv: true,
  },
];
