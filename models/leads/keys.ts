// Keys of recent submissions, one small document per email and per phone number, so the 24-hour
// duplicate check of a new lead is two lookups by _id instead of a search through every lead.
import mongoose from 'mongoose';
import { isDuplicateKey } from '../../server/errors.ts';

/** `_id: "email:<address>"` or `"phone:<digits>"`: the first lead of the current 24-hour window and when it came. */
const keyDocs = () => mongoose.connection.collection<KeyDoc>('lead_keys');

interface KeyDoc {
  _id: string;
  leadId: mongoose.Types.ObjectId;
  at: Date;
}

export const leadKeys = (email: string, phoneDigits: string) => [`email:${email.toLowerCase()}`, `phone:${phoneDigits}`];

/**
 * Keys an older lead of the same number may hold: before phones were stored in one form
 * (schemas/phone.ts) a US number typed with its country code kept it in its key ("phone:1303…").
 * Read, never taken, so such a lead still counts as the first of its window.
 */
export const legacyPhoneKeys = (phoneDigits: string) => (phoneDigits.length === 10 ? [`phone:1${phoneDigits}`] : []);

/**
 * Takes a key for a new lead: answers the earlier holder when that one came within the window,
 * otherwise makes the new lead the holder. Inserting is atomic on the unique _id, so of two
 * first submissions at once exactly one holds the key and the other is its duplicate.
 */
async function takeKey(key: string, leadId: mongoose.Types.ObjectId, now: Date, windowMs: number, retried = false): Promise<KeyDoc | null> {
  let before: KeyDoc | null;
  try {
    before = (await keyDocs().findOneAndUpdate(
      { _id: key },
      { $setOnInsert: { leadId, at: now } },
      { upsert: true, returnDocument: 'before' },
    )) as KeyDoc | null;
  } catch (err) {
    // Two upserts of a new key at once: one inserts, the other retries and finds it.
    if (isDuplicateKey(err) && !retried) return takeKey(key, leadId, now, windowMs, true);
    throw err;
  }
  if (!before) return null;
  if (now.getTime() - before.at.getTime() < windowMs) return before;
  // The window of the earlier lead has passed: this lead starts a new one.
  await keyDocs().updateOne({ _id: key }, { $set: { leadId, at: now } });
  return null;
}

/**
 * The first lead of the window this new lead falls in by email or phone, or null when it is first. Of
 * the leads holding its keys, itself included when it took one, the earliest (then the smallest id) is
 * the first: two submissions at once that each took one of the two keys agree which one came first.
 */
export async function firstOfWindow(
  leadId: mongoose.Types.ObjectId,
  keys: string[],
  now: Date,
  windowMs: number,
  alsoRead: string[] = [],
): Promise<mongoose.Types.ObjectId | null> {
  const [taken, older] = await Promise.all([
    Promise.all(keys.map((k) => takeKey(k, leadId, now, windowMs))),
    alsoRead.length
      ? keyDocs()
          .find({ _id: { $in: alsoRead } })
          .toArray()
      : [],
  ]);
  const inWindow = (older as KeyDoc[]).filter((k) => now.getTime() - k.at.getTime() < windowMs);
  const own = taken.includes(null) ? [{ _id: '', leadId, at: now }] : [];
  const held = [...taken, ...inWindow, ...own].filter((k): k is KeyDoc => k !== null);
  held.sort((a, b) => a.at.getTime() - b.at.getTime() || String(a.leadId).localeCompare(String(b.leadId)));
  const first = held[0]?.leadId ?? null;
  return first && !first.equals(leadId) ? first : null;
}

/** Lets go of the keys a deleted lead holds, so a later submission is not called its duplicate. */
export async function releaseLeadKeys(leadId: unknown, keys: string[]): Promise<void> {
  await Promise.all(
    keys.map(async (key) => {
      const doc = (await keyDocs().findOne({ _id: key })) as KeyDoc | null;
      if (doc && String(doc.leadId) === String(leadId)) await keyDocs().deleteOne({ _id: key });
    }),
  );
}
