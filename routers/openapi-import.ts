// The documented routes of the customer import (issue 26), listed in routers/openapi.ts. The upload routes
// take the CSV file itself (Content-Type: text/csv, up to 5 MB) or, for a small file, JSON { csv }.
import { z } from 'zod';
import { importFileInput } from './customer-import.ts';

// Typed where routers/openapi.ts lists it (DOCUMENTED_ROUTES), so this file imports nothing from there.
export const IMPORT_ROUTES = [
  {
    method: 'post' as const,
    path: '/api/admin/customers/import/dry-run',
    summary:
      'Admins: what a CSV of customers and policies would create, update or refuse, row by row (body: the file as text/csv, or JSON { csv }); nothing is written',
    staff: true,
    body: importFileInput,
  },
  {
    method: 'post' as const,
    path: '/api/admin/customers/import',
    summary:
      'Admins: apply a CSV of customers and policies; refused whole (400, nothing written) when any row is refused; ?importId= names its progress',
    staff: true,
    body: importFileInput,
  },
  {
    method: 'get' as const,
    path: '/api/admin/customers/import/progress',
    summary: "Admins: an import's progress while it applies ({ state, done, total })",
    staff: true,
    query: z.object({ importId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/) }),
  },
];
