// Walks every encrypted field of the database (medical details, notes, authenticator secrets, and the
// reasons of do-not-contact entries and of medical reads): at start, seals values still stored in plain text
// (records from before encryption, or written by an older version); during `npm run keys:rotate`,
// re-encrypts every value under the current key. Each value is replaced only if it is still what
// was read (compare and set), so concurrent saves and a second server doing the same walk lose nothing.
// It spans the domains that keep sealed values: the fields are models/keys', the papers models/compliance',
// the recovery codes models/auth'.
import mongoose from 'mongoose';
import { currentKey, encryptField, isEncrypted, keyIdOf, openText } from '../../server/field-crypto.ts';
import { CUSTOMER_SEALED, FACTOR_SEALED, LEAD_SEALED } from '../keys';
import { SEALED_DETAIL_ACTIONS } from '../audit';
import { countLegacyRecoveryCodes, hashLegacyRecoveryCodes } from '../auth';
import { countStalePapers, resealPapers } from '../compliance';

/** Collections and their sealed fields (a dotted path reaches into a sub-document), in the documents `filter` picks. */
const FLAT: { collection: string; fields: readonly string[]; filter?: Record<string, unknown> }[] = [
  { collection: 'customers', fields: CUSTOMER_SEALED },
  { collection: 'leads', fields: LEAD_SEALED },
  { collection: 'staff_factors', fields: FACTOR_SEALED },
  // Why a person asked not to be contacted, and why the mark was lifted (models/privacy/suppression-store.ts).
  { collection: 'suppressions', fields: ['reason', 'lifted.reason'] },
  // The reason typed to open a customer's medical details (models/audit/log.ts).
  { collection: 'auditentries', fields: ['detail'], filter: { action: { $in: SEALED_DETAIL_ACTIONS } } },
];

/** The value at a dotted path of a document. */
const at = (doc: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), doc);

/** The projection of the fields: their top-level names (sub-documents are read whole). */
const projectionOf = (fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f.split('.')[0]!, 1]));
/** Lead timelines keep the start of each notes change in `entries[].note`. */
const TIMELINES = 'lead_timelines';

export type WalkMode = 'plain' | 'rotate';

/** Whether a stored value needs work: plain text always; in 'rotate' also any other key than the current. */
function needs(v: unknown, mode: WalkMode, kid: string): v is string {
  if (typeof v !== 'string' || v === '') return false;
  if (!isEncrypted(v)) return true;
  return mode === 'rotate' && keyIdOf(v) !== kid;
}

const reseal = (v: string) => encryptField(openText(v));

async function walkFlat({ collection, fields, filter = {} }: (typeof FLAT)[number], mode: WalkMode): Promise<number> {
  const coll = mongoose.connection.collection(collection);
  const kid = currentKey().kid;
  let changed = 0;
  for await (const doc of coll.find(filter, { projection: projectionOf(fields) })) {
    for (const f of fields) {
      const v = at(doc, f);
      if (!needs(v, mode, kid)) continue;
      const res = await coll.updateOne({ _id: doc._id, [f]: v }, { $set: { [f]: reseal(v) } });
      changed += res.modifiedCount;
    }
  }
  return changed;
}

async function walkTimelines(mode: WalkMode): Promise<number> {
  const coll = mongoose.connection.collection(TIMELINES);
  const kid = currentKey().kid;
  let changed = 0;
  for await (const doc of coll.find({})) {
    const entries = (doc.entries ?? []) as { note?: unknown }[];
    if (!entries.some((e) => needs(e.note, mode, kid))) continue;
    const next = entries.map((e) => (needs(e.note, mode, kid) ? { ...e, note: reseal(e.note) } : e));
    // An entry pushed meanwhile changes the length: this document is left for the next pass.
    const res = await coll.updateOne({ _id: doc._id, entries: { $size: entries.length } }, { $set: { entries: next } });
    changed += res.modifiedCount;
  }
  return changed;
}

/** One pass over every sealed field; answers how many values it changed. */
export async function walkSealedFields(mode: WalkMode): Promise<number> {
  let changed = 0;
  for (const t of FLAT) changed += await walkFlat(t, mode);
  changed += await walkTimelines(mode);
  // Paper forms of compliance records are sealed as bytes from the start; a rotation re-seals them.
  if (mode === 'rotate') changed += await resealPapers();
  // Recovery codes are hashed, not sealed: the fast hashes of older versions are wrapped once.
  changed += await hashLegacyRecoveryCodes();
  return changed;
}

/** How many stored values are plain or under another key than the current one. */
export async function countStale(): Promise<number> {
  const kid = currentKey().kid;
  let n = 0;
  for (const t of FLAT) {
    for await (const doc of mongoose.connection.collection(t.collection).find(t.filter ?? {}, { projection: projectionOf(t.fields) })) {
      for (const f of t.fields) if (needs(at(doc, f), 'rotate', kid)) n++;
    }
  }
  for await (const doc of mongoose.connection.collection(TIMELINES).find({})) {
    for (const e of (doc.entries ?? []) as { note?: unknown }[]) if (needs(e.note, 'rotate', kid)) n++;
  }
  return n + (await countStalePapers()) + (await countLegacyRecoveryCodes());
}
