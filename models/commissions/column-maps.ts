// Statement column mappings remembered per carrier (docs/commissions.md): when an admin maps a statement's
// columns and imports it, the mapping is kept for each carrier of the file (one document per carrier,
// replaced by the next) with the file's header row; the next statement with the same header row, or of that
// carrier, is read with it (and the console shows it pre-filled). A header the mapping does not name is
// still recognised by its name, as the customer import does.
import { createHash } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';
import { matchKey, statementFieldOf, type StatementField } from '../../schemas/commissions.ts';
import { NOT_IMPORTED, type ColumnChoice, type MappingSource, type StatementUpload } from '../../schemas/commission-upload.ts';
import { columnKey } from '../../schemas/customer-import.ts';
import type { RawTable } from '../../server/csv-table.ts';
import { readStatementTable, type FieldOf, type ReadStatement, type StatementSource } from './parse.ts';

const mappingSchema = new Schema(
  {
    /** The carrier as compared (matchKey). */
    _id: { type: String, required: true },
    carrier: { type: String, required: true },
    /** The hash of the header row the mapping was made for (names compared as columnKey). */
    headerKey: { type: String, required: true },
    /** The carrier the admin gave for a file without a carrier column. */
    defaultCarrier: { type: String, default: null },
    columns: { type: [{ _id: false, header: String, field: String }], required: true },
  },
  { versionKey: false, timestamps: { createdAt: false, updatedAt: true } },
);
mappingSchema.index({ headerKey: 1, updatedAt: -1 });
const ColumnMapModel = mongoose.model('CommissionColumnMap', mappingSchema, 'commission_column_maps');

type StoredMapping = { carrier: string; defaultCarrier: string | null; columns: { header: string; field: string }[] };

/** The most carriers of one file a mapping is remembered for. */
const MAX_CARRIERS_REMEMBERED = 20;

const headerKeyOf = (header: string[]) => createHash('sha1').update(header.map(columnKey).join('\u0000')).digest('hex');

/** How a header is read under a choice: the choice's field, or by its name when the choice leaves it out. */
function fieldOfChoice(choice: ColumnChoice): FieldOf {
  const byKey = new Map(Object.entries(choice).map(([h, f]) => [columnKey(h), f]));
  return (header) => {
    const chosen = byKey.get(columnKey(header));
    if (chosen === undefined) return statementFieldOf(header);
    return chosen === NOT_IMPORTED ? null : chosen;
  };
}

const choiceOf = (m: StoredMapping): ColumnChoice => Object.fromEntries(m.columns.map((c) => [c.header, c.field])) as ColumnChoice;

/** A carrier's remembered mapping is used for another header row that shares a column with it. */
const sharesColumn = (m: StoredMapping, header: string[]) => {
  const keys = new Set(header.map(columnKey));
  return m.columns.some((c) => c.field !== NOT_IMPORTED && keys.has(columnKey(c.header)));
};

/** The first carrier named in the column recognised as the carrier's by its name. */
function firstCarrier(raw: RawTable): string | undefined {
  const at = raw.header.findIndex((h) => statementFieldOf(h) === 'carrier');
  return at < 0 ? undefined : raw.data.map((r) => r.record[at] ?? '').find(Boolean);
}

export interface ReadWithMapping {
  statement: ReadStatement;
  columns: { header: string; field: StatementField | null }[];
  mapping: { from: MappingSource; carrier: string | null };
  /** What the apply remembers: the admin's choice, when one was given. */
  choice: ColumnChoice | null;
}

function readWith(source: StatementSource, fieldOf: FieldOf, carrier: string | undefined) {
  const statement = readStatementTable(source, { fieldOf, carrier });
  const columns = source.raw.header.filter(Boolean).map((header) => ({ header: header.slice(0, 100), field: fieldOf(header) }));
  return { statement, columns };
}

/** The statement read with the admin's mapping, else one remembered for its header row or carrier, else by names. */
export async function readWithMapping(source: StatementSource, upload: StatementUpload): Promise<ReadWithMapping> {
  if (upload.columns) {
    const read = readWith(source, fieldOfChoice(upload.columns), upload.carrier);
    return { ...read, mapping: { from: 'given', carrier: null }, choice: upload.columns };
  }
  const header = source.raw.header;
  const sameHeader = await ColumnMapModel.findOne({ headerKey: headerKeyOf(header) })
    .sort({ updatedAt: -1 })
    .lean<StoredMapping>();
  if (sameHeader) {
    const read = readWith(source, fieldOfChoice(choiceOf(sameHeader)), upload.carrier ?? sameHeader.defaultCarrier ?? undefined);
    return { ...read, mapping: { from: 'saved', carrier: sameHeader.carrier }, choice: null };
  }
  const byNames = readWith(source, statementFieldOf, upload.carrier);
  const carrier = upload.carrier ?? firstCarrier(source.raw);
  const ofCarrier = carrier ? await ColumnMapModel.findById(matchKey(carrier)).lean<StoredMapping>() : null;
  if (ofCarrier && sharesColumn(ofCarrier, header)) {
    const read = readWith(source, fieldOfChoice(choiceOf(ofCarrier)), upload.carrier ?? ofCarrier.defaultCarrier ?? undefined);
    return { ...read, mapping: { from: 'saved', carrier: ofCarrier.carrier }, choice: null };
  }
  return { ...byNames, mapping: { from: 'names', carrier: null }, choice: null };
}

/** Remembers the admin's mapping for each carrier of the imported statement (the latest replaces the one before). */
export async function rememberMapping(read: ReadWithMapping, header: RawTable['header'], defaultCarrier: string | undefined) {
  if (!read.choice) return;
  const carriers = new Map<string, string>();
  for (const l of read.statement.lines)
    if (l.carrier && carriers.size < MAX_CARRIERS_REMEMBERED) carriers.set(matchKey(l.carrier), l.carrier);
  const columns = Object.entries(read.choice).map(([h, field]) => ({ header: h, field }));
  const headerKey = headerKeyOf(header);
  await Promise.all(
    [...carriers].map(([key, carrier]) =>
      ColumnMapModel.replaceOne(
        { _id: key },
        { _id: key, carrier, headerKey, defaultCarrier: defaultCarrier ?? null, columns },
        { upsert: true },
      ),
    ),
  );
}
