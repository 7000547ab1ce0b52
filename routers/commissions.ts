// Commissions (docs/commissions.md): the statement import (admins; the REST routes take the CSV or XLSX
// file itself up to MAX_STATEMENT_BYTES, web/import-upload.ts), the queue of unmatched lines, the
// exceptions, the figures and the settings (admins), and agents' statements (an agent reads only his own).
// The rules live in models/commissions/.
import { z } from 'zod';
import { statementFileInput, type StatementUpload } from '../schemas/commission-upload.ts';
import * as answers from '../schemas/commissions-api.ts';
import { success } from '../schemas/api.ts';
import {
  STATEMENT_APPLY_PATH,
  STATEMENT_DRY_RUN_PATH,
  agentStatementInput,
  commissionSettingsInput,
  dismissLineInput,
  exceptionsInput,
  policySharesInput,
  policySharesQuery,
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
  getPolicyShares,
  setPolicyShares,
  linkLine,
  listExceptions,
  statementAgents,
  updateCommissionSettings,
} from '../models/commissions';
import { forbidden } from '../server/errors.ts';
import { csvAttachment, restRoutes } from './rest.ts';
import { adminProcedure, isAdminStaff, protectedProcedure, router, type Context } from './trpc.ts';
import type { StaffDoc } from '../models/staff';

/** The agent whose statement is read: an admin names anyone (himself by default), an agent only himself. */
function statementAgentOf(ctx: Context & { staff: StaffDoc }, asked: string | undefined): string {
  if (isAdminStaff(ctx.staff, ctx.config)) return asked ?? ctx.staff.name;
  if (asked !== undefined && asked !== ctx.staff.name) throw forbidden('Agents can read only their own commission statement.');
  return ctx.staff.name;
}

export const commissionsRouter = router({
  dryRun: adminProcedure.input(statementFileInput).mutation(({ input }) => dryRunStatement(input)),
  importStatement: adminProcedure.input(statementFileInput).mutation(({ input, ctx }) => applyStatement(input, ctx.actor)),
  exceptions: adminProcedure.input(exceptionsInput.optional()).query(({ input }) => listExceptions(input ?? {})),
  link: adminProcedure.input(linkLineInput).mutation(({ input, ctx }) => linkLine(input.lineId, input, ctx.actor)),
  dismiss: adminProcedure.input(dismissLineInput).mutation(({ input, ctx }) => dismissLine(input.lineId, ctx.actor)),
  summary: adminProcedure.query(() => commissionSummary()),
  shares: adminProcedure.input(policySharesQuery).query(({ input }) => getPolicyShares(input)),
  setShares: adminProcedure.input(policySharesInput).mutation(({ input, ctx }) => setPolicyShares(input.policyId, input.shares, ctx.actor)),
  settings: adminProcedure.query(() => getCommissionSettings()),
  updateSettings: adminProcedure.input(commissionSettingsInput).mutation(({ input, ctx }) => updateCommissionSettings(input, ctx.actor)),
  agents: protectedProcedure.query(async ({ ctx }) =>
    isAdminStaff(ctx.staff, ctx.config) ? { isAdmin: true, agents: await statementAgents() } : { isAdmin: false, agents: [ctx.staff.name] },
  ),
  statement: protectedProcedure
    .input(agentStatementInput)
    .query(({ input, ctx }) => agentStatement(statementAgentOf(ctx, input.agent), input.period)),
});

/** A query parameter read as JSON (the column mapping); left as text when it is not, for the input check to refuse. */
function jsonParam(v: unknown): unknown {
  if (typeof v !== 'string') return undefined;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}

