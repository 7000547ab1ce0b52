// Commissions (docs/commissions.md): the statement import (admins; the REST routes take the CSV file
// itself as text/csv up to MAX_STATEMENT_BYTES, web/import-upload.ts), the queue of unmatched lines, the
// exceptions, the figures and the settings (admins), and agents' statements (an agent reads only his own).
// The rules live in models/commissions/.
import { z } from 'zod';
import {
  MAX_STATEMENT_BYTES,
  STATEMENT_APPLY_PATH,
  STATEMENT_DRY_RUN_PATH,
  agentStatementInput,
  commissionSettingsInput,
  dismissLineInput,
  linkLineInput,
} from '../schemas/commissions.ts';
import {
  agentStatement,
  agentStatementCsv,
  applyStatement,
  commissionSummary,
  dismissLine,
  dryRunStatement,
  getCommissionSettings,
  linkLine,
  listExceptions,
  statementAgents,
  updateCommissionSettings,
} from '../models/commissions';
import { forbidden } from '../server/errors.ts';
import { csvAttachment, restRoutes } from './rest.ts';
import { adminProcedure, isAdminStaff, protectedProcedure, router, type Context } from './trpc.ts';
import type { StaffDoc } from '../models/staff';

export const statementFileInput = z
  .object({
    csv: z
      .string({ error: 'Send the statement as the request body (Content-Type: text/csv), or JSON { csv }' })
      .min(1, 'The file is empty')
      .max(MAX_STATEMENT_BYTES, `The file is larger than ${MAX_STATEMENT_BYTES / 1024 / 1024} MB`),
    fileName: z.string().trim().max(200).optional(),
  })
  .strict();

/** The agent whose statement is read: an admin names anyone (himself by default), an agent only himself. */
function statementAgentOf(ctx: Context & { staff: StaffDoc }, asked: string | undefined): string {
  if (isAdminStaff(ctx.staff, ctx.config)) return asked ?? ctx.staff.name;
  if (asked !== undefined && asked !== ctx.staff.name) throw forbidden('Agents can read only their own commission statement.');
  return ctx.staff.name;
}

export const commissionsRouter = router({
  dryRun: adminProcedure.input(statementFileInput).mutation(({ input }) => dryRunStatement(input.csv)),
  importStatement: adminProcedure
    .input(statementFileInput)
    .mutation(({ input, ctx }) => applyStatement(input.csv, ctx.actor, { fileName: input.fileName })),
  exceptions: adminProcedure.query(() => listExceptions()),
  link: adminProcedure.input(linkLineInput).mutation(({ input, ctx }) => linkLine(input.lineId, input, ctx.actor)),
  dismiss: adminProcedure.input(dismissLineInput).mutation(({ input, ctx }) => dismissLine(input.lineId, ctx.actor)),
  summary: adminProcedure.query(() => commissionSummary()),
  settings: adminProcedure.query(() => getCommissionSettings()),
  updateSettings: adminProcedure.input(commissionSettingsInput).mutation(({ input, ctx }) => updateCommissionSettings(input, ctx.actor)),
  agents: protectedProcedure.query(async ({ ctx }) =>
    isAdminStaff(ctx.staff, ctx.config) ? { isAdmin: true, agents: await statementAgents() } : { isAdmin: false, agents: [ctx.staff.name] },
  ),
  statement: protectedProcedure
    .input(agentStatementInput)
    .query(({ input, ctx }) => agentStatement(statementAgentOf(ctx, input.agent), input.period)),
});

function uploadOf(body: unknown, query: Record<string, unknown>) {
  const fileName = typeof query.fileName === 'string' ? query.fileName : undefined;
  if (typeof body === 'string') return { csv: body, fileName };
  if (body && typeof body === 'object' && !Array.isArray(body)) return body as z.input<typeof statementFileInput>;
  return {} as z.input<typeof statementFileInput>;
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const statementQuery = (q: Record<string, unknown>) => ({ period: text(q.period) ?? '', agent: text(q.agent) });

export const commissionsRest = restRoutes(commissionsRouter, [
  { method: 'post', path: STATEMENT_DRY_RUN_PATH, handle: (c, req) => c.dryRun(uploadOf(req.body, req.query)) },
  { method: 'post', path: STATEMENT_APPLY_PATH, handle: (c, req) => c.importStatement(uploadOf(req.body, req.query)) },
  { method: 'get', path: '/api/admin/commissions/exceptions', handle: (c) => c.exceptions() },
  {
    method: 'post',
    path: '/api/admin/commissions/lines/:lineId/link',
    handle: (c, req) => {
      const body = (req.body ?? {}) as { policyId?: string; policyNumber?: string };
      return c.link({ lineId: String(req.params.lineId), policyId: body.policyId, policyNumber: body.policyNumber });
    },
  },
  {
    method: 'post',
    path: '/api/admin/commissions/lines/:lineId/not-ours',
    handle: (c, req) => c.dismiss({ lineId: String(req.params.lineId) }),
  },
  { method: 'get', path: '/api/admin/commissions/summary', handle: (c) => c.summary() },
  { method: 'get', path: '/api/admin/commissions/statement', handle: (c, req) => c.statement(statementQuery(req.query)) },
  {
    method: 'get',
    path: '/api/admin/commissions/statement.csv',
    handle: async (c, req, res) => {
      const s = await c.statement(statementQuery(req.query));
      const name = `commission-statement-${s.period}.csv`;
      res.set(csvAttachment(name)).status(200).send(agentStatementCsv(s));
    },
  },
]);
