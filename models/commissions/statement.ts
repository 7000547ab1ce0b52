// An agent's commission statement for a month (docs/commissions.md): the agent's share of what the
// matched statement lines paid on the policies he wrote or shares (100% of a policy he wrote unless an
// admin split it, models/commissions/shares.ts), the chargebacks, and what is still pending (his share of
// what is due on those active policies and not paid yet); as JSON and as CSV.
import { stringify } from 'csv-stringify/sync';
import type { AgentStatement, LineType } from '../../schemas/commissions.ts';
import { formulaSafeCell } from '../../schemas/customer.ts';
import { CustomerModel } from '../customers';
import { PolicyModel } from '../policies';
import { dueIn, duePolicies, type DuePolicy } from './book.ts';
import { StatementLineModel, type StatementLine } from './schema.ts';
import { partOf, readSplits, sharesOf } from './shares.ts';

const byId = <T>(rows: T[], id: (r: T) => string) => [...new Map(rows.map((r) => [id(r), r])).values()];

export async function agentStatement(agent: string, period: string): Promise<AgentStatement> {
  const splits = await readSplits();
  const shared = [...splits].filter(([, rows]) => rows.some((r) => r.agent === agent)).map(([id]) => id);
  const [written, sharedLines, own, sharedPolicies] = await Promise.all([
    StatementLineModel.find({ agent, period, status: 'matched' }).sort({ row: 1, _id: 1 }).lean<StatementLine[]>(),
    shared.length ? StatementLineModel.find({ policyId: { $in: shared }, period, status: 'matched' }).lean<StatementLine[]>() : [],
    duePolicies({ writingAgent: agent }),
    shared.length ? duePolicies({ _id: { $in: shared } }) : ([] as DuePolicy[]),
  ]);
  /** The agent's share of a policy, in basis points (0: none). */
  const shareOf = (policyId: unknown, writer: string) =>
    sharesOf(splits, String(policyId), writer).find((r) => r.agent === agent)?.basisPoints ?? 0;
  const lines = byId([...written, ...sharedLines], (l) => l._id)
    .map((l) => ({ l, bp: shareOf(l.policyId, l.agent ?? '') }))
    .filter((x) => x.bp > 0)
    .sort((a, b) => (a.l.row ?? 0) - (b.l.row ?? 0) || a.l._id.localeCompare(b.l._id));
  const policies = byId([...own, ...sharedPolicies], (p) => p.id)
    .map((p) => ({ p, bp: shareOf(p.id, p.agent) }))
    .filter((x) => x.bp > 0);
  const paidPolicies = await paidIn(
    period,
    policies.map((x) => x.p.id),
  );
  const pending = policies.filter((x) => x.p.from <= period && dueIn(x.p, period) > 0 && !paidPolicies.has(x.p.id));
  const names = new Map(
    (
      await CustomerModel.find({ _id: { $in: [...new Set(pending.map((x) => x.p.customerId))] } }, { name: 1 }).lean<
        { _id: unknown; name: string }[]
      >()
    ).map((c) => [String(c._id), c.name]),
  );
  const paidLines = lines.map(({ l, bp }) => ({
    carrier: l.carrier ?? '',
    policyNumber: l.policyNumber ?? '',
    insuredName: l.insuredName ?? '',
    lineType: l.lineType as LineType,
    amountCents: partOf(l.amountCents, bp),
    sharePercent: bp / 100,
  }));
  const pendingLines = pending.map(({ p, bp }) => ({
    carrier: p.carrier,
    policyNumber: p.policyNumber,
    insuredName: names.get(p.customerId) ?? '',
    lineType: 'pending' as const,
    amountCents: partOf(dueIn(p, period), bp),
    sharePercent: bp / 100,
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

/** Which of the policies have a matched line in the month (chargebacks included), in bounded `$in` batches. */
async function paidIn(period: string, policyIds: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < policyIds.length; i += 1000) {
    const rows = await StatementLineModel.find(
      { status: 'matched', period, policyId: { $in: policyIds.slice(i, i + 1000) } },
      { _id: 0, policyId: 1 },
    ).lean<{ policyId: unknown }[]>();
    for (const r of rows) out.add(String(r.policyId));
  }
  return out;
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

/** The writing agents named on policies and the agents given a share, for an admin to pick whose statement to read. */
export async function statementAgents(): Promise<string[]> {
  const [writers, splits] = await Promise.all([PolicyModel.distinct('writingAgent') as Promise<string[]>, readSplits()]);
  const names = new Set([...writers, ...[...splits.values()].flat().map((r) => r.agent)]);
  return [...names].filter(Boolean).sort((a, b) => a.localeCompare(b));
}