/** The upload as the procedures take it: the body (CSV text, XLSX bytes or JSON) and the query's file name, carrier and columns. */
function uploadOf(body: unknown, query: Record<string, unknown>): StatementUpload {
  const given = {
    fileName: typeof query.fileName === 'string' ? query.fileName : undefined,
    carrier: typeof query.carrier === 'string' ? query.carrier : undefined,
    columns: jsonParam(query.columns) as StatementUpload['columns'],
  };
  if (typeof body === 'string') return { ...given, csv: body };
  if (Buffer.isBuffer(body)) return { ...given, xlsx: body.toString('base64') };
  if (body && typeof body === 'object' && !Array.isArray(body)) return body as StatementUpload;
  return {} as StatementUpload;
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const statementQuery = (q: Record<string, unknown>) => ({ period: text(q.period) ?? '', agent: text(q.agent) });

const lineParam = '/api/admin/commissions/lines/:lineId';
const where = (procedure: string) => ({ procedure, model: '`models/commissions/`', screen: '`src/pages/admin/commissions/`' });

// The upload routes take the statement itself (Content-Type: text/csv, or the .xlsx workbook's type, up to
// 10 MB; ?fileName=, ?carrier= and ?columns= a JSON mapping of header to field) or, for a small file, JSON.
export const commissionsRest = restRoutes(commissionsRouter, [
  {
    method: 'post',
    path: STATEMENT_DRY_RUN_PATH,
    summary:
      "Admins: how a carrier's commission statement (CSV or XLSX) would match, line by line: matched, ambiguous, unmatched or refused and why, and how its columns were read; nothing is written",
    staff: true,
    body: statementFileInput,
    code: where('`commissions.dryRun`'),
    answer: answers.statementReportAnswer,
    handle: (c, req) => c.dryRun(uploadOf(req.body, req.query)),
  },
  {
    method: 'post',
    path: STATEMENT_APPLY_PATH,
    summary:
      'Admins: import a commission statement (CSV or XLSX); refused whole (400, nothing written) when any line is refused; lines already imported are not written again; a column mapping given is remembered for its carriers',
    staff: true,
    body: statementFileInput,
    code: where('`commissions.importStatement`'),
    answer: answers.statementReportAnswer,
    handle: (c, req) => c.importStatement(uploadOf(req.body, req.query)),
  },
  {
    method: 'get',
    path: '/api/admin/commissions/exceptions',
    summary: 'Admins: missing, short, chargeback and unmatched commissions: the counts and one page, of one kind or all',
    staff: true,
    query: exceptionsInput,
    answer: answers.exceptionListAnswer,
    code: where('`commissions.exceptions`'),
    handle: (c, req) => c.exceptions(req.query as z.input<typeof exceptionsInput>),
  },
  {
    method: 'post',
    path: `${lineParam}/link`,
    summary: 'Admins: link an unmatched or ambiguous statement line to a policy (body { policyId } or { policyNumber })',
    staff: true,
    body: z.object({
      policyId: z
        .string()
        .regex(/^[a-f0-9]{24}$/)
        .optional(),
      policyNumber: z.string().min(1).max(100).optional(),
    }),
    code: where('`commissions.link`'),
    answer: success,
    handle: (c, req) => {
      const body = (req.body ?? {}) as { policyId?: string; policyNumber?: string };
      return c.link({ lineId: String(req.params.lineId), policyId: body.policyId, policyNumber: body.policyNumber });
    },
  },
  {
    method: 'post',
    path: `${lineParam}/not-ours`,
    summary: 'Admins: mark an unmatched statement line as not ours',
    staff: true,
    code: where('`commissions.dismiss`'),
    answer: success,
    handle: (c, req) => c.dismiss({ lineId: String(req.params.lineId) }),
  },
  {
    method: 'get',
    path: '/api/admin/commissions/summary',
    summary: 'Admins: commission expected and received per month for the last 12, by carrier and by agent, and the exceptions count',
    staff: true,
    code: where('`commissions.summary`'),
    answer: answers.commissionSummaryAnswer,
    handle: (c) => c.summary(),
  },
  {
    method: 'get',
    path: '/api/admin/commissions/shares',
    summary: "Admins: agents' shares of a policy's commission (by policyId or policyNumber); 100% to the writing agent unless split",
    staff: true,
    query: policySharesQuery,
    answer: answers.policySharesAnswer,
    code: where('`commissions.shares`'),
    handle: (c, req) => c.shares({ policyId: text(req.query.policyId), policyNumber: text(req.query.policyNumber) }),
  },
  {
    method: 'put',
    path: '/api/admin/commissions/shares/:policyId',
    summary:
      "Admins: split a policy's commission between agents in basis points adding up to 10000 (an empty list: 100% to the writing agent)",
    staff: true,
    body: policySharesInput.omit({ policyId: true }),
    answer: answers.policySharesAnswer,
    code: where('`commissions.setShares`'),
    handle: (c, req) => {
      const body = (req.body ?? {}) as { shares?: unknown };
      return c.setShares({ policyId: String(req.params.policyId), shares: body.shares as { agent: string; basisPoints: number }[] });
    },
  },
  {
    method: 'get',
    path: '/api/admin/commissions/statement',
    summary: "An agent's commission statement for a month (paid, pending, chargebacks); agents read only their own",
    staff: true,
    query: agentStatementInput,
    code: where('`commissions.statement`'),
    answer: answers.agentStatementAnswer,
    handle: (c, req) => c.statement(statementQuery(req.query)),
  },
  {
    method: 'get',
    path: '/api/admin/commissions/statement.csv',
    summary: "An agent's commission statement for a month as CSV; agents read only their own",
    staff: true,
    query: agentStatementInput,
    csv: true,
    code: where('`commissions.statement`, then written as CSV by the route'),
    handle: async (c, req, res) => {
      const s = await c.statement(statementQuery(req.query));
      const name = `commission-statement-${s.period}.csv`;
      res.set(csvAttachment(name)).status(200).send(agentStatementCsv(s));
    },
  },
]);
