// My work without the people who asked not to be contacted (README.md, Contact rules): their leads leave the call lists.
import type { MyWork } from '../../schemas/lead.ts';
import { suppressionsFor } from './suppression-store.ts';

/** The agent's day with every suppressed lead taken out of its lists and its count; one read of the list. */
export async function withoutDoNotContact(work: MyWork): Promise<MyWork> {
  const all = [...work.overdue, ...work.today, ...work.nearingPromise];
  if (!all.length) return work;
  const marks = await suppressionsFor(all);
  const blocked = new Set(all.filter((_, i) => marks[i]).map((l) => l.leadId));
  if (!blocked.size) return work;
  const keep = <T extends { leadId: string }>(rows: T[]) => rows.filter((l) => !blocked.has(l.leadId));
  const [overdue, today, nearingPromise] = [keep(work.overdue), keep(work.today), keep(work.nearingPromise)];
  return { ...work, overdue, today, nearingPromise, count: overdue.length + today.length + nearingPromise.length };
}
