// The documented routes of commissions (docs/commissions.md), listed in routers/openapi.ts. The upload
// routes take the statement itself (Content-Type: text/csv, up to 10 MB) or, for a small file, JSON { csv }.
import { z } from 'zod';
import {
  agentStatementInput,
  exceptionsInput,
  policySharesInput,
  policySharesQuery,
  STATEMENT_APPLY_PATH,
  STATEMENT_DRY_RUN_PATH,
} from '../schemas/commissions.ts';
import * as answers from '../schemas/commissions-api.ts';
import { success } from '../schemas/api.ts';
import { statementFileInput } from './commissions.ts';

const lineParam = '/api/admin/commissions/lines/:lineId';

export const COMMISSION_ROUTES = [
  {
    method: 'post' as const,
    path: STATEMENT_DRY_RUN_PATH,
    summary:
      "Admins: how a carrier's commission statement (CSV) would match, line by line: matched, ambiguous, unmatched or refused and why; nothing is written",
    staff: true,
    body: statementFileInput,
    answer: answers.statementReportAnswer,
  },
  {
    method: 'post' as const,
    path: STATEMENT_APPLY_PATH,
    summary:
      'Admins: import a commission statement; refused whole (400, nothing written) when any line is refused; lines already imported are not written again',
    staff: true,
    body: statementFileInput,
    answer: answers.statementReportAnswer,
  },
  {
    method: 'get' as const,
    path: '/api/admin/commissions/exceptions',
    summary: 'Admins: missing, short, chargeback and unmatched commissions: the counts and one page, of one kind or all',
    staff: true,
    query: exceptionsInput,
    answer: answers.exceptionListAnswer,
  },
  {
    method: 'post' as const,
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
    answer: success,
  },
  {
    method: 'post' as const,
    path: `${lineParam}/not-ours`,
    summary: 'Admins: mark an unmatched statement line as not ours',
    staff: true,
    answer: success,
  },
  {
    method: 'get' as const,
    path: '/api/admin/commissions/summary',
    summary: 'Admins: commission expected and received per month for the last 12, by carrier and by agent, and the exceptions count',
    staff: true,
    answer: answers.commissionSummaryAnswer,
  },
  {
    method: 'get' as const,
    path: '/api/admin/commissions/shares',
    summary: "Admins: agents' shares of a policy's commission (by policyId or policyNumber); 100% to the writing agent unless split",
    staff: true,
    query: policySharesQuery,
    answer: answers.policySharesAnswer,
  },
  {
    method: 'put' as const,
    path: '/api/admin/commissions/shares/:policyId',
    summary:
      "Admins: split a policy's commission between agents in basis points adding up to 10000 (an empty list: 100% to the writing agent)",
    staff: true,
    body: policySharesInput.omit({ policyId: true }),
    answer: answers.policySharesAnswer,
  },
  {
    method: 'get' as const,
    path: '/api/admin/commissions/statement',
    summary: "An agent's commission statement for a month (paid, pending, chargebacks); agents read only their own",
    staff: true,
    query: agentStatementInput,
    answer: answers.agentStatementAnswer,
  },
  {
    method: 'get' as const,
    path: '/api/admin/commissions/statement.csv',
    summary: "An agent's commission statement for a month as CSV; agents read only their own",
    staff: true,
    query: agentStatementInput,
    csv: true,
  },
];
