// The name column's sort key, stored with each lead (schema.ts nameKey) so the name sort is an index
// order: lower case without accents, digit runs padded so "Lead 9" comes before "Lead 10".
/** Digit runs are padded to this many digits; longer runs keep their length (and sort after). */
const DIGITS = 16;

/** The key of a name: its plain string order is the order of names alphabetically, numbers as numbers. */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\d+/g, (run) => run.replace(/^0+(?=\d)/, '').padStart(DIGITS, '0'));
}
