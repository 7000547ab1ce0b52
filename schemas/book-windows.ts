// What My work shows of the book of business, computed from the policies and the customers' ages for
// a given day (the brokerage's today, so a test or a browser clock can set it): renewals in the next
// 7, 30 and 60 days, Medicare age-ins in the next 3 months, and the customers to review while Medicare's
// Annual Enrollment Period (Oct 15–Dec 7) or the ACA Open Enrollment Period (Nov 1–Jan 15) is open.
import { ACA_LINES, IN_FORCE, MEDICARE_LINES, type PolicyLine, type PolicyStatus } from './policy.ts';
import { addDays, addYears, nextRenewal } from './policy-rules.ts';

/** Renewal windows, in days from today; each includes the shorter ones. */
export const RENEWAL_WINDOWS = [7, 30, 60] as const;
export type RenewalWindow = (typeof RENEWAL_WINDOWS)[number];
/** How far ahead an age-in is listed. */
export const AGE_IN_MONTHS = 3;
export const MEDICARE_AGE = 65;

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function todayIn(timeZone: string, now: Date | number = Date.now()): string {
  const f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const p = Object.fromEntries(f.formatToParts(now).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}`;
}

/** The same day `months` later, or the month's last day when it has no such day. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
}

/** What the windows need of a policy. */
export interface BookPolicy {
  policyId: string;
  customerId: string;
  customerName: string;
  carrier: string;
  line: PolicyLine;
  status: PolicyStatus;
  effectiveDate: string;
  renewalDate: string | null;
}

/** What the age-ins need of a customer. */
export interface BookCustomer {
  customerId: string;
  name: string;
  age: number | null;
  birthDate: string | null;
}

export type Renewal = BookPolicy & { renewsOn: string };

/** In-force policies renewing from today through `days` days ahead, soonest first. */
export function renewalsWithin(policies: BookPolicy[], today: string, days: number): Renewal[] {
  const end = addDays(today, days);
  return policies
    .filter((p) => IN_FORCE.includes(p.status))
    .map((p) => ({ ...p, renewsOn: nextRenewal(p, today) }))
    .filter((p) => p.renewsOn <= end)
    .sort((a, b) => a.renewsOn.localeCompare(b.renewsOn) || a.customerName.localeCompare(b.customerName));
}

export interface AgeIn extends BookCustomer {
  /** Their 65th birthday; null when only the age is known (64 now: some day within a year). */
  turns65On: string | null;
}

/**
 * Customers turning 65 from today through AGE_IN_MONTHS months ahead (by birth date), soonest first; then
 * those with no birth date whose stored age is 64, who turn 65 within the year on a day nobody recorded.
 */
export function ageIns(customers: BookCustomer[], today: string): AgeIn[] {
  const end = addMonths(today, AGE_IN_MONTHS);
  const known: AgeIn[] = [];
  const guessed: AgeIn[] = [];
  for (const c of customers) {
    if (c.birthDate) {
      const turns65On = addYears(c.birthDate, MEDICARE_AGE);
      if (turns65On >= today && turns65On <= end) known.push({ ...c, turns65On });
    } else if (c.age === MEDICARE_AGE - 1) guessed.push({ ...c, turns65On: null });
  }
  known.sort((a, b) => a.turns65On!.localeCompare(b.turns65On!) || a.name.localeCompare(b.name));
  guessed.sort((a, b) => a.name.localeCompare(b.name));
  return [...known, ...guessed];
}

export type Season = 'aep' | 'oep';
export const SEASONS: Record<Season, { label: string; lines: readonly PolicyLine[]; open: (monthDay: string) => boolean }> = {
  aep: { label: 'Medicare Annual Enrollment (Oct 15–Dec 7)', lines: MEDICARE_LINES, open: (md) => md >= '10-15' && md <= '12-07' },
  oep: { label: 'ACA Open Enrollment (Nov 1–Jan 15)', lines: ACA_LINES, open: (md) => md >= '11-01' || md <= '01-15' },
};

export interface Review {
  customerId: string;
  customerName: string;
  carriers: string[];
}

/**
 * The customers to review during a season that is open today (one row per customer, with the carriers of
 * their in-force policies of the season's lines); null when the season is closed.
 */
export function seasonReview(season: Season, policies: BookPolicy[], today: string): Review[] | null {
  const s = SEASONS[season];
  if (!s.open(today.slice(5))) return null;
  const byCustomer = new Map<string, Review>();
  for (const p of policies) {
    if (!IN_FORCE.includes(p.status) || !s.lines.includes(p.line)) continue;
    const row = byCustomer.get(p.customerId) ?? { customerId: p.customerId, customerName: p.customerName, carriers: [] };
    if (!row.carriers.includes(p.carrier)) row.carriers.push(p.carrier);
    byCustomer.set(p.customerId, row);
  }
  return [...byCustomer.values()].sort((a, b) => a.customerName.localeCompare(b.customerName));
}
