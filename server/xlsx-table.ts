// Reading an uploaded XLSX workbook's first sheet into the same records as a CSV file (server/csv-table.ts),
// through read-excel-file. The workbook is a zip: before the library unpacks it, its entries are inflated
// once here with a running count, so a zip bomb (a small file unpacking to gigabytes) is refused with 400
// as soon as it passes MAX_XLSX_UNZIPPED_BYTES, and so is anything that is not a readable workbook.
import { Unzip, UnzipInflate } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { badRequest } from './errors.ts';
import type { RawTable } from './csv-table.ts';

/** The most bytes a workbook's entries may unpack to, together: far above a 20,000-line statement's sheet. */
export const MAX_XLSX_UNZIPPED_BYTES = 64 * 1024 * 1024;
/** The most entries a workbook may hold (a statement's has about ten). */
export const MAX_XLSX_ENTRIES = 200;

const NOT_A_WORKBOOK = 'The file is not a readable XLSX workbook: save it as Excel Workbook (.xlsx) or CSV and upload it again';

/** Whether the bytes start like a zip archive, as every .xlsx file does. */
export const looksLikeXlsx = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** Inflates every entry once, counting; throws 400 past the limits or on a broken archive. */
function checkUnzippedSize(bytes: Uint8Array): void {
  let total = 0;
  let entries = 0;
  let refused = '';
  const unzip = new Unzip((entry) => {
    if (refused) return;
    if (++entries > MAX_XLSX_ENTRIES) {
      refused = `The workbook holds more than ${MAX_XLSX_ENTRIES} parts`;
      return;
    }
    entry.ondata = (err, chunk) => {
      if (err) refused ||= NOT_A_WORKBOOK;
      total += chunk?.length ?? 0;
      if (total > MAX_XLSX_UNZIPPED_BYTES && !refused) {
        refused = `The workbook unpacks to more than ${MAX_XLSX_UNZIPPED_BYTES / 1024 / 1024} MB; save it as CSV and upload it again`;
        entry.terminate();
      }
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(bytes, true);
  } catch {
    refused ||= NOT_A_WORKBOOK;
  }
  if (refused) throw badRequest(refused);
}

/** A cell as text: numbers as the workbook stores them, dates as YYYY-MM-DD, blanks as ''. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return String(value).trim();
}

/** The first sheet's header and rows (line numbers as in the sheet; blank rows skipped); 400 for a hostile or broken file. */
export async function readXlsxRecords(bytes: Buffer, maxRows: number): Promise<RawTable> {
  if (!looksLikeXlsx(bytes)) throw badRequest(NOT_A_WORKBOOK);
  checkUnzippedSize(bytes);
  let rows: unknown[][];
  try {
    // Numbers are kept as the text the workbook stores, so money is read as written ("60.10", not 60.1 rounded).
    rows = (await readSheet(bytes, { parseNumber: (text: string) => text })) as unknown[][];
  } catch {
    throw badRequest(NOT_A_WORKBOOK);
  }
  const lines = rows.map((row, i) => ({ record: row.map(cellText), line: i + 1 })).filter((r) => r.record.some((c) => c !== ''));
  const [header, ...data] = lines;
  return { header: header?.record ?? [], data: data.slice(0, maxRows + 1) };
}
