// One lead's entry in the list's entry documents (counters.ts): the named fields kept per lead, the
// one codec between a lead and its stored entry (one packed string per lead: the embedded engine
// decodes a bucket of strings several times faster than a bucket of ten-field objects), and the list's in-memory sorts and Overdue filter
// over entries, so neither reads the leads themselves. A field the list shows, sorts or searches is
// added here, in StoredEntry and entryOf, and LAYOUT_VERSION is bumped (docs/decisions/004-lead-read-model.md).
import { LEAD_STATUSES, type LeadPageInput } from '../../schemas/lead.ts';
import { leadSourceOf } from '../../schemas/first-touch.ts';
import { holderCode, holderName, isOverdue as overdueLead, primaryTab, type LeadFacts } from './rules.ts';

/** An entry as stored under `e.<seq>_<leadId>` of an entry document. */
export interface StoredEntry {
  /** The tab besides All and Closed: "lost", an agent's code, "unclaimed", or "-" for none. */
  tab: string;
  closed: boolean;
  /** Lower-cased, for search and the name sort. */
  name: string;
  email: string;
  /** The phone's digits. */
  phone: string;
  status: string;
  /** The claimant's code (rules.ts holderCode), or "none". */
  holder: string;
  /** Arrival time, ms since the epoch. */
  createdAt: number;
  /** Ever moved past claimed (called, quoted, closed...): never overdue again. */
  contacted: boolean;
  /** When it was first contacted (its first logged call or status past claimed), ms since the epoch; 0 for never. */
  contactedAt: number;
  /** Where it came from (schemas/first-touch.ts leadSourceOf): the dashboard's conversion by source. */
  source: string;
  /** The lead write this entry reflects (the lead's countMark), or a fresh mark of a repair: compare-and-set on it. */
  mark: string;
}

/** An entry read back, with the lead's number and id from its field name. */
export interface Entry extends StoredEntry {
  seq: number;
  id: string;
}

/** The entry of a lead as it is now. */
export function entryOf(l: LeadFacts, mark: string): StoredEntry {
  return {
    tab: primaryTab(l) ?? '-',
    closed: l.status === 'closed',
    name: l.name.toLowerCase(),
    email: l.email.toLowerCase(),
    phone: l.phoneDigits,
    status: l.status,
    holder: holderCode(l.claimedBy),
    createdAt: l.createdAt.getTime(),
    contacted: Boolean(l.contactedAt),
    contactedAt: l.contactedAt ? new Date(l.contactedAt).getTime() : 0,
    source: leadSourceOf(l.firstTouch, l.source === 'admin' ? 'admin' : 'website'),
    mark,
  };
}

/** The field name of a lead's entry in its entry document. */
export const entryKey = (seq: number, id: unknown) => `${seq}_${String(id)}`;

/** Separates the fields of a stored entry; stripped from the text fields, which never need it. */
const SEP = '\x1f';
const text = (v: string) => v.replaceAll(SEP, ' ');

/** The entry as stored: its fields in ENTRY_FIELDS order, the mark first so a compare-and-set can match its prefix. */
const ENTRY_FIELDS = [
  'mark',
  'tab',
  'closed',
  'name',
  'email',
  'phone',
  'status',
  'holder',
  'createdAt',
  'contacted',
  'contactedAt',
  'source',
] as const;

/** The stored text of an entry (the one codec's writing half). */
export function encodeEntry(e: StoredEntry): string {
  return ENTRY_FIELDS.map((f) => {
    const v = e[f];
    return typeof v === 'boolean' ? (v ? '1' : '0') : typeof v === 'number' ? String(v) : text(v);
  }).join(SEP);
}

/** What a stored entry says of its lead: its text after the mark. Equal texts, same facts (sameFacts), without decoding. */
export const storedFacts = (stored: unknown) => (typeof stored === 'string' ? stored.slice(stored.indexOf(SEP) + 1) : '');
/** The text storedFacts answers for an entry. */
export const factsText = (e: StoredEntry) => storedFacts(encodeEntry(e));

/** Matches a stored entry that carries `mark` (the compare-and-set of write.ts), on either engine. */
export const entryWithMark = (mark: string) => ({ $regex: `^${mark.replace(/[^0-9a-zA-Z]/g, '')}${SEP}` });

