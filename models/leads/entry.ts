// One lead's entry in the paging index (models/leads/counters.ts): the text kept per lead, read back, and
// the list's in-memory sorts and Overdue filter over entries, so neither reads the leads themselves.
import { LEAD_STATUSES, type LeadPageInput } from '../../schemas/lead.ts';
import { holderName, isOverdue as overdueLead } from './rules.ts';

/** What the list needs of a lead without reading it: its tab, search text, sort keys and overdue facts. */
export interface Entry {
  seq: number;
  id: string;
  /** The tab besides All and Closed: "lost", an agent's code, "unclaimed", or "-" for none. */
  primary: string;
  closed: boolean;
  /** Lower-cased, for search and the name sort. */
  name: string;
  email: string;
  phone: string;
  status: string;
  /** The claimant's code (`a<hex of the name>`), or "none". */
  holder: string;
  /** Arrival time, ms since the epoch. */
  createdAt: number;
  /** Ever moved past claimed (called, quoted, closed...): never overdue again. */
  contacted: boolean;
}

/**
 * `<tab>\t<closed>\t<name>\t<email>\t<phone digits>\t<status>\t<holder>\t<createdAt ms>\t<contacted>`:
 * tabs cannot occur in the fields (names lose control characters, the rest are codes and digits).
 */
export function entryText(e: Omit<Entry, 'seq' | 'id'>): string {
  return [e.primary, e.closed ? 1 : 0, e.name, e.email, e.phone, e.status, e.holder, e.createdAt, e.contacted ? 1 : 0].join('\t');
}

/** An index field `<seq>_<leadId>` and its text back as an entry. */
export function parseEntry(key: string, value: string): Entry {
  const cut = key.indexOf('_');
  const [primary, closed, name = '', email = '', phone = '', status = '', holder = 'none', createdAt = '0', contacted = '0'] =
    value.split('\t');
  return {
    seq: Number(key.slice(0, cut)),
    id: key.slice(cut + 1),
    primary,
    closed: closed === '1',
    name,
    email,
    phone,
    status,
    holder,
    createdAt: Number(createdAt),
    contacted: contacted === '1',
  };
}

export const inTab = (e: Entry, tab: string) => tab === 'all' || e.primary === tab || (tab === 'closed' && e.closed);
export const newestFirst = (a: Entry, b: Entry) => b.seq - a.seq;
export const oldestFirst = (a: Entry, b: Entry) => a.seq - b.seq;

/** Past the 24-hour promise at `now`: not finished, never contacted, older than 24 hours (as toLeadView's `overdue`). */
export const isOverdue = (e: Entry, now: number) => overdueLead(e, now);
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The order of a sorted column (docs/product.md §4): names alphabetically, statuses in their working
 * order (unclaimed, called, follow-up, quoted, closed, lost), agents by name with unclaimed leads last
 * either way; ties newest first whatever the order.
 */
export function entryOrder(sort: Exclude<LeadPageInput['sort'], 'received'>, order: LeadPageInput['order']) {
  const dir = order === 'asc' ? 1 : -1;
  const rank = (s: string) => LEAD_STATUSES.indexOf(s as (typeof LEAD_STATUSES)[number]);
  return (a: Entry, b: Entry): number => {
    let by = 0;
    if (sort === 'name') by = dir * collator.compare(a.name, b.name);
    else if (sort === 'status') by = dir * (rank(a.status) - rank(b.status));
    else {
      const [x, y] = [holderName(a.holder), holderName(b.holder)];
      by = !x || !y ? Number(!x) - Number(!y) : dir * collator.compare(x, y);
    }
    return by || b.seq - a.seq;
  };
}
