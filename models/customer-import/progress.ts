// The progress of the imports this server is applying, kept in memory for the console's progress bar
// (polled by import id), and the rule that one server applies one import at a time.
import type { ImportProgress } from '../../schemas/customer-import.ts';
import { conflict } from '../../server/errors.ts';

/** How long a finished import's progress stays readable. */
const KEEP_MS = 10 * 60_000;
const entries = new Map<string, ImportProgress & { owner: string; at: number }>();
let running = false;

function prune(now: number) {
  for (const [id, e] of entries) if (e.state !== 'running' && now - e.at > KEEP_MS) entries.delete(id);
}

/** Runs `work` as the one import of this server, reporting its progress under `importId` (when given). */
export async function trackImport<T>(
  importId: string | undefined,
  owner: string,
  work: (onProgress: (done: number, total: number) => void) => Promise<T>,
): Promise<T> {
  if (running) throw conflict('Another import is being applied. Wait for it to finish, then try again.');
  running = true;
  prune(Date.now());
  const entry = { state: 'running' as ImportProgress['state'], done: 0, total: 0, owner, at: Date.now() };
  if (importId) entries.set(importId, entry);
  try {
    const result = await work((done, total) => Object.assign(entry, { done, total, at: Date.now() }));
    Object.assign(entry, { state: 'done', at: Date.now() });
    return result;
  } catch (err) {
    Object.assign(entry, { state: 'failed', error: err instanceof Error ? err.message : 'The import failed', at: Date.now() });
    throw err;
  } finally {
    running = false;
  }
}

/** An import's progress as its owner sees it; unknown (or another's) reads as not found. */
export function importProgress(importId: string, owner: string): ImportProgress | null {
  const e = entries.get(importId);
  if (!e || e.owner !== owner) return null;
  return { state: e.state, done: e.done, total: e.total, ...(e.error ? { error: e.error } : {}) };
}
