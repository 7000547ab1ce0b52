// The commission figures of the last twelve months (docs/commissions.md): expected (each active
// policy's monthly commission from its effective month) and received (every matched statement line,
// chargebacks included) per month, and the twelve months' totals by carrier and by agent (each agent's
// share, models/commissions/shares.ts). Read
// from the same bounded book as the exceptions, once per request.
import type { CommissionSummary } from '../../schemas/commissions.ts';
import { dueIn, readBook } from './book.ts';
import { listExceptions } from './exceptions.ts';
import { partOf, readSplits, sharesOf } from './shares.ts';

export async function commissionSummary(now = new Date()): Promise<CommissionSummary> {
  const [book, splits] = await Promise.all([readBook(now), readSplits()]);
  const { months } = book;
  const exceptions = await listExceptions({ limit: 1 }, now, book);
  const byMonth = new Map(months.map((m) => [m, { period: m, expectedCents: 0, receivedCents: 0 }]));
  const byCarrier = new Map<string, { carrier: string; expectedCents: number; receivedCents: number }>();
  const byAgent = new Map<string, { agent: string; expectedCents: number; receivedCents: number }>();
  const carrierRow = (c: string) => byCarrier.get(c) ?? byCarrier.set(c, { carrier: c, expectedCents: 0, receivedCents: 0 }).get(c)!;
  const agentRow = (a: string) => byAgent.get(a) ?? byAgent.set(a, { agent: a, expectedCents: 0, receivedCents: 0 }).get(a)!;
  for (const p of book.policies) {
    const agents = sharesOf(splits, p.id, p.agent || '(none)');
    for (const m of months) {
      if (m < p.from) continue;
      const due = dueIn(p, m);
      byMonth.get(m)!.expectedCents += due;
      carrierRow(p.carrier).expectedCents += due;
      for (const s of agents) agentRow(s.agent).expectedCents += partOf(due, s.basisPoints);
    }
  }
  for (const l of book.matched) {
    byMonth.get(l.period)!.receivedCents += l.amountCents;
    carrierRow(l.carrier).receivedCents += l.amountCents;
    for (const s of sharesOf(splits, String(l.policyId), l.agent || '(none)'))
      agentRow(s.agent).receivedCents += partOf(l.amountCents, s.basisPoints);
  }
  const byName = <T extends { expectedCents: number }>(rows: Iterable<T>) => [...rows].sort((a, b) => b.expectedCents - a.expectedCents);
  return {
    months: [...byMonth.values()],
    byCarrier: byName(byCarrier.values()),
    byAgent: byName(byAgent.values()),
    exceptions: exceptions.total,
  };
}
