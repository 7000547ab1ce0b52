// The list's entries held in this process between searches: a search, a column sort and the Overdue
// filter need every entry, and reading every entry document from the embedded engine takes seconds
// at 100,000 leads. Each entry document has a token in its range document (`v<bucket>`, counters.ts
// bucketToken) that a fresh value replaces after every move of an entry in it (write.ts, rebuild.ts),
// so a document whose token is unchanged since this process read it holds nothing newer and is not
// read again; one without a token is always read. A write that crashed between its move and its token
// leaves a pending note: while an old one is there every document is read, until the start-up check
// resolves it (its recount gives every document a fresh token). docs/decisions/004-lead-read-model.md.
import mongoose from 'mongoose';
import { BUCKET, RANGE, counters, lastSeq, readBuckets, readCounters, type LeadCounters } from './counters.ts';
import { entriesOf, type Entry } from './entry.ts';
import { STALE_MS } from './write.ts';

/**
 * Entry documents as last read: the token they were read under, and their entries packed into one string
 * (packEntries), decoded on each use. One string per document holds an entry in about half the memory
 * of its own key and text strings in an object (30 MiB at 100,000 leads, `npm run bench memory`), and a
 * decoded entry takes several times that; decoding them all takes a few tens of ms.
 */
const held = new Map<number, { token: string; packed: string }>();

/** An entry document's stored entries as one string: per entry its key, the text's length and the text. */
function packEntries(fields: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, stored] of Object.entries(fields))
    if (typeof stored === 'string' && !key.includes(' ')) parts.push(key, String(stored.length), stored);
  // join makes one flat string (one built by += is a tree that keeps every piece); '' ends it with a space.
  return parts.length ? [...parts, ''].join(' ') : '';
}

/** packEntries' string back as the entry document's fields (keys hold no space: entry.ts entryKey). */
function unpackEntries(packed: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (let at = 0; at < packed.length;) {
    const keyEnd = packed.indexOf(' ', at);
    const lengthEnd = packed.indexOf(' ', keyEnd + 1);
    const end = lengthEnd + 1 + Number(packed.slice(keyEnd + 1, lengthEnd));
    fields[packed.slice(at, keyEnd)] = packed.slice(lengthEnd + 1, end);
    at = end + 1;
  }
  return fields;
}

/** Range documents by _id, 100 to a query: they hold the tokens of their ten entry documents. */
async function tokensOf(lastBucket: number): Promise<Map<number, string>> {
  const ids = Array.from({ length: Math.floor((lastBucket * BUCKET) / RANGE) + 1 }, (_, r) => `r${r}`);
  const tokens = new Map<number, string>();
  for (let at = 0; at < ids.length; at += 100) {
    const docs = await counters()
      .find({ _id: { $in: ids.slice(at, at + 100) } })
      .toArray();
    for (const doc of docs)
      for (const [k, v] of Object.entries(doc))
        if (/^v\d+$/.test(k) /* counters.ts bucketToken */ && typeof v === 'string') tokens.set(Number(k.slice(1)), v);
  }
  return tokens;
}

const crashedNoteIn = (c: LeadCounters) =>
  Object.keys(c.p ?? {}).some((m) => new mongoose.Types.ObjectId(m).getTimestamp().getTime() < Date.now() - STALE_MS);

/** Every entry of the list, reading only the entry documents changed since this process last read them. */
export async function everyEntry(c: LeadCounters): Promise<Entry[]> {
  const last = Math.floor((await lastSeq()) / BUCKET);
  // Tokens first, then the documents: a move after this read replaces its token after it, so it shows next time.
  const tokens = crashedNoteIn(c) ? new Map<number, string>() : await tokensOf(last);
  const read = new Map<number, Record<string, unknown>>();
  const stale: number[] = [];
  for (let b = 0; b <= last; b++) if (!tokens.has(b) || held.get(b)?.token !== tokens.get(b)) stale.push(b);
  for (const b of held.keys()) if (b > last) held.delete(b);
  const chunks = Array.from({ length: Math.ceil(stale.length / 100) }, (_, i) => stale.slice(i * 100, i * 100 + 100));
  // Four queries at a time, as allBuckets reads them.
  for (let at = 0; at < chunks.length; at += 4)
    await Promise.all(
      chunks.slice(at, at + 4).map(async (chunk) => {
        const docs = await readBuckets(chunk);
        chunk.forEach((b, i) => read.set(b, docs[i]));
      }),
    );
  for (const [b, stored] of read) {
    const token = tokens.get(b);
    if (token) held.set(b, { token, packed: packEntries(stored) });
    else held.delete(b);
  }
  const out: Entry[] = [];
  for (let b = 0; b <= last; b++) {
    const fields = read.get(b) ?? unpackEntries(held.get(b)?.packed ?? '');
    for (const e of entriesOf(fields)) out.push(e);
  }
  return out;
}

/**
 * Reads every entry document once, after the start-up check (server.ts): the first search, sort or
 * dashboard then reads only what changed since, and the memory the held entries take is part of the
 * server's idle level from the start instead of appearing with the first search.
 */
export async function warmEntryCache(): Promise<void> {
  await everyEntry(await readCounters());
}