/** A stored entry back, with its number and id; null for anything else (an entry of an older layout). */
export function readEntry(key: string, stored: unknown): Entry | null {
  if (typeof stored !== 'string') return null;
  const v = stored.split(SEP);
  if (v.length !== ENTRY_FIELDS.length) return null;
  const cut = key.indexOf('_');
  return {
    seq: Number(key.slice(0, cut)),
    id: key.slice(cut + 1),
    mark: v[0],
    tab: v[1],
    closed: v[2] === '1',
    name: v[3],
    email: v[4],
    phone: v[5],
    status: v[6],
    holder: v[7],
    createdAt: Number(v[8]),
    contacted: v[9] === '1',
    contactedAt: Number(v[10]) || 0,
    source: v[11],
  };
}

/** The entries of one entry document's `e` field. */
export const entriesOf = (fields: Record<string, unknown>): Entry[] => Object.entries(fields).flatMap(([k, v]) => readEntry(k, v) ?? []);

/** Whether two entries say the same about their lead (the mark aside). */
export const sameFacts = (a: StoredEntry, b: StoredEntry) =>
  a.tab === b.tab &&
  a.closed === b.closed &&
  a.name === b.name &&
  a.email === b.email &&
  a.phone === b.phone &&
  a.status === b.status &&
  a.holder === b.holder &&
  a.createdAt === b.createdAt &&
  a.contacted === b.contacted &&
  a.contactedAt === b.contactedAt &&
  a.source === b.source;

export const inTab = (e: StoredEntry, tab: string) => tab === 'all' || e.tab === tab || (tab === 'closed' && e.closed);
export const newestFirst = (a: Entry, b: Entry) => b.seq - a.seq;
export const oldestFirst = (a: Entry, b: Entry) => a.seq - b.seq;

/** Past the 24-hour promise at `now` (rules.ts). */
export const isOverdue = (e: StoredEntry, now: number) => overdueLead(e, now);

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * A name of lower-case letters, digits and spaces (most names) as a key whose plain string order is
 * the collator's: digit runs padded so they compare as numbers. Null for any other name, which the
 * collator compares; sorting 100,000 names with the collator alone takes about a second.
 */
export function nameKey(name: string): string | null {
  if (!/^[a-z0-9 ]*$/.test(name)) return null;
  let tooLong = false;
  const key = name.replace(/\d+/g, (run) => {
    const digits = run.replace(/^0+(?=\d)/, '');
    tooLong ||= digits.length > 16;
    return digits.padStart(16, '0');
  });
  return tooLong ? null : key;
}
/**
 * The collator's order of two entries' names, for one sort: each entry's name key is worked out once,
 * not once per comparison, and kept by this comparison only (a module-wide WeakMap kept a table sized
 * for the largest sort, 4 MiB at 100,000 leads, after its entries were gone).
 */
export function nameOrder(): (a: Entry, b: Entry) => number {
  const keys = new Map<Entry, string | null>();
  const keyOf = (e: Entry) => {
    let key = keys.get(e);
    if (key === undefined) keys.set(e, (key = nameKey(e.name)));
    return key;
  };
  return (a, b) => {
    const [x, y] = [keyOf(a), keyOf(b)];
    return x !== null && y !== null ? (x < y ? -1 : x > y ? 1 : 0) : collator.compare(a.name, b.name);
  };
}

/**
 * The order of a sorted column (docs/product.md §4): names alphabetically, statuses in their working
 * order (unclaimed, called, follow-up, quoted, closed, lost), agents by name with unclaimed leads last
 * either way; ties newest first whatever the order.
 */
export function entryOrder(sort: Exclude<LeadPageInput['sort'], 'received'>, order: LeadPageInput['order']) {
  const dir = order === 'asc' ? 1 : -1;
  const rank = (s: string) => LEAD_STATUSES.indexOf(s as (typeof LEAD_STATUSES)[number]);
  const compareNames = nameOrder();
  return (a: Entry, b: Entry): number => {
    let by = 0;
    if (sort === 'name') by = dir * compareNames(a, b);
    else if (sort === 'status') by = dir * (rank(a.status) - rank(b.status));
    else {
      const [x, y] = [holderName(a.holder), holderName(b.holder)];
      by = !x || !y ? Number(!x) - Number(!y) : dir * collator.compare(x, y);
    }
    return by || b.seq - a.seq;
  };
}
