// A commission statement upload (docs/commissions.md): the file as CSV text or XLSX bytes, and the column
// mapping an admin chose (each header of the file to a statement field, or not imported), which the apply
// remembers for the file's carrier and header row. Shared by the server and the console.
import { z } from 'zod';
import { MAX_STATEMENT_BYTES, STATEMENT_COLUMNS, type StatementField } from './commissions.ts';

/** The content type of an .xlsx workbook upload. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const STATEMENT_FIELDS = Object.keys(STATEMENT_COLUMNS) as [StatementField, ...StatementField[]];
/** Each field's name as the console shows it: the template's column name. */
export const STATEMENT_FIELD_LABELS = Object.fromEntries(STATEMENT_FIELDS.map((f) => [f, STATEMENT_COLUMNS[f][0]!])) as Record<
  StatementField,
  string
>;
/** A header the admin chose not to import. */
export const NOT_IMPORTED = 'ignore';

/** The most columns a mapping names. */
export const MAX_MAPPED_COLUMNS = 100;
/** header → field (or 'ignore'); a header left out is recognised by its name. */
export const columnChoice = z
  .record(
    z.string().trim().min(1, 'A column name cannot be empty').max(100, 'A column name is at most 100 characters'),
    z.enum([...STATEMENT_FIELDS, NOT_IMPORTED], {
      error: `A column maps to one of ${STATEMENT_FIELDS.join(', ')} or ${NOT_IMPORTED}`,
    }),
  )
  .refine((v) => Object.keys(v).length <= MAX_MAPPED_COLUMNS, `At most ${MAX_MAPPED_COLUMNS} columns`);
export type ColumnChoice = Record<string, StatementField | typeof NOT_IMPORTED>;

/** Base64 of MAX_STATEMENT_BYTES. */
const MAX_XLSX_BASE64 = Math.ceil(MAX_STATEMENT_BYTES / 3) * 4;

export const statementFileInput = z
  .object({
    csv: z
      .string()
      .min(1, 'The file is empty')
      .max(MAX_STATEMENT_BYTES, `The file is larger than ${MAX_STATEMENT_BYTES / 1024 / 1024} MB`)
      .optional(),
    /** The .xlsx file as base64 (the REST routes take the bytes themselves). */
    xlsx: z
      .string()
      .min(1, 'The file is empty')
      .max(MAX_XLSX_BASE64, `The file is larger than ${MAX_STATEMENT_BYTES / 1024 / 1024} MB`)
      .optional(),
    fileName: z.string().trim().max(200).optional(),
    /** The carrier of every line, for a file without a carrier column. */
    carrier: z.string().trim().min(1).max(100).optional(),
    columns: columnChoice.optional(),
  })
  .strict()
  .refine((v) => (v.csv === undefined) !== (v.xlsx === undefined), {
    message: `Send the statement as the request body (Content-Type: text/csv, or ${XLSX_TYPE}), or JSON { csv }`,
  });
export type StatementUpload = z.infer<typeof statementFileInput>;

/** Where the columns of a dry run came from: the admin's choice, a mapping remembered, or the column names. */
export type MappingSource = 'given' | 'saved' | 'names';
