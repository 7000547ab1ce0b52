// An agent's commission statement for a month (docs/commissions.md): what the matched statement lines
// paid on the policies the agent wrote (100% of each: the writing agent's share), the chargebacks, and
// what is still pending (due on the agent's active policies and not paid yet); as JSON and as CSV.
import { stringify } from 'csv-stringify/sync';
import type { AgentStatement, LineType } from '../../schemas/commissions.ts';
import { formulaSafeCell } from '../../schemas/customer.ts';
import { CustomerModel } from '../customers';
import { PolicyModel } from '../policies';
import { readBook } from './book.ts';
import { StatementLineModel } from './schema.ts';

/** The writing agent's share of a policy's commission, in percent. */
export const WRITING_AGENT_SHARE = 100;

export async function agentStatement(agent: string, period: string): Promise<AgentStatement> {
  const [lines, book] = await Promise.all([
    StatementLineModel.find({ agent, period, status: 'matched' }).sort({ row: 1 }).lean(),
    readBook(),
  ]);
  const pendingPolicies = book.policies.filter((p) => p.agent === agent && p.from <= period && !book.seen.has(`${p.id}|${period}`));
  const names = new Map(
    (
      await CustomerModel.find({ _id: { $in: [...new Set(pendingPolicies.map((p) => p.customerId))] } }, { name: 1 }).lean<
        { _id: unknown; name: string }[]
      >()
    ).map((c) => [String(c._id), c.name]),
  );
  const share = (cents: number) => Math.round((cents * WRITING_AGENT_SHARE) / 100);
  const paidLines = lines.map((l) => ({
    carrier: l.carrier ?? '',
    policyNumber: l.policyNumber ?? '',
    insuredName: l.insuredName ?? '',
    lineType: l.lineType as LineType,
    amountCents: share(l.amountCents),
    sharePercent: WRITING_AGENT_SHARE,
  }));
  const pendingLines = pendingPolicies.map((p) => ({
    carrier: p.carrier,
    policyNumber: p.policyNumber,
    insuredName: names.get(p.customerId) ?? '',
    lineType: 'pending' as const,
    amountCents: share(p.dueCents),
    sharePercent: WRITING_AGENT_SHARE,
  }));
  const sum = (xs: { amountCents: number }[]) => xs.reduce((s, x) => s + x.amountCents, 0);
  return {
    agent,
    period,
    paidCents: sum(paidLines.filter((l) => l.amountCents > 0)),
    chargebackCents: sum(paidLines.filter((l) => l.amountCents < 0)),
    pendingCents: sum(pendingLines),
    lines: [...paidLines, ...pendingLines],
  };
}

const dollars = (cents: number) => `${cents < 0 ? '-' : ''}${(Math.abs(cents) / 100).toFixed(2)}`;

/** The statement as CSV; a text cell a spreadsheet would run as a formula gets a leading apostrophe. */
export function agentStatementCsv(s: AgentStatement): string {
  const text = (v: string) => formulaSafeCell(v);
  const rows = s.lines.map((l) => [
    text(s.agent),
    s.period,
    text(l.carrier),
    text(l.policyNumber),
    text(l.insuredName),
    l.lineType,
    String(l.sharePercent),
    dollars(l.amountCents), // a number, never text: a minus sign here is a negative amount
  ]);
  return stringify([['agent', 'period', 'carrier', 'policyNumber', 'insuredName', 'lineType', 'sharePercent', 'amount'], ...rows]);
}

/** The writing agents named on policies, for an admin to pick whose statement to read. */
export async function statementAgents(): Promise<string[]> {
  const names = (await PolicyModel.distinct('writingAgent')) as string[];
  return names.filter(Boolean).sort((a, b) => a.localeCompare(b));
}
