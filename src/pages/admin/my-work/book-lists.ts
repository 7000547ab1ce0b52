// My work's book lists for one day: each tile's key, its title, and its rows (a customer, what is due
// and when), computed in the browser from the book the server sends (schemas/book-windows.ts), so the
// browser's clock decides "today" on the brokerage's calendar.
import { POLICY_LINE_LABELS } from '../../../../schemas/policy.ts';
import {
  RENEWAL_WINDOWS,
  SEASONS,
  ageIns,
  renewalsWithin,
  seasonReview,
  type BookCustomer,
  type BookPolicy,
} from '../../../../schemas/book-windows.ts';

export interface BookRow {
  key: string;
  customerId: string;
  name: string;
  what: string;
  /** YYYY-MM-DD, or null when there is no one day. */
  on: string | null;
}

export interface BookList {
  /** The `?list=` value of the tile. */
  key: string;
  title: string;
  empty: string;
  rows: BookRow[];
}

/** The tiles for `today`: renewals in 7, 30 and 60 days, age-ins, and each enrollment season while it is open. */
export function bookLists(book: { policies: BookPolicy[]; customers: BookCustomer[] }, today: string): BookList[] {
  const lists: BookList[] = RENEWAL_WINDOWS.map((days) => ({
    key: `renewals-${days}`,
    title: `Renewing in ${days} days`,
    empty: `No policy renews in the next ${days} days`,
    rows: renewalsWithin(book.policies, today, days).map((p) => ({
      key: p.policyId,
      customerId: p.customerId,
      name: p.customerName,
      what: `${p.carrier} ${POLICY_LINE_LABELS[p.line]} renews`,
      on: p.renewsOn,
    })),
  }));
  lists.push({
    key: 'age-ins',
    title: 'Turning 65 in 3 months',
    empty: 'Nobody turns 65 in the next 3 months',
    rows: ageIns(book.customers, today).map((c) => ({
      key: c.customerId,
      customerId: c.customerId,
      name: c.name,
      what: c.turns65On ? 'Turns 65 (Medicare age-in)' : 'Age 64, birth date unknown: add it to know when',
      on: c.turns65On,
    })),
  });
  for (const season of ['aep', 'oep'] as const) {
    const review = seasonReview(season, book.policies, today);
    if (!review) continue;
    lists.push({
      key: season,
      title: `To review: ${SEASONS[season].label}`,
      empty: 'No customer has a policy to review this season',
      rows: review.map((r) => ({
        key: r.customerId,
        customerId: r.customerId,
        name: r.customerName,
        what: r.carriers.join(', '),
        on: null,
      })),
    });
  }
  return lists;
}
