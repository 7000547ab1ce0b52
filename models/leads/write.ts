// The write protocol of the lead read model (docs/decisions/004-lead-read-model.md): every counted
// write of a lead is noted as pending, made, and then its list entry is moved by compare-and-set on the
// entry's mark, with the counters changed by exactly that move. Concurrent writers, repairs and
// rebuilds on any number of servers only ever move entries this way, so no $inc is overwritten and no
// entry is lost; a rebuild's short freeze (rebuild.ts) holds new writes back, it never drops them.
import mongoose from 'mongoose';
import { isDuplicateKey } from '../../server/errors.ts';
import { LAYOUT_VERSION, applyDelta, bucketOf, counters, entryDocs, moveDelta } from './counters.ts';
import { encodeEntry, entryKey, entryOf, entryWithMark, readEntry, sameFacts, type StoredEntry } from './entry.ts';
import type { LeadFacts } from './rules.ts';
import { LeadModel, type LeadRecord } from './schema.ts';

/** A change of a lead that is pending in the counters: which lead, and whether it is a deletion. */
export interface PendingChange {
  lead: string;
  op: 'write' | 'delete';
}

/** A pending note this old is a crashed writer's (a live one takes milliseconds): rebuild.ts, entry-cache.ts. */
export const STALE_MS = 10_000;

const freshMark = () => new mongoose.Types.ObjectId().toHexString();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const leads = () => mongoose.connection.collection('leads');
export const FACTS_PROJECTION = {
  seq: 1,
  status: 1,
  claimedBy: 1,
  contactedAt: 1,
  createdAt: 1,
  name: 1,
  email: 1,
  phoneDigits: 1,
  source: 1,
  'firstTouch.utmSource': 1,
  'firstTouch.referrerHost': 1,
  countMark: 1,
} as const;

/**
 * Notes a change as pending (`p.<mark>` in the main counters document), unless a rebuild has frozen
 * the counters (`frozen.until`): then it waits until the freeze ends or expires. Nothing is written
 * to the lead before its change is noted, so a frozen recount sees every write that is under way.
 */
async function notePending(mark: string, pending: PendingChange): Promise<void> {
  for (;;) {
    const noted = await counters().updateOne({ _id: 'leads', frozen: { $exists: false } }, { $set: { [`p.${mark}`]: pending } });
    if (noted.matchedCount) return;
    const doc = await counters().findOne({ _id: 'leads' }, { projection: { frozen: 1 } });
    if (!doc) {
      await counters()
        .insertOne({ _id: 'leads', c: {}, t: {}, w: {}, v: LAYOUT_VERSION, p: { [mark]: pending } })
        .then(
          () => undefined,
          (err: unknown) => {
            if (!isDuplicateKey(err)) throw err;
          },
        );
      if ((await counters().countDocuments({ _id: 'leads', [`p.${mark}`]: { $exists: true } })) > 0) return;
      continue;
    }
    const until = (doc.frozen as { until?: Date } | undefined)?.until;
    if (until && until.getTime() < Date.now()) {
      // A freeze whose rebuild died: lifted by whoever notices first.
      await counters().updateOne({ _id: 'leads', 'frozen.until': until }, { $unset: { frozen: '' } });
      continue;
    }
    await sleep(25);
  }
}

const dropPending = (mark: string) => counters().updateOne({ _id: 'leads' }, { $unset: { [`p.${mark}`]: '' } });

/**
 * Moves a lead's entry by compare-and-set: only if it still carries `expect` (null: only if there is
 * none). True when this call made the move, so its counter delta is this call's to apply.
 */
