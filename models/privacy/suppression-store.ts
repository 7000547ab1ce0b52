// The do-not-contact list: one document per email address or phone number a person asked us not to use,
// keyed by an HMAC of the normalised address or number (never the address or number itself), with who
// recorded it, when and why, and who lifted it. The HMAC key is derived from the data keys
// (server/field-crypto.ts, docs/decisions/006-keys-and-encryption-at-rest.md), which live outside
// DATA_DIR: a copy of the data folder cannot test guessed phone numbers against the list, as it could
// against a plain hash.
//
// The mark on leads and customers is derived when they are read (suppressionsFor), not written on them:
// a lookup by _id per page of leads is cheap, the lead list's index entries stay as they are (no rebuild,
// no new write through models/leads/), a lead that arrives later from the same person is marked at once,
// and lifting the mark is one write here.
//
// The reasons (why it was recorded, why it was lifted) are health data as often as not ("on dialysis,
// call the daughter"): they are sealed at rest with the data key like the medical fields
// (server/field-crypto.ts, models/flows/walk-sealed-fields.ts) and opened here on the way out.
import { createHmac, hkdfSync } from 'node:crypto';
import mongoose from 'mongoose';
import { phoneKey } from '../../schemas/phone.ts';
import { openText, ringKeys, sealText } from '../../server/field-crypto.ts';
import type { DoNotContactView } from '../../schemas/privacy.ts';

export interface SuppressionDoc {
  /** `<key id>:<HMAC-SHA256 of "email:<address>" or "phone:<digits>">`, base64url. */
  _id: string;
  kind: 'email' | 'phone';
  active: boolean;
  at: Date;
  by: string;
  reason: string;
  /** Where it was recorded: a lead, a customer card or a call outcome. */
  via: 'lead' | 'customer' | 'call';
  lifted?: { at: Date; by: string; reason: string } | null;
}

export const suppressions = () => mongoose.connection.collection<SuppressionDoc>('suppressions');

/** The person's contact keys, in the same normal forms as the leads' duplicate keys. */
export function contactKeys(email: string | null | undefined, phone: string | null | undefined): string[] {
  const keys: string[] = [];
  const mail = (email ?? '').trim().toLowerCase();
  if (mail) keys.push(`email:${mail}`);
  const digits = phoneKey(phone ?? '');
  if (digits) keys.push(`phone:${digits}`);
  return keys;
}

const macKeys = new Map<string, Buffer>();
function macKey(kid: string, key: Buffer): Buffer {
  let k = macKeys.get(kid);
  if (!k) {
    k = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'brokerage-do-not-contact-v1', 32));
    macKeys.set(kid, k);
  }
  return k;
}

/** The stored ids of one contact key: under the current data key first, then every older one in the ring. */
export function hashIds(contactKey: string): string[] {
  return ringKeys().map(({ kid, key }) => `${kid}:${createHmac('sha256', macKey(kid, key)).update(contactKey).digest('base64url')}`);
}

/** The active entries matching any of the keys, by contact key. */
export async function activeEntries(keys: string[]): Promise<Map<string, SuppressionDoc>> {
  const idsOf = new Map(keys.map((k) => [k, hashIds(k)]));
  const all = [...idsOf.values()].flat();
  const found = all.length
    ? await suppressions()
        .find({ _id: { $in: all }, active: true })
        .toArray()
    : [];
  const byId = new Map(found.map((d) => [d._id, d]));
  const out = new Map<string, SuppressionDoc>();
  for (const [k, ids] of idsOf) {
    const doc = ids.map((id) => byId.get(id)).find(Boolean);
    if (doc) out.set(k, doc);
  }
  return out;
}

const viewOf = (d: SuppressionDoc): DoNotContactView => ({ since: d.at, by: d.by, reason: openText(d.reason ?? '') });

/** For each person (email and phone), the earliest active do-not-contact entry of either, or null; one read for all. */
export async function suppressionsFor(people: { email?: string | null; phone?: string | null }[]): Promise<(DoNotContactView | null)[]> {
  const keysOf = people.map((p) => contactKeys(p.email, p.phone));
  const found = await activeEntries([...new Set(keysOf.flat())]);
  return keysOf.map((keys) => {
    const docs = keys.map((k) => found.get(k)).filter((d): d is SuppressionDoc => Boolean(d));
    docs.sort((a, b) => a.at.getTime() - b.at.getTime());
    return docs[0] ? viewOf(docs[0]) : null;
  });
}

/** One person's mark, or null. */
export async function suppressionOf(email?: string | null, phone?: string | null): Promise<DoNotContactView | null> {
  return (await suppressionsFor([{ email, phone }]))[0] ?? null;
}

/**
 * Records the keys as "do not contact". A key already listed keeps its first date; one that was lifted
 * becomes active again with this request's date. Answers how many keys were newly suppressed.
 */
export async function suppressKeys(keys: string[], entry: Pick<SuppressionDoc, 'by' | 'reason' | 'via'>, at = new Date()): Promise<number> {
  let added = 0;
  for (const key of keys) {
    const ids = hashIds(key);
    const existing = await suppressions().findOne({ _id: { $in: ids } });
    if (existing?.active) continue;
    const doc = {
      kind: key.startsWith('email:') ? 'email' : 'phone',
      active: true,
      at,
      ...entry,
      reason: sealText(entry.reason),
      lifted: null,
    } as const;
    if (existing) await suppressions().updateOne({ _id: existing._id, active: false }, { $set: doc });
    else await suppressions().updateOne({ _id: ids[0]! }, { $setOnInsert: doc }, { upsert: true });
    added++;
  }
  return added;
}

/** Lifts the active entries of the keys, keeping who lifted them, when and why. Answers how many were lifted. */
export async function liftKeys(keys: string[], lifted: { by: string; reason: string }, at = new Date()): Promise<number> {
  const ids = keys.flatMap(hashIds);
  if (!ids.length) return 0;
  const r = await suppressions().updateMany(
    { _id: { $in: ids }, active: true },
    { $set: { active: false, lifted: { at, ...lifted, reason: sealText(lifted.reason) } } },
  );
  return r.modifiedCount;
}

/** Every entry (active or lifted) of the keys, reasons opened, for a privacy request's export. */
export async function entriesOfKeys(keys: string[]): Promise<SuppressionDoc[]> {
  const ids = keys.flatMap(hashIds);
  const docs = ids.length
    ? await suppressions()
        .find({ _id: { $in: ids } })
        .toArray()
    : [];
  return docs.map((d) => ({
    ...d,
    reason: openText(d.reason ?? ''),
    lifted: d.lifted ? { ...d.lifted, reason: openText(d.lifted.reason ?? '') } : null,
  }));
}

/**
 * An erasure: the entries of the keys stay (the request must still be honoured and proved) but lose
 * their free text, which may name the person or their health. Answers how many were changed.
 */
export async function clearReasons(keys: string[]): Promise<number> {
  const ids = keys.flatMap(hashIds);
  if (!ids.length) return 0;
  const [set, lift] = await Promise.all([
    suppressions().updateMany({ _id: { $in: ids } }, { $set: { reason: '' } }),
    suppressions().updateMany({ _id: { $in: ids }, lifted: { $ne: null } }, { $set: { 'lifted.reason': '' } }),
  ]);
  return Math.max(set.matchedCount, lift.matchedCount);
}
