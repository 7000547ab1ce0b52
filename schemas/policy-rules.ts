// The rules of a policy's money and dates, pure so the form, the server and My work agree: the renewal
// anniversary, premium per year in cents, expected commission, and dollars typed into a form as cents.
import type { Commission, PremiumPeriod } from './policy.ts';

const MS_DAY = 86_400_000;
const parts = (day: string) => day.split('-').map(Number) as [number, number, number];
const dayText = (d: Date) => d.toISOString().slice(0, 10);

/** The same calendar day `years` later; 29 February becomes 28 February in a year without it. */
export function addYears(day: string, years: number): string {
  const [y, m, d] = parts(day);
  const lastOfMonth = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return dayText(new Date(Date.UTC(y + years, m - 1, Math.min(d, lastOfMonth))));
}

/** `days` calendar days after (or before, when negative) a day. */
export const addDays = (day: string, days: number) => dayText(new Date(Date.parse(`${day}T00:00:00Z`) + days * MS_DAY));

/** Whole calendar days from one day to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_DAY);

/** The first renewal: the date given, or the first anniversary of the effective date. */
export const firstRenewal = (p: { effectiveDate: string; renewalDate: string | null }) => p.renewalDate ?? addYears(p.effectiveDate, 1);

/**
 * The next renewal on or after `today`: the first renewal, then its anniversaries (counted from the first
 * renewal's own day, so 29 February comes back in leap years).
 */
export function nextRenewal(p: { effectiveDate: string; renewalDate: string | null }, today: string): string {
  const first = firstRenewal(p);
  if (first >= today) return first;
  let years = Math.max(1, Number(today.slice(0, 4)) - Number(first.slice(0, 4)));
  while (addYears(first, years - 1) >= today) years -= 1;
  while (addYears(first, years) < today) years += 1;
  return addYears(first, years);
}

/** The premium over a year, in cents. */
export const annualPremiumCents = (premiumCents: number, period: PremiumPeriod) =>
  period === 'monthly' ? premiumCents * 12 : premiumCents;

/**
 * The commission expected over a year, in cents: a rate of the annual premium (rounded to the cent) or the
 * amount given. A rate with a renewal rate pays `percent` in the first year and `renewalPercent` after it:
 * `year` picks which.
 */
export function expectedCommissionCents(
  p: { premiumCents: number; premiumPeriod: PremiumPeriod; commission: Commission | null },
  year: 'first' | 'renewal' = 'first',
): number | null {
  if (!p.commission) return null;
  if (p.commission.kind === 'amount') return p.commission.cents;
  const percent = year === 'renewal' ? (p.commission.renewalPercent ?? p.commission.percent) : p.commission.percent;
  return Math.round((annualPremiumCents(p.premiumCents, p.premiumPeriod) * Math.round(percent * 100)) / 10_000);
}

/** The month (YYYY-MM) a policy's renewal rate starts: twelve months after its effective month. */
export function renewalMonth(effectiveDate: string): string {
  const [y, m] = parts(`${effectiveDate.slice(0, 7)}-01`);
  return new Date(Date.UTC(y + 1, m - 1, 1)).toISOString().slice(0, 7);
}

/**
 * Dollars as typed ("1,234.5", "$89", "89.99") to whole cents, without floating-point drift; null for
 * anything else (a third decimal, a minus sign, letters).
 */
export function centsFromDollars(text: string): number | null {
  const t = text
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Cents as dollars for reading: 123456 → "$1,234.56". */
export const formatCents = (cents: number) => usd.format(cents / 100);

/** Cents as a form shows them for editing: 123456 → "1234.56". */
export const dollarsText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
