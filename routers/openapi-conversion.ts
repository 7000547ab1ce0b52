// The documented routes of the dashboard's conversion table (issue 26), listed in routers/openapi.ts.
import { conversionInput } from '../schemas/lead-conversion.ts';

// Typed where routers/openapi.ts lists it (DOCUMENTED_ROUTES), so this file imports nothing from there.
export const CONVERSION_ROUTES = [
  {
    method: 'get' as const,
    path: '/api/admin/stats/conversion.csv',
    summary: 'Leads, closed deals, conversion and premium written by source and by agent for a period, as CSV',
    staff: true,
    query: conversionInput,
    csv: true,
  },
];
