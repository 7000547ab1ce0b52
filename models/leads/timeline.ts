// A lead's timeline: one document per lead (`_id` = the lead's id) holding what happened to it, so
// the lead record reads it with one keyed lookup (docs/product.md §10). Entries are written beside
// the activity log's; leads older than the timeline get theirs made up from their own fields.
import mongoose from 'mongoose';
import type { CallOutcome, LeadStatus, TimelineEntry } from '../../schemas/lead.ts';
import { openText, sealText } from '../../server/field-crypto.ts';

/** Entries kept per lead, newest last. */
export const TIMELINE_KEEP = 500;
/** A notes entry keeps the start of the new notes: the lead holds them whole. */
export const TIMELINE_NOTE_MAX = 500;
/** Who "did" a visitor's submission. */
export const WEBSITE_USER = 'Website';

interface TimelineDoc {
  _id: mongoose.Types.ObjectId;
  entries: TimelineEntry[];
}

const timelines = () => mongoose.connection.collection<TimelineDoc>('lead_timelines');

const idOf = (leadId: unknown) => new mongoose.Types.ObjectId(String(leadId));

/** The stored form of an entry: fields left undefined are not written (the driver would store null). */
function stored(entry: TimelineEntry): TimelineEntry {
  const kept = Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined)) as unknown as TimelineEntry;
  return 'note' in kept ? { ...kept, note: sealText(kept.note) } : kept; // notes are encrypted at rest
}

/**
 * Appends entries, in the order given. `$slice` keeps the last TIMELINE_KEEP on MongoDB; the embedded engine ignores
 * it, so reading the record trims there (readTimeline). $push on one keyed document is atomic: many
 * entries written at once all land.
 */
export async function addTimelineEntry(leadId: unknown, ...entries: TimelineEntry[]): Promise<void> {
  if (!entries.length) return;
  await timelines().updateOne(
    { _id: idOf(leadId) },
    { $push: { entries: { $each: entries.map(stored), $slice: -TIMELINE_KEEP } } },
    { upsert: true },
  );
}

/** Drops a deleted lead's timeline. */
export async function dropTimeline(leadId: unknown): Promise<void> {
  await timelines().deleteOne({ _id: idOf(leadId) });
}

/** The start of a note as a timeline entry keeps it. */
export const clipNote = (text: string) => (text.length > TIMELINE_NOTE_MAX ? `${text.slice(0, TIMELINE_NOTE_MAX - 1)}…` : text);

/** What the timeline needs of a lead to make up entries written before it existed. */
export interface TimelineLead {
  _id: unknown;
  createdAt: Date;
  source?: string | null;
  claimedBy?: string | null;
  claimedAt?: Date | null;
  lastCall?: { at?: Date | null; outcome?: string | null; by?: string | null } | null;
}

const createdEntry = (lead: TimelineLead): TimelineEntry => ({
  at: lead.createdAt,
  kind: 'created',
  // An older staff-added lead does not say who added it.
  user: lead.source === 'admin' ? 'Staff' : WEBSITE_USER,
});

/** A lead older than the timeline: its arrival, its claim and its last call, from its own fields. */
function madeUp(lead: TimelineLead): TimelineEntry[] {
  const entries = [createdEntry(lead)];
  if (lead.claimedBy && lead.claimedAt) {
    entries.push({ at: lead.claimedAt, kind: 'claimed', user: lead.claimedBy, claimedBy: lead.claimedBy });
  }
  if (lead.lastCall?.at && lead.lastCall.outcome) {
    entries.push({ at: lead.lastCall.at, kind: 'call', user: lead.lastCall.by ?? '', outcome: lead.lastCall.outcome as CallOutcome });
  }
  return entries;
}

/**
 * A lead's timeline, newest first. Entries written at the same moment by concurrent requests may
 * land out of order, so they are ordered by time (a stable sort keeps the write order of equal times).
 */
export async function readTimeline(lead: TimelineLead): Promise<TimelineEntry[]> {
  const doc = await timelines().findOne({ _id: idOf(lead._id) });
  let entries = doc?.entries ?? madeUp(lead);
  // An older lead's timeline begins at its first change under this feature: its arrival is made up.
  if (doc && !entries.some((e) => e.kind === 'created')) entries = [createdEntry(lead), ...entries];
  if (doc && doc.entries.length > TIMELINE_KEEP) await trim(doc);
  const ordered = entries.map((e, i) => ({ e, i })).sort((a, b) => a.e.at.getTime() - b.e.at.getTime() || a.i - b.i);
  return ordered
    .slice(-TIMELINE_KEEP)
    .reverse()
    .map(({ e }) => ('note' in e ? { ...e, note: openText(e.note) } : e));
}

/** Keeps the last TIMELINE_KEEP entries; only if no entry was added since the read (the length is the check). */
async function trim(doc: TimelineDoc): Promise<void> {
  const { length } = doc.entries;
  await timelines()
    .updateOne({ _id: doc._id, entries: { $size: length } }, { $set: { entries: doc.entries.slice(-TIMELINE_KEEP) } })
    .catch(() => undefined); // a trim that fails is tried again on the next read
}

/** The entries of a change of status and/or notes (models/leads/lead.ts updateLead): one for each that differs from `was`. */
export function updateEntries(
  user: string,
  change: { status?: LeadStatus; notes?: string },
  was: { status: string; notes?: string | null },
): TimelineEntry[] {
  const at = new Date();
  const entries: TimelineEntry[] = [];
  if (change.status !== undefined && change.status !== was.status) entries.push({ at, kind: 'status', user, status: change.status });
  if (change.notes !== undefined && change.notes !== openText(was.notes ?? ''))
    entries.push({ at, kind: 'notes', user, note: clipNote(change.notes) });
  return entries;
}
