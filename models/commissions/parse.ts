// Reading a carrier statement: the CSV (server/csv-table.ts, shared with the customer import) or the XLSX
// workbook (server/xlsx-table.ts) into checked lines, each with its key; columns by the mapping chosen
// (models/commissions/column-maps.ts) or by their names. A file that is not UTF-8 text, lacks the policy number or the
// commission amount column, or is over the limits is refused whole (400); a line that cannot be read
// (an amount that is not dollars and whole cents, a period that is not a month) is refused with its
// line number and reason, which refuses the apply of the whole file.
import { createHash } from 'node:crypto';
import {
  LAPSE_WORDS,
  MAX_STATEMENT_LINES,
  dayOf,
  lineTypeOf,
  periodOf,
  signedCentsOf,
  statementFieldOf,
  type LineType,
  type StatementField,
} from '../../schemas/commissions.ts';
import { badRequest } from '../../server/errors.ts';
import { parseCsvRecords, tableOf, type RawTable } from '../../server/csv-table.ts';
import { readXlsxRecords } from '../../server/xlsx-table.ts';

/** Text that a spreadsheet would run: no carrier, policy number or name starts this way. */
const FORMULA_START = /^[=+@\t\r]|^-[^0-9]/;

export interface ReadLine {
  /** sha1 of the statement file's hash, the line number and the line's cells: the same line of the same file, the same key. */
  key: string;
  row: number;
  carrier: string;
  policyNumber: string;
  insuredName: string;
  product: string;
  premiumCents: number | null;
  amountCents: number;
  paidDate: string | null;
  period: string;
  lineType: LineType;
  effectiveDate: string | null;
  /** A chargeback whose type or note says lapse, cancellation or termination. */
  lapse: boolean;
  /** Empty when the line could be read; otherwise why not. */
  problem: string;
}

export interface StatementSource {
  raw: RawTable;
  /** The file's hash: lines imported together, and part of each line's key. */
  statementId: string;
}

export interface ReadStatement {
  statementId: string;
  lines: ReadLine[];
  ignoredColumns: string[];
  /** The fields the columns lack (then no line is read): the policy number or insured name, the amount, the carrier. */
  missingColumns: string[];
}

/** Why a statement lacking columns is refused. */
export const lacksColumns = (missing: string[]) => `The file lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`;

/** How a header is read: by the admin's or a remembered mapping, else by its name. */
export type FieldOf = (header: string) => StatementField | null;

/** A CSV statement (checked to be UTF-8 text) as records, its id the text's hash. */
export function csvSource(text: string): StatementSource {
  // A file in another encoding reaches the server as replacement characters (Latin-1) or NUL bytes (UTF-16).
  if (text.includes('\uFFFD') || text.includes('\u0000'))
    throw badRequest('The file is not UTF-8 text: save it as CSV UTF-8 and upload it again');
  return { raw: parseCsvRecords(text, MAX_STATEMENT_LINES), statementId: createHash('sha1').update(text).digest('hex') };
}

/** An XLSX statement's first sheet as records (server/xlsx-table.ts), its id the file's hash. */
export async function xlsxSource(bytes: Buffer): Promise<StatementSource> {
  return { raw: await readXlsxRecords(bytes, MAX_STATEMENT_LINES), statementId: createHash('sha1').update(bytes).digest('hex') };
}

/** A CSV statement read by its column names (what tests and scripts use). */
export const readStatement = (text: string, defaults: { carrier?: string } = {}) => readStatementTable(csvSource(text), defaults);

