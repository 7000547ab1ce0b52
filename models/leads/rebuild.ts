// Rebuilding the lead read model from the leads (`npm run db:recount`, the start-up check), and
// resolving the changes a crash left half-counted. docs/decisions/004-lead-read-model.md.
import mongoose from 'mongoose';
import { logger } from '../../server/logger.ts';
import {
  CLAIM_WAITS_KEPT,
  INDEX_VERSION,
  bucketOf,
  claimWaits,
  contribution,
  counters,
  entryKey,
  entryText,
  index,
  lastSeq,
  readCounters,
  splitRanges,
  sum,
  type Keyed,
  type PendingChange,
} from './counters.ts';
import { holderCode, type LeadFacts } from './rules.ts';

/**
 * The pending changes a crash left: drops those whose lead write never happened, and reports
 * whether any did happen (then only a rebuild makes the counters right). A change younger than
 * a few seconds may still be running in another server on the same database: it is waited for.
 */
async function settlePending(): Promise<boolean> {
  for (let waited = 0; ; waited += 200) {
    const doc = (await counters().findOne({ _id: 'leads' }, { projection: { p: 1 } })) as { p?: Record<string, PendingChange> } | null;
    const pending = Object.entries(doc?.p ?? {});
    if (!pending.length) return false;
    const youngest = Math.max(...pending.map(([mark]) => new mongoose.Types.ObjectId(mark).getTimestamp().getTime()));
    if (Date.now() - youngest < 3000 && waited < 5000) {
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    const leads = mongoose.connection.collection('leads');
    let happened = false;
    for (const [mark, { lead, op }] of pending) {
      const now = mongoose.isValidObjectId(lead)
        ? await leads.findOne({ _id: new mongoose.Types.ObjectId(lead) }, { projection: { countMark: 1 } })
        : null;
      if (op === 'delete' ? !now : now?.countMark === mark) happened = true;
      else await counters().updateOne({ _id: 'leads' }, { $unset: { [`p.${mark}`]: '' } });
    }
    return happened;
  }
}

/**
 * Remakes the counters and the index from the leads themselves (`npm run db:recount`, and the
 * start-up check). Leads without a number (written around the model: imports, demo data) get the
 * next numbers in arrival order. Reads every lead once: run it while the console is quiet.
 */
export async function rebuildLeadReadModel(): Promise<{ leads: number; numbered: number }> {
  const leads = mongoose.connection.collection('leads');
  const rows = (await leads
    .find(
      {},
      { projection: { seq: 1, status: 1, claimedBy: 1, claimedAt: 1, contactedAt: 1, createdAt: 1, name: 1, email: 1, phoneDigits: 1 } },
    )
    .toArray()) as unknown as LeadFacts[];
  const unnumbered = rows
    .filter((l) => typeof l.seq !== 'number')
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || String(a._id).localeCompare(String(b._id)));
  let seq = Math.max(await lastSeq(), ...rows.map((l) => (typeof l.seq === 'number' ? l.seq : 0)));
  for (let i = 0; i < unnumbered.length; i += 1000) {
    const batch = unnumbered.slice(i, i + 1000);
    for (const l of batch) l.seq = ++seq;
    await leads.bulkWrite(
      batch.map((l) => ({ updateOne: { filter: { _id: l._id as mongoose.Types.ObjectId }, update: { $set: { seq: l.seq } } } })),
      { ordered: false },
    );
  }

  const now = Date.now();
  const all: Record<string, number> = {};
  const buckets = new Map<number, Record<string, string>>();
  for (const l of rows) {
    contribution(l, 1, now, all);
    const b = bucketOf(l.seq!);
    const entries = buckets.get(b) ?? {};
    entries[entryKey(l.seq!, l._id)] = entryText(l);
    buckets.set(b, entries);
  }
  const { main: inc, ranges } = splitRanges(all);
  const doc: Keyed = { _id: 'leads', c: {}, t: {}, w: {}, v: INDEX_VERSION };
  for (const [path, n] of Object.entries(inc)) {
    const [top, mid, leaf] = path.split('.');
    const group = doc[top] as Record<string, unknown>;
    if (leaf === undefined) group[mid] = n;
    else group[mid] = { ...(group[mid] as object), [leaf]: n };
  }
  await index().deleteMany({});
  const docs = [...buckets].map(([b, e]) => ({ _id: `b${b}`, e }));
  for (let i = 0; i < docs.length; i += 50) await index().insertMany(docs.slice(i, i + 50));
  await counters().deleteMany({ _id: { $regex: /^r\d+$/ } });
  const rangeDocs = Object.entries(ranges).map(([_id, tabs]) => ({ _id, ...tabs }));
  for (let i = 0; i < rangeDocs.length; i += 100) await counters().insertMany(rangeDocs.slice(i, i + 100));
  await counters().replaceOne({ _id: 'leads' }, doc, { upsert: true });
  // Each agent's latest claims again, for the medians.
  const claims = new Map<string, { at: Date; m: number }[]>();
  for (const l of rows) {
    if (!l.claimedBy || !l.claimedAt) continue;
    claims.set(l.claimedBy, [
      ...(claims.get(l.claimedBy) ?? []),
      { at: l.claimedAt, m: (l.claimedAt.getTime() - l.createdAt.getTime()) / 60_000 },
    ]);
  }
  await claimWaits().deleteMany({ _id: { $regex: /^claims:/ } });
  for (const [agent, w] of claims) {
    w.sort((a, b) => a.at.getTime() - b.at.getTime());
    await claimWaits().insertOne({ _id: `claims:${holderCode(agent)}`, w: w.slice(-CLAIM_WAITS_KEPT) });
  }
  await counters().updateOne({ _id: 'seq' }, { $max: { n: seq } }, { upsert: true });
  return { leads: rows.length, numbered: unnumbered.length };
}

/**
 * The start-up check: rebuilds when a change was interrupted between a lead's write and its count
 * (countedLeadChange), or the counters are missing, of an older layout, or disagree with the number
 * of leads (writes around the model). Costs one counters read, one estimated count, and one keyed
 * read per interrupted change.
 */
export async function checkLeadReadModel(): Promise<void> {
  const interrupted = await settlePending();
  const [current, stored] = await Promise.all([readCounters(), mongoose.connection.collection('leads').estimatedDocumentCount()]);
  const counted = Object.values(current.c).reduce((a, byStatus) => a + sum(byStatus), 0);
  if (!interrupted && current.v === INDEX_VERSION && counted === stored) return;
  const started = Date.now();
  const { leads, numbered } = await rebuildLeadReadModel();
  logger.info({ leads, numbered, counted, stored, ms: Date.now() - started }, 'lead counters rebuilt');
}
