// A book of business in the import template's columns (docs/customer-import.md), deterministic: row i is
// always the same. `npx tsx scripts/import-book.ts [rows] [file]` writes it (10,000 rows to stdout by
// default); bench/import.ts times the import on it. Each customer has two policies, one row each.
import { writeFileSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { TEMPLATE_COLUMNS } from '../schemas/customer-import.ts';

const FIRST = ['Ana', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jo'];
const LAST = ['Reyes', 'Hale', 'Okafor', 'Lind', 'Moss', 'Park', 'Quinn', 'Sato', 'Varga', 'West'];
const CARRIERS = ['Humana', 'Aetna', 'Cigna', 'Anthem', 'UnitedHealthcare'];
const LINES = ['Medicare Advantage', 'Medicare Supplement', 'Part D', 'Health', 'Life', 'Dental/vision'];
const AGENTS = ['Ben Carter', 'Stef Ruiz'];

/** The rows of the book: `rows` data rows under the template's header. */
export function importBook(rows = 10_000): string {
  const data: string[][] = [];
  for (let i = 0; i < rows; i++) {
    const c = Math.floor(i / 2);
    const month = String((c % 12) + 1).padStart(2, '0');
    data.push([
      FIRST[c % 10]!,
      `${LAST[Math.floor(c / 10) % 10]!}-${c}`,
      `client${c}@book.example.com`,
      `(303) 5${String(c).padStart(6, '0').slice(0, 2)}-${String(c).padStart(6, '0').slice(2)}`,
      `19${50 + (c % 40)}-${month}-15`,
      CARRIERS[(c + i) % CARRIERS.length]!,
      LINES[(c * 2 + (i % 2)) % LINES.length]!,
      `Plan ${(c % 7) + 1}`,
      `P${String(c).padStart(6, '0')}-${i % 2}`,
      'Active',
      `2025-${month}-01`,
      '',
      `${20 + (c % 300)}.${String(c % 100).padStart(2, '0')}`,
      i % 2 ? 'Annual' : 'Monthly',
      AGENTS[c % 2]!,
    ]);
  }
  return stringify([[...TEMPLATE_COLUMNS], ...data]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = importBook(Number(process.argv[2] ?? 10_000));
  if (process.argv[3]) writeFileSync(process.argv[3], text);
  else process.stdout.write(text);
}
