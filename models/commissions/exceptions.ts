// The exceptions list (docs/commissions.md): for each active policy with an expected commission and each
// month from its effective month, its carrier's first statement month and twelve months ago, up to this
// month: missing (nothing paid once the grace period after the month has passed) and short (paid less
// than due by more than the tolerance); then every matched chargeback line and every statement line still
// waiting in the queue (unmatched, or ambiguous until an admin confirms it). One page at a time: the line
// kinds are counted and paged by indexed queries, only the page's lines are read.
import mongoose from 'mongoose';
import {
  matchKey,
  type CommissionException,
  type CommissionSettings,
  type ExceptionKind,
  type ExceptionList,
  type ExceptionQuery,
} from '../../schemas/commissions.ts';
import { CustomerModel } from '../customers';
import { currentMonth, dueIn, readBook, type Book } from './book.ts';
import { getCommissionSettings } from './settings.ts';
import { StatementLineModel, type StatementLine } from './schema.ts';

const DAY = 86_400_000;
const WAITING = { status: { $in: ['unmatched', 'ambiguous'] } };
const CHARGEBACKS = { status: 'matched', amountCents: { $lt: 0 } };
// Newest month first; the line's key breaks ties so pages never overlap.
const NEWEST = { period: -1, _id: 1 } as const;

/** Whether a month's payment is overdue: its last day plus the grace period is before today. */
function overdue(period: string, graceDays: number, now: Date): boolean {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return Date.UTC(y, m, 1) - DAY + (graceDays + 1) * DAY <= now.getTime();
}

/** The missing and short months of the book. */
export function dueExceptions(book: Book, settings: CommissionSettings, now = new Date()): CommissionException[] {
  const thisMonth = currentMonth(now);
  const out: CommissionException[] = [];
  for (const p of book.policies) {
    const first = book.firstPeriod.get(matchKey(p.carrier));
    if (!first) continue; // no statement of this carrier imported yet: nothing to compare with
    for (const month of book.months) {
      if (month < p.from || month < first || month > thisMonth) continue;
      const due = dueIn(p, month);
      if (!due) continue;
      const key = `${p.id}|${month}`;
      const base = {
        period: month,
        carrier: p.carrier,
        policyNumber: p.policyNumber,
        insuredName: p.customerId,
        agent: p.agent,
        dueCents: due,
        policyId: p.id,
        lineId: null,
        suggestedPolicyId: null,
      };
      const paid = book.paid.get(key);
      if (!book.seen.has(key)) {
        if (overdue(month, settings.graceDays, now))
          out.push({ ...base, kind: 'missing', paidCents: 0, note: `nothing paid ${settings.graceDays} days after the month` });
      } else if (paid !== undefined && due - paid > settings.toleranceCents) {
        out.push({ ...base, kind: 'short', paidCents: paid, note: `short by $${((due - paid) / 100).toFixed(2)}` });
      }
    }
  }
  return out;
}

const lineException = (l: StatementLine, kind: ExceptionKind, note: string): CommissionException => ({
  kind,
  period: l.period,
  carrier: l.carrier ?? '',
  policyNumber: l.policyNumber ?? '',
  insuredName: l.insuredName ?? '',
  agent: l.agent ?? '',
  dueCents: null,
  paidCents: l.amountCents,
  policyId: l.policyId ? String(l.policyId) : null,
  lineId: l._id,
  suggestedPolicyId: l.suggestedPolicyId ? String(l.suggestedPolicyId) : null,
  note,
});

const pageOf = (filter: object, take: number) => StatementLineModel.find(filter).sort(NEWEST).limit(take).lean<StatementLine[]>();

/** The counts of every kind and the page asked for (newest month first, then by kind). */
export async function listExceptions(query: ExceptionQuery = {}, now = new Date(), read?: Book): Promise<ExceptionList> {
  const { kind, offset = 0, limit = 100 } = query;
  const take = offset + limit;
  const wants = (k: ExceptionKind) => !kind || kind === k;
  const [book, settings, waitingCount, chargebackCount, waiting, chargebacks] = await Promise.all([
    read ?? readBook(now),
    getCommissionSettings(),
    StatementLineModel.countDocuments(WAITING),
    StatementLineModel.countDocuments(CHARGEBACKS),
    wants('unmatched') ? pageOf(WAITING, take) : [],
    wants('chargeback') ? pageOf(CHARGEBACKS, take) : [],
  ]);
  const due = dueExceptions(book, settings, now);
  const counts: Record<ExceptionKind, number> = {
    missing: due.filter((e) => e.kind === 'missing').length,
    short: due.filter((e) => e.kind === 'short').length,
    chargeback: chargebackCount,
    unmatched: waitingCount,
  };
  const candidates = [
    ...due.filter((e) => wants(e.kind)),
    ...chargebacks.map((l) => lineException(l, 'chargeback', 'charged back by the carrier')),
    ...waiting.map((l) => lineException(l, 'unmatched', l.reason ?? '')),
  ];
  const items = candidates.sort((a, b) => b.period.localeCompare(a.period) || a.kind.localeCompare(b.kind)).slice(offset, take);
  await nameInsureds(items);
  const total = counts.missing + counts.short + counts.chargeback + counts.unmatched;
  return { counts, total, matching: kind ? counts[kind] : total, offset, limit, items };
}

/** The insured's name of the policies shown (the due exceptions carry the customer's id until here). */
async function nameInsureds(items: CommissionException[]) {
  const due = items.filter((e) => e.kind === 'missing' || e.kind === 'short');
  const ids = [...new Set(due.map((e) => e.insuredName))].filter((id) => mongoose.isValidObjectId(id));
  const rows = await CustomerModel.find({ _id: { $in: ids } }, { name: 1 }).lean<{ _id: unknown; name: string }[]>();
  const names = new Map(rows.map((c) => [String(c._id), c.name]));
  for (const e of due) e.insuredName = names.get(e.insuredName) ?? '';
}
