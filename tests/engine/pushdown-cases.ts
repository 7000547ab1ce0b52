// Random documents and queries for the engine's differential test: mixed BSON types (int, long,
// double, dates, strings, booleans, null, missing fields, arrays, nested documents) and filters of
// every shape the engine pushes down to SQL, and of shapes it must leave alone, from a seed.
import mongoose from 'mongoose';
import { generator } from '../helpers/seeded-random.ts';

const { BSONRegExp, Double, Int32, Long, ObjectId } = mongoose.mongo;

export type Rand = ReturnType<typeof random>;

export function random(seed: number) {
  const next = generator(seed);
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    chance: (p: number) => next() < p,
    pick: <T>(xs: readonly T[]): T => xs[int(xs.length)]!,
  };
}

const oids = ['64b000000000000000000001', '64b000000000000000000002', '0000000000000000000000ff'].map((h) =>
  ObjectId.createFromHexString(h),
);
const dates = [
  new Date(0),
  new Date(-86_400_000),
  new Date('2026-01-01T00:00:00Z'),
  new Date('2026-06-01T12:00:00Z'),
  new Date('2026-06-01T12:00:00.001Z'),
  new Date(1e12),
  new Date(1e13),
];
const numbers = [
  () => new Int32(0),
  () => new Int32(1),
  () => new Int32(-3),
  () => new Int32(42),
  () => new Double(1),
  () => new Double(-0),
  () => new Double(1.5),
  () => new Double(0.1),
  () => new Double(0.30000000000000004),
  () => new Double(-2.5),
  () => new Double(1e21),
  () => new Double(1e-7),
  () => new Double(2 ** 53),
  () => new Double(2 ** 60),
  () => Long.fromNumber(1),
  () => Long.fromNumber(42),
  () => Long.fromNumber(1e12),
  () => Long.fromString('9007199254740993'),
  () => Long.fromString('1152921504606846976'),
  () => Long.fromString('-9223372036854775808'),
];
const strings = [
  'new',
  'won',
  'lost',
  '',
  'New',
  'NEW',
  'a<b',
  'a&b',
  'K',
  '\u212a',
  '\u017f',
  's',
  'lead 12',
  'Lead 123',
  'LEAD 12 x',
  '[x',
  '{y',
  '1',
  'true',
  'null',
  '64b000000000000000000001',
  'é',
  'É',
  'ab"c',
  'a\\b',
  'abc\u2028',
  'zz',
  'new ',
];

/** One scalar of any type the product stores. */
export function scalar(r: Rand): unknown {
  switch (r.int(9)) {
    case 0:
    case 1:
      return r.pick(strings);
    case 2:
    case 3:
      return r.pick(numbers)();
    case 4:
      return r.pick(dates);
    case 5:
      return r.chance(0.5);
    case 6:
      return null;
    case 7:
      return r.pick(oids);
    default:
      return r.pick(strings).toUpperCase();
  }
}

function value(r: Rand): unknown {
  const roll = r.next();
  if (roll < 0.12) return Array.from({ length: r.int(4) }, () => scalar(r));
  if (roll < 0.16) return { a: scalar(r), b: r.pick(strings) };
  return scalar(r);
}

/** The fields, each mostly of one type as a product's fields are, sometimes of any other. */
const typical: Record<string, (r: Rand) => unknown> = {
  status: (r) => r.pick(['new', 'won', 'lost', 'contacted']),
  n: (r) => r.pick(numbers)(),
  createdAt: (r) => r.pick(dates),
  name: (r) => r.pick(strings),
  flag: (r) => r.chance(0.5),
  ref: (r) => r.pick(oids),
};
export const fields = [...Object.keys(typical), 'tags', 'meta'];

