// Random well-typed documents and queries for the engine's sorted-page and group pushdown: fields of
// one type each (or null, or missing), with many equal values so ties cross page boundaries, and
// the filters, sorts, skips, limits and groups the lead list sends. Rows of another type or an
// array are added by the test itself, to check that the pushdown then steps aside.
import mongoose from 'mongoose';
import { fields as mixedFields, type Rand } from './pushdown-cases.ts';

const { Int32, Long, ObjectId } = mongoose.mongo;

const statuses = ['unclaimed', 'claimed', 'won', 'lost', 'Won', 'won '];
const names = ['Ann', 'ann', 'Bob', 'Émile', 'Zoë', 'a"b', 'a\\b', '', 'lead 12', 'Lead 12', 'z'];
const agents = ['agent-1', 'agent-2', 'agent-3'];
const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 86_400_000 + (i % 3));
const ints = [
  () => new Int32(0),
  () => new Int32(-4),
  () => new Int32(7),
  () => Long.fromNumber(7),
  () => Long.fromString('9007199254740993'),
];

/** `value()` most of the time, sometimes null, sometimes missing (undefined). */
function maybe(r: Rand, value: () => unknown): unknown {
  const roll = r.next();
  return roll < 0.08 ? undefined : roll < 0.14 ? null : value();
}

export function cleanDocument(r: Rand, i: number): Record<string, unknown> {
  const doc: Record<string, unknown> = {
    _id: ObjectId.createFromHexString((0x1000 + i).toString(16).padStart(24, '0')),
    k: new Int32(i % 5),
    status: maybe(r, () => r.pick(statuses)),
    assignedTo: maybe(r, () => r.pick(agents)),
    name: maybe(r, () => r.pick(names)),
    createdAt: maybe(r, () => day(r.int(12))),
    followUpAt: r.chance(0.5) ? undefined : maybe(r, () => day(r.int(30))),
    n: maybe(r, () => r.pick(ints)()),
    flag: maybe(r, () => r.chance(0.5)),
  };
  for (const k of Object.keys(doc)) if (doc[k] === undefined) delete doc[k];
  return doc;
}

export const cleanFields = ['status', 'assignedTo', 'name', 'createdAt', 'followUpAt', 'n', 'flag'];

/** A filter of the shapes the lead list sends (exact ones mostly), or a random one. */
export function cleanFilter(r: Rand, random: () => Record<string, unknown>): Record<string, unknown> {
  const range = () => {
    const a = r.int(14);
    return r.pick([{ $gte: day(a), $lt: day(a + 1 + r.int(6)) }, { $lt: day(a) }, { $gte: day(a) }]);
  };
  switch (r.int(10)) {
    case 0:
      return {};
    case 1:
      return { status: r.pick(statuses) };
    case 2:
      return { status: { $in: [r.pick(statuses), r.pick(statuses)] } };
    case 3:
      return { status: r.pick(statuses), assignedTo: r.chance(0.3) ? null : r.pick(agents) };
    case 4:
      return { createdAt: range() };
    case 5:
      return { status: r.pick(statuses), followUpAt: { $lt: day(r.int(30)) } };
    case 6:
      return { $or: [{ status: r.pick(statuses) }, { assignedTo: r.pick(agents) }] };
    case 7:
      return { status: { $in: [r.pick(statuses), null] }, createdAt: range() };
    default:
      return random();
  }
}

/** One or two sort fields, usually followed by _id (the lead list's total orders), sometimes not. */
export function pageSort(r: Rand, fields: string[]): Record<string, 1 | -1> {
  const s: Record<string, 1 | -1> = {};
  for (let i = 0, n = 1 + r.int(2); i < n; i++) s[r.pick(fields)] = r.pick([1, -1] as const);
  if (r.chance(0.85)) s._id = r.chance(0.8) ? (Object.values(s)[0] as 1 | -1) : r.pick([1, -1] as const);
  return s;
}

export const mixedSortFields = mixedFields.filter((f) => f !== 'meta');
