// The exceptions list (docs/commissions.md): for each active policy with an expected commission and each
// month from its effective month, its carrier's first imported statement month and twelve months ago, up
// to this month: missing (nothing paid once the grace period after the month has passed) and short (paid
// less than due by more than the tolerance); then every matched chargeback line and every statement line
// still waiting in the queue (unmatched, or ambiguous until an admin confirms it).
import mongoose from 'mongoose';
import {
  EXCEPTIONS_SHOWN,
  matchKey,
  type CommissionException,
  type CommissionSettings,
  type ExceptionKind,
  type ExceptionList,
} from '../../schemas/commissions.ts';
import { CustomerModel } from '../customers';
import { currentMonth, monthsBefore, readBook, type Book, type BookLine } from './book.ts';
import { getCommissionSettings } from './settings.ts';

const DAY = 86_400_000;

/** Whether a month's payment is overdue: its last day plus the grace period is before today. */
function overdue(period: string, graceDays: number, now: Date): boolean {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return Date.UTC(y, m, 1) - DAY + (graceDays + 1) * DAY <= now.getTime();
}

/** The missing and short months of the book. */
export function dueExceptions(book: Book, settings: CommissionSettings, now = new Date()): CommissionException[] {
  const thisMonth = currentMonth(now);
  const yearAgo = monthsBefore(thisMonth, 11);
  const out: CommissionException[] = [];
  for (const p of book.policies) {
    const first = book.firstPeriod.get(matchKey(p.carrier));
    if (!first) continue; // no statement of this carrier imported yet: nothing to compare with
    let month = [p.from, first, yearAgo].sort().at(-1)!;
    for (; month <= thisMonth; month = monthsBefore(month, -1)) {
      const paid = book.paid.get(`${p.id}|${month}`);
      const base = {
        period: month,
        carrier: p.carrier,
        policyNumber: p.policyNumber,
        insuredName: p.customerId,
        agent: p.agent,
        dueCents: p.dueCents,
        policyId: p.id,
        lineId: null,
        suggestedPolicyId: null,
      };
      if (!book.seen.has(`${p.id}|${month}`)) {
        if (overdue(month, settings.graceDays, now))
          out.push({ ...base, kind: 'missing', paidCents: 0, note: `nothing paid ${settings.graceDays} days after the month` });
      } else if (paid !== undefined && p.dueCents - paid > settings.toleranceCents) {
        out.push({ ...base, kind: 'short', paidCents: paid, note: `short by $${((p.dueCents - paid) / 100).toFixed(2)}` });
      }
    }
  }
  return out;
}

const lineException = (l: BookLine, kind: ExceptionKind, note: string): CommissionException => ({
  kind,
  period: l.period,
  carrier: l.carrier,
  policyNumber: l.policyNumber,
  insuredName: l.insuredName,
  agent: l.agent,
  dueCents: null,
  paidCents: l.amountCents,
  policyId: l.policyId ? String(l.policyId) : null,
  lineId: l._id,
  suggestedPolicyId: l.suggestedPolicyId ? String(l.suggestedPolicyId) : null,
  note,
});

export async function listExceptions(now = new Date(), read?: Book): Promise<ExceptionList> {
  const [book, settings] = await Promise.all([read ?? readBook(), getCommissionSettings()]);
  const waiting = book.lines.filter((l) => l.status === 'unmatched' || l.status === 'ambiguous');
  const chargebacks = book.lines.filter((l) => l.status === 'matched' && l.amountCents < 0);
  const all = [
    ...dueExceptions(book, settings, now),
    ...chargebacks.map((l) => lineException(l, 'chargeback', 'charged back by the carrier')),
    ...waiting.map((l) => lineException(l, 'unmatched', l.reason)),
  ];
  const counts: Record<ExceptionKind, number> = { missing: 0, short: 0, chargeback: 0, unmatched: 0 };
  for (const e of all) counts[e.kind]++;
  const items = all.sort((a, b) => b.period.localeCompare(a.period) || a.kind.localeCompare(b.kind)).slice(0, EXCEPTIONS_SHOWN);
  // The insured's name of the policies shown (the due exceptions carry the customer's id until here).
  const ids = [...new Set(items.filter((e) => e.kind === 'missing' || e.kind === 'short').map((e) => e.insuredName))];
  const names = new Map(
    (
      await CustomerModel.find({ _id: { $in: ids.filter((id) => mongoose.isValidObjectId(id)) } }, { name: 1 }).lean<
        { _id: unknown; name: string }[]
      >()
    ).map((c) => [String(c._id), c.name]),
  );
  for (const e of items) if (e.kind === 'missing' || e.kind === 'short') e.insuredName = names.get(e.insuredName) ?? '';
  return { counts, total: all.length, items };
}