export function document(r: Rand, i: number): Record<string, unknown> {
  const doc: Record<string, unknown> = { _id: ObjectId.createFromHexString(i.toString(16).padStart(24, '0')), k: new Int32(i % 7) };
  for (const f of Object.keys(typical)) {
    if (r.chance(0.1)) continue; // missing
    doc[f] = r.chance(0.75) ? typical[f]!(r) : value(r);
  }
  if (r.chance(0.7)) doc.tags = Array.from({ length: r.int(4) }, () => r.pick(strings));
  else if (r.chance(0.5)) doc.tags = value(r);
  if (r.chance(0.5)) doc.meta = { a: scalar(r) };
  return doc;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function regex(r: Rand): unknown {
  const source = r.pick(strings);
  const start = r.int(source.length + 1);
  const lit = source.slice(start, start + 1 + r.int(4)) || 'e';
  const pattern = r.pick(['', '^'])! + r.pick([escapeRe(lit), lit, 'l.ad', 'n|w', 'e$', 'a\\ b'])!;
  const options = r.pick(['', 'i', 'i', 'm']);
  // BSONRegExp sends patterns JavaScript would reject ('[x'), so the engine's own errors are compared too.
  return r.chance(0.5) ? new BSONRegExp(pattern, options) : { $regex: pattern, ...(options ? { $options: options } : {}) };
}

function condition(r: Rand, field: string): unknown {
  const near = () => (r.chance(0.6) ? (typical[field]?.(r) ?? scalar(r)) : scalar(r));
  switch (r.int(14)) {
    case 0:
    case 1:
      return near();
    case 2:
      return { $eq: near() };
    case 3:
    case 4:
      return { $in: Array.from({ length: 1 + r.int(3) }, () => (r.chance(0.1) ? regex(r) : near())) };
    case 5:
      return r.chance(0.5) ? { $ne: near() } : { $nin: [near(), near()] };
    case 6:
    case 7: {
      const ops = ['$gt', '$gte', '$lt', '$lte'];
      const c: Record<string, unknown> = { [r.pick(ops)]: near() };
      if (r.chance(0.5)) c[r.pick(ops)] = near();
      return c;
    }
    case 8:
      return { $exists: r.chance(0.5) };
    case 9:
    case 10:
      return regex(r);
    case 11:
      return { $not: { [r.pick(['$gt', '$lt', '$eq'])]: near() } };
    case 12:
      return r.pick([{ $size: r.int(3) }, { $type: r.pick(['string', 'date', 'number', 'array', 'null']) }]);
    default:
      return r.pick([{ $elemMatch: { $eq: near() } }, { $all: [near()] }]);
  }
}

/** A filter: a few field conditions, sometimes under $and/$or/$nor, sometimes a dotted path. */
export function filter(r: Rand, depth = 0): Record<string, unknown> {
  const f: Record<string, unknown> = {};
  for (let i = 0, n = 1 + r.int(2); i < n; i++) {
    const field = r.chance(0.1) ? 'meta.a' : r.chance(0.05) ? '_id' : r.pick(fields);
    f[field] = field === '_id' ? r.pick([oids[0], { $in: oids }, { $gt: oids[0] }]) : condition(r, field);
  }
  if (depth < 2 && r.chance(0.25)) {
    const op = r.pick(['$and', '$or', '$or', '$nor']);
    f[op] = Array.from({ length: 1 + r.int(3) }, () => filter(r, depth + 1));
  }
  if (r.chance(0.1)) return {};
  return f;
}

/** A sort on one or two fields, always ending in _id so that the order is total. */
export function sort(r: Rand): Record<string, 1 | -1> {
  const s: Record<string, 1 | -1> = {};
  for (let i = 0, n = r.int(3); i < n; i++) s[r.pick(fields.filter((f) => f !== 'meta'))] = r.pick([1, -1] as const);
  s._id = r.pick([1, -1] as const);
  return s;
}

/**
 * A `$group` key: a field (`"$f"`), or a document of one to three fields (pairs and triples, where a
 * missing field is left out of the key and a null one kept; one field alone counts missing as null).
 */
export function groupId(r: Rand, of: readonly string[]): string | Record<string, string> {
  if (r.chance(0.4)) return `$${r.pick(of)}`;
  return Object.fromEntries(Array.from({ length: 1 + r.int(3) }, (_, i) => [r.pick(['c', 's', 'x']) + i, `$${r.pick(of)}`]));
}