async function moveEntry(seq: number, id: unknown, expect: string | null, next: StoredEntry | null): Promise<boolean> {
  const field = `e.${entryKey(seq, id)}`;
  const filter = { _id: `b${bucketOf(seq)}`, ...(expect === null ? { [field]: { $exists: false } } : { [field]: entryWithMark(expect) }) };
  const update = next ? { $set: { [field]: encodeEntry(next) } } : { $unset: { [field]: '' } };
  try {
    const r = await entryDocs().updateOne(filter, update, { upsert: expect === null && next !== null });
    return r.matchedCount + r.upsertedCount > 0;
  } catch (err) {
    // The upsert of a missing entry met a document that holds one: another writer placed it first.
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}

/**
 * Brings a lead's entry to what the lead says now, whoever else is doing the same: reads the entry,
 * then the lead, and moves the entry from what was read; a lost race reads both again. The entry
 * is read first, so a move that succeeds never puts back an older state of the lead. Answers the
 * counter changes of the move made (none when the entry was right).
 */
export async function syncEntry(id: unknown, seq: number): Promise<Record<string, number>> {
  const _id = new mongoose.Types.ObjectId(String(id));
  const key = entryKey(seq, id);
  for (;;) {
    const doc = await entryDocs().findOne({ _id: `b${bucketOf(seq)}` }, { projection: { [`e.${key}`]: 1 } });
    const was = readEntry(key, (doc?.e as Record<string, unknown> | undefined)?.[key]);
    const lead = (await leads().findOne({ _id }, { projection: FACTS_PROJECTION })) as LeadFacts | null;
    const now = lead && lead.seq === seq ? entryOf(lead, '') : null;
    if (!was && !now) return {};
    if (was && now && sameFacts(was, now)) return {};
    // The lead's own mark when it is new to the entry; a fresh one when the lead changed around the model.
    if (now) now.mark = lead!.countMark && lead!.countMark !== was?.mark ? lead!.countMark : freshMark();
    if (await moveEntry(seq, id, was ? was.mark : null, now)) return moveDelta(seq, was, now);
  }
}

/**
 * Places the entry after a counted write: by one compare-and-set from the version the write replaced
 * (`before`, whose countMark the entry carries when it is current), else by syncEntry.
 */
async function placeEntry(before: LeadFacts | null, after: LeadFacts | null): Promise<Record<string, number>> {
  const lead = after ?? before!;
  if (typeof lead.seq !== 'number') return {}; // unnumbered: rebuild.ts numbers it and places its entry
  const next = after ? entryOf(after, after.countMark ?? freshMark()) : null;
  if ((!before || before.countMark) && (await moveEntry(lead.seq, lead._id, before ? before.countMark! : null, next)))
    return moveDelta(lead.seq, before ? entryOf(before, '') : null, next);
  return syncEntry(lead._id, lead.seq);
}

/**
 * Makes a change of one lead, its entry and its count, crash-safe. The change is first noted as
 * pending, the lead's own write carries the same mark (`countMark`), the entry moves to it, and the
 * counters' $inc clears the pending note in one write. A crash leaves a note that the start-up check
 * (rebuild.ts checkLeadReadModel) finds. `write` answers null when nothing changed; `alongside` runs
 * once it did, at the same time as the count.
 */
export async function countedWrite<T>(
  leadId: unknown,
  op: PendingChange['op'],
  write: (mark: string) => Promise<{ before: LeadFacts | null; after: LeadFacts | null; result: T } | null>,
  alongside?: (result: T) => Promise<unknown>,
): Promise<T | null> {
  const mark = freshMark();
  await notePending(mark, { lead: String(leadId), op });
  let done: Awaited<ReturnType<typeof write>>;
  try {
    done = await write(mark);
  } catch (err) {
    // A write refused before it ran changed nothing. Any other failure (a lost connection, say) may
    // have come after the write went through: the note stays for the start-up check to resolve.
    const refused = ['ValidationError', 'CastError'].includes((err as Error).name) || (err as { code?: number }).code === 11000;
    if (refused) await dropPending(mark).catch(() => undefined);
    throw err;
  }
  if (!done) {
    await dropPending(mark);
    return null;
  }
  const { before, after, result } = done;
  // What follows the change (its log entry, notices) is written beside its count, not after it.
  const seq = (after ?? before)?.seq;
  const moved = typeof seq === 'number' ? [bucketOf(seq)] : [];
  await Promise.all([placeEntry(before, after).then((delta) => applyDelta(delta, mark, moved)), alongside?.(result)]);
  return result;
}

/**
 * One conditional write of a lead with its count: `before` is the lead as the write found it (the
 * engine applies each write to one document atomically), `after` that with `set` applied. Null when
 * the condition no longer holds.
 */
export async function changeLead(
  filter: Record<string, unknown> & { _id: unknown },
  set: Record<string, unknown>,
  alongside?: (change: { before: LeadRecord; after: LeadRecord }) => Promise<unknown>,
): Promise<{ before: LeadRecord; after: LeadRecord } | null> {
  return countedWrite(
    filter._id,
    'write',
    async (countMark) => {
      const before = await LeadModel.findOneAndUpdate(filter, { $set: { ...set, countMark } }, { new: false }).lean<LeadRecord>();
      if (!before) return null;
      const after = { ...before, ...set, countMark } as LeadRecord;
      return { before, after, result: { before, after } };
    },
    alongside,
  );
}