export function readStatementTable(source: StatementSource, opts: { carrier?: string; fieldOf?: FieldOf } = {}): ReadStatement {
  const defaults = { carrier: opts.carrier };
  const { statementId } = source;
  const table = tableOf<StatementField>(source.raw, { maxRows: MAX_STATEMENT_LINES, fieldOf: opts.fieldOf ?? statementFieldOf });
  const missing = [];
  if (!table.columns.policyNumber && !table.columns.insuredName) missing.push('Policy Number (or Insured Name)');
  if (!table.columns.amount) missing.push('Commission Amount');
  if (!table.columns.carrier && !defaults.carrier) missing.push('Carrier');
  // The dry run answers which are missing (so the columns can be mapped); the apply refuses the file.
  if (missing.length) return { statementId, lines: [], ignoredColumns: table.ignoredColumns, missingColumns: missing };

  const lines = table.rows.map(({ row, cells }): ReadLine => {
    const problems: string[] = [];
    const cell = (f: StatementField) => (cells[f] ?? '').trim();
    const amountCents = signedCentsOf(cell('amount'));
    if (amountCents === null) problems.push(`commission amount "${cell('amount').slice(0, 40)}" is not dollars with whole cents`);
    const premiumText = cell('premium');
    const premiumCents = premiumText ? signedCentsOf(premiumText) : null;
    if (premiumText && premiumCents === null) problems.push(`premium "${premiumText.slice(0, 40)}" is not dollars with whole cents`);
    const paidDate = cell('paidDate') ? dayOf(cell('paidDate')) : null;
    if (cell('paidDate') && !paidDate) problems.push(`paid date "${cell('paidDate').slice(0, 40)}" is not a date`);
    const effectiveDate = cell('effectiveDate') ? dayOf(cell('effectiveDate')) : null;
    if (cell('effectiveDate') && !effectiveDate) problems.push(`effective date "${cell('effectiveDate').slice(0, 40)}" is not a date`);
    const period = cell('period') ? periodOf(cell('period')) : (paidDate?.slice(0, 7) ?? null);
    if (!period)
      problems.push(
        cell('period') ? `statement period "${cell('period').slice(0, 40)}" is not a month` : 'no statement period or paid date',
      );
    // "Chargeback - lapse": the lapse is read, the rest is the type; "Lapse" alone leaves the type to the sign.
    const says = (text: string) => new RegExp(LAPSE_WORDS.source, 'i').test(text);
    const typeText = cell('lineType').replace(LAPSE_WORDS, ' ').trim();
    const typed = typeText ? lineTypeOf(typeText) : null;
    if (typeText && !typed)
      problems.push(`line type "${cell('lineType').slice(0, 40)}" is not new business, renewal, adjustment or chargeback`);
    const lineType: LineType = typed ?? ((amountCents ?? 0) < 0 ? 'chargeback' : 'renewal');
    if (lineType === 'chargeback' && (amountCents ?? 0) > 0) problems.push('a chargeback must be a negative amount');
    if (lineType !== 'chargeback' && lineType !== 'adjustment' && (amountCents ?? 0) < 0)
      problems.push('a negative amount must be a chargeback or an adjustment');
    for (const f of ['carrier', 'policyNumber', 'insuredName', 'product'] as const)
      if (FORMULA_START.test(cell(f))) problems.push(`${f} "${cell(f).slice(0, 40)}" starts like a spreadsheet formula`);
    const carrier = cell('carrier') || defaults.carrier || '';
    if (!carrier) problems.push('no carrier');
    if (!cell('policyNumber') && !cell('insuredName')) problems.push('no policy number or insured name');
    const key = createHash('sha1')
      .update(`${statementId}\u0000${row}\u0000${JSON.stringify(cells)}`)
      .digest('hex');
    return {
      key,
      row,
      carrier,
      policyNumber: cell('policyNumber'),
      insuredName: cell('insuredName'),
      product: cell('product'),
      premiumCents,
      amountCents: amountCents ?? 0,
      paidDate,
      period: period ?? '',
      lineType,
      effectiveDate,
      lapse: lineType === 'chargeback' && (says(cell('lineType')) || says(cell('note'))),
      problem: problems.join('; '),
    };
  });
  return { statementId, lines, ignoredColumns: table.ignoredColumns, missingColumns: [] };
}
