// Answers that are a whole collection, written while they are read: a JSON array or a text file (CSV)
// from batches of rows (a database cursor), so neither the server nor the database holds the whole
// answer. The first batch is read before anything is sent: a failure there is still an ordinary error
// answer; a failure later can only cut the answer short (the connection is closed, never a 200 that
// looks whole).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';

/**
 * Text is handed to the socket in pieces of about this size (one write per row costs more than the row),
 * and never more than one piece waits in the stream: V8 allocates a string over 128 KiB as a large object,
 * which a young-generation collection cannot free while it waits, so bigger pieces or a deeper queue
 * pile up in the old generation during a long answer (the full lead list grew the server by 150 MiB).
 */
const PIECE = 32 * 1024;

/** Batches of `size` documents from a source of documents (a Mongoose or driver cursor, or a generator). */
export async function* inBatches<T>(source: AsyncIterable<T> | Iterable<T>, size = 500): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of source) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** The text of the chunks, in pieces of about PIECE characters. */
async function* pieces(rest: AsyncIterator<string>): AsyncGenerator<string> {
  let pending = '';
  for (let next = await rest.next(); !next.done; next = await rest.next()) {
    pending += next.value;
    if (pending.length < PIECE) continue;
    yield pending;
    pending = '';
  }
  if (pending) yield pending;
}

/**
 * Sends `chunks` as the body with `headers` (status 200); the first chunk is awaited before the headers go.
 * Resolves when the answer is complete, or when the client went away (the source is then closed). The
 * first chunk leaves at once, through the compression stream too (its flush), so the client sees the
 * answer start while the rest is read; the rest is piped, so a client that reads slower than the rows
 * come holds the reading back (one 'drain' listener for the whole answer).
 */
export async function streamText(res: Response, headers: Record<string, string>, chunks: AsyncIterable<string>): Promise<void> {
  const it = chunks[Symbol.asyncIterator]();
  const first = await it.next(); // a failure here is an ordinary error answer
  res.status(200).set(headers);
  if (first.done) {
    res.end();
    return;
  }
  res.write(first.value);
  (res as Response & { flush?: () => void }).flush?.();
  // A failure after this destroys the response: the client sees the answer cut short, never whole.
  await pipeline(Readable.from(pieces(it), { highWaterMark: 1 }), res).catch(() => it.return?.(undefined));
}

/** Items whose JSON text makes one chunk: well under PIECE for a lead or a customer. */
const ITEMS_PER_CHUNK = 50;

/** The JSON text of an array, from batches of items, `[` … `]`, ITEMS_PER_CHUNK items a chunk. */
export async function* jsonArrayText(batches: AsyncIterable<readonly unknown[]>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const batch of batches)
    for (let at = 0; at < batch.length; at += ITEMS_PER_CHUNK) {
      const items = batch
        .slice(at, at + ITEMS_PER_CHUNK)
        .map((item) => JSON.stringify(item))
        .join(',');
      yield first ? items : `,${items}`;
      first = false;
    }
  yield ']';
}

/** Answers a JSON array (200) written from batches of items; the same body `res.json(array)` would send. */
export function streamJsonArray(res: Response, batches: AsyncIterable<readonly unknown[]>): Promise<void> {
  // '[' alone is not worth the first-chunk wait: the first batch is read before the headers go.
  return streamText(res, { 'Content-Type': 'application/json; charset=utf-8' }, prefetched(jsonArrayText(batches)));
}

/** A text source whose first yielded chunk includes the first batch's text (so a failure to read it comes first). */
async function* prefetched(source: AsyncGenerator<string>): AsyncGenerator<string> {
  const opening = await source.next(); // '['
  if (opening.done) return;
  const firstBatch = await source.next();
  yield opening.value + (firstBatch.done ? '' : firstBatch.value);
  if (!firstBatch.done) yield* source;
}
