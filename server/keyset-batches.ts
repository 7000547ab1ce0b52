// Every document a filter keeps, in the order of one date field and `_id`, read a page at a time where
// each page starts after the last one sent (a keyset, not an offset): each read is a sorted page with a
// limit on an exact date condition, which the embedded engine answers from its index, while one
// unlimited sorted cursor makes it decode and sort every document first
// (docs/decisions/007-engine-pushdown.md, "Sorted pages"). Documents stored or removed meanwhile shift
// nothing: a page never repeats or skips what an earlier one sent.
import type { FilterQuery, Model, ProjectionType, SortOrder } from 'mongoose';

/** The earliest and latest dates a BSON date holds: bounds that keep every date and nothing else. */
const EARLIEST = new Date(-8.64e15);
const LATEST = new Date(8.64e15);

interface Keyed {
  _id: unknown;
}

/** Filters combined, empty ones left out. */
function and<T>(...filters: FilterQuery<T>[]): FilterQuery<T> {
  const parts = filters.filter((f) => Object.keys(f).length > 0);
  return parts.length === 1 ? parts[0] : { $and: parts };
}

/**
 * The documents of `filter` by `field` (a date) in direction `dir`, ties by `_id` the same way, as
 * batches of `size` (the first of `first`): null or missing dates come first ascending and last
 * descending, as MongoDB sorts them.
 */
export async function* keysetBatches<R extends Keyed, T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any -- any model
  model: Model<T>,
  options: { filter: FilterQuery<T>; field: string; dir: 1 | -1; select: ProjectionType<T>; size: number; first?: number },
): AsyncGenerator<R[]> {
  const { filter, field, dir, select, size } = options;
  const sort: Record<string, SortOrder> = { [field]: dir, _id: dir };
  const after = dir === 1 ? '$gt' : '$lt';
  const read = (f: FilterQuery<T>, limit: number) =>
    limit > 0 ? model.find(f).sort(sort).limit(limit).select(select).lean<R[]>().exec() : Promise.resolve([] as R[]);
  let limit = Math.min(options.first ?? size, size);

  async function* undated(): AsyncGenerator<R[]> {
    let lastId: unknown = null;
    for (;;) {
      const page = await read(
        and(filter, { [field]: null } as FilterQuery<T>, lastId === null ? {} : ({ _id: { [after]: lastId } } as FilterQuery<T>)),
        limit,
      );
      if (page.length) yield page;
      if (page.length < limit) return;
      lastId = page[page.length - 1]._id;
      limit = size;
    }
  }

  if (dir === 1) yield* undated();
  let last: { at: Date; id: unknown } | null = null;
  for (;;) {
    // The rest of the instant the last page ended in (few documents: found by the date's index), then
    // the dates after it.
    const tied = last ? await read(and(filter, { [field]: last.at, _id: { [after]: last.id } }), limit) : [];
    const bound = last ? { [after]: last.at } : dir === 1 ? { $gte: EARLIEST } : { $lte: LATEST };
    const page = tied.concat(await read(and(filter, { [field]: bound } as FilterQuery<T>), limit - tied.length));
    if (page.length) yield page;
    if (page.length < limit) break;
    const end = page[page.length - 1] as R & Record<string, unknown>;
    last = { at: end[field] as Date, id: end._id };
    limit = size;
  }
  if (dir === -1) yield* undated();
}
