// What is held about a person, found by the stored plain keys (the leads' and customers' email and phone
// digits; the do-not-contact list's hashes), never by decrypting every record. Shared by the search, the
// access copy (access-copy.ts) and the erasure (erase.ts).
import { CustomerModel, type CustomerRecord } from '../customers';
import { findLeadRecords, type LeadRecord } from '../leads';
import { contactKeys } from './suppression-store.ts';

export interface PersonQuery {
  email?: string;
  phone?: string;
}

export interface Holdings {
  /** The person's contact keys (suppression-store.ts), the other email or phone of what was found included. */
  keys: string[];
  leads: LeadRecord[];
  customers: CustomerRecord[];
}

/** The leads and customers with this email or phone: equality on stored keys, in the database. */
export async function holdings(q: PersonQuery): Promise<Holdings> {
  const keys = contactKeys(q.email, q.phone);
  const email = keys.find((k) => k.startsWith('email:'))?.slice(6);
  const digits = keys.find((k) => k.startsWith('phone:'))?.slice(6);
  // Older leads kept a US number's country code in their digits.
  const phones = digits ? [digits, ...(digits.length === 10 ? [`1${digits}`] : [])] : [];
  const or = [...(email ? [{ email }] : []), ...phones.map((phoneDigits) => ({ phoneDigits }))];
  if (!or.length) return { keys, leads: [], customers: [] };
  const [leadRows, customerRows] = await Promise.all([
    Promise.all(or.map((f) => findLeadRecords(f))),
    Promise.all(or.map((f) => CustomerModel.find(f).lean<CustomerRecord[]>())),
  ]);
  const unique = <T extends { _id: unknown }>(rows: T[][]) => [...new Map(rows.flat().map((r) => [String(r._id), r])).values()];
  const [leads, customers] = [unique(leadRows), unique(customerRows)];
  // The other email or phone of what was found belongs to the person too (their do-not-contact entries).
  const all = [...keys, ...[...leads, ...customers].flatMap((r) => contactKeys(r.email, r.phoneDigits))];
  return { keys: [...new Set(all)], leads, customers };
}

export const idsOf = (h: Holdings) => ({
  leadIds: h.leads.map((l) => String(l._id)),
  customerIds: h.customers.map((c) => String(c._id)),
});
