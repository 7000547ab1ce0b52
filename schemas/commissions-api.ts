// The answers of the commission routes (docs/commissions.md) as zod schemas, for the OpenAPI document
// (routers/commissions.ts); they mirror the interfaces of schemas/commissions.ts.
import { z } from 'zod';
import { EXCEPTION_KINDS, LINE_TYPES } from './commissions.ts';
import { STATEMENT_FIELDS } from './commission-upload.ts';

const cents = z.number().int();
const id = z.string().nullable();

export const statementReportAnswer = z.object({
  accepted: z.boolean(),
  counts: z.object({ lines: cents, matched: cents, ambiguous: cents, unmatched: cents, refused: cents, toWrite: cents }),
  ignoredColumns: z.array(z.string()),
  missingColumns: z.array(z.string()),
  columns: z.array(z.object({ header: z.string(), field: z.enum(STATEMENT_FIELDS).nullable() })),
  mapping: z.object({ from: z.enum(['given', 'saved', 'names']), carrier: z.string().nullable() }),
  lines: z.array(
    z.object({
      row: cents,
      carrier: z.string(),
      policyNumber: z.string(),
      insuredName: z.string(),
      amountCents: cents,
      period: z.string(),
      lineType: z.enum(LINE_TYPES),
      status: z.enum(['matched', 'ambiguous', 'unmatched', 'refused']),
      reason: z.string(),
      policyId: id,
      known: z.boolean(),
      lapse: z.boolean(),
    }),
  ),
});

const kindCounts = z.object(
  Object.fromEntries(EXCEPTION_KINDS.map((k) => [k, cents])) as Record<(typeof EXCEPTION_KINDS)[number], typeof cents>,
);
export const exceptionListAnswer = z.object({
  counts: kindCounts,
  total: cents,
  matching: cents,
  offset: cents,
  limit: cents,
  items: z.array(
    z.object({
      kind: z.enum(EXCEPTION_KINDS),
      period: z.string(),
      carrier: z.string(),
      policyNumber: z.string(),
      insuredName: z.string(),
      agent: z.string(),
      dueCents: cents.nullable(),
      paidCents: cents,
      policyId: id,
      lineId: id,
      suggestedPolicyId: id,
      note: z.string(),
    }),
  ),
});

const figures = { expectedCents: cents, receivedCents: cents };
export const commissionSummaryAnswer = z.object({
  months: z.array(z.object({ period: z.string(), ...figures })),
  byCarrier: z.array(z.object({ carrier: z.string(), ...figures })),
  byAgent: z.array(z.object({ agent: z.string(), ...figures })),
  exceptions: cents,
});

export const agentStatementAnswer = z.object({
  agent: z.string(),
  period: z.string(),
  paidCents: cents,
  pendingCents: cents,
  chargebackCents: cents,
  lines: z.array(
    z.object({
      carrier: z.string(),
      policyNumber: z.string(),
      insuredName: z.string(),
      lineType: z.enum([...LINE_TYPES, 'pending']),
      amountCents: cents,
      sharePercent: z.number(),
    }),
  ),
});

export const policySharesAnswer = z.object({
  policyId: z.string(),
  carrier: z.string(),
  policyNumber: z.string(),
  writingAgent: z.string(),
  custom: z.boolean(),
  shares: z.array(z.object({ agent: z.string(), basisPoints: cents })),
});
