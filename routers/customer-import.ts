// The customer and policy import (admins only): a dry run, the apply with its progress, and their REST
// routes, which take the CSV file itself as the body (text/csv, up to MAX_IMPORT_BYTES: web/import-upload.ts
// parses it before the JSON parser and its 100 kB limit). The rules live in models/customer-import/.
import { z } from 'zod';
import { MAX_IMPORT_BYTES } from '../schemas/limits.ts';
import { applyImport, dryRunImport, importProgress, trackImport } from '../models/customer-import';
import { notFound } from '../server/errors.ts';
import { IMPORT_APPLY_PATH, IMPORT_DRY_RUN_PATH } from '../schemas/limits.ts';
import { restRoutes } from './rest.ts';
import { adminProcedure, router } from './trpc.ts';

const importId = z
  .string()
  .regex(/^[A-Za-z0-9-]{8,64}$/, 'importId must be 8 to 64 letters, digits or dashes')
  .optional();

export const importFileInput = z
  .object({
    csv: z
      .string({ error: 'Send the CSV file as the request body (Content-Type: text/csv), or JSON { csv }' })
      .min(1, 'The file is empty')
      .max(MAX_IMPORT_BYTES, `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`),
    fileName: z.string().trim().max(200).optional(),
    /** Names the apply's progress, which `progress` reads while it runs. */
    importId,
  })
  .strict();

export const customerImportRouter = router({
  dryRun: adminProcedure.input(importFileInput).mutation(({ input, ctx }) => dryRunImport(input.csv, ctx.actor)),

  confirm: adminProcedure
    .input(importFileInput)
    .mutation(({ input, ctx }) =>
      trackImport(input.importId, String(ctx.staff.id), (onProgress) =>
        applyImport(input.csv, ctx.actor, { fileName: input.fileName, onProgress }),
      ),
    ),

  progress: adminProcedure.input(z.object({ importId: importId.unwrap() }).strict()).query(({ input, ctx }) => {
    const progress = importProgress(input.importId, String(ctx.staff.id));
    if (!progress) throw notFound('No import with this id is running or recently finished on this server');
    return progress;
  }),
});

/**
 * The body of an upload: the CSV text (Content-Type text/csv), or JSON { csv } for a small file. Any other
 * body goes on without a file, so the procedure checks the role first and then refuses it with a 400.
 */
function uploadOf(body: unknown, query: Record<string, unknown>) {
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  if (typeof body === 'string') return { csv: body, fileName: text(query.fileName), importId: text(query.importId) };
  if (body && typeof body === 'object' && !Array.isArray(body)) return body as z.input<typeof importFileInput>;
  return {} as z.input<typeof importFileInput>;
}

const importModel = '`models/customer-import/`';
const importScreen = '`src/pages/admin/customers/import-client.ts`';

// The upload routes take the CSV file itself (Content-Type: text/csv, up to 5 MB) or, for a small file, JSON { csv }.
export const customerImportRest = restRoutes(customerImportRouter, [
  {
    method: 'post',
    path: IMPORT_DRY_RUN_PATH,
    summary:
      'Admins: what a CSV of customers and policies would create, update or refuse, row by row (body: the file as text/csv, or JSON { csv }); nothing is written',
    staff: true,
    body: importFileInput,
    code: { procedure: '`customerImport.dryRun`', input: '`importFileInput`', model: importModel, screen: importScreen },
    handle: (c, req) => c.dryRun(uploadOf(req.body, req.query)),
  },
  {
    method: 'post',
    path: IMPORT_APPLY_PATH,
    summary:
      'Admins: apply a CSV of customers and policies; refused whole (400, nothing written) when any row is refused; ?importId= names its progress',
    staff: true,
    body: importFileInput,
    code: { procedure: '`customerImport.confirm`', input: '`importFileInput`', model: importModel, screen: importScreen },
    handle: (c, req) => c.confirm(uploadOf(req.body, req.query)),
  },
  {
    method: 'get',
    path: '/api/admin/customers/import/progress',
    summary: "Admins: an import's progress while it applies ({ state, done, total })",
    staff: true,
    query: z.object({ importId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/) }),
    code: { procedure: '`customerImport.progress`', model: importModel, screen: importScreen },
    handle: (c, req) => c.progress({ importId: typeof req.query.importId === 'string' ? req.query.importId : '' }),
  },
]);
