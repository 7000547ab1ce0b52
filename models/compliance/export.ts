// The audit export: a person's records or every record of a date range, as a ZIP of printable pages (the
// text exactly as signed) plus a CSV index whose cells never run as spreadsheet formulas.
import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';
import { formulaSafeCell } from '../../schemas/customer.ts';
import { COMPLIANCE_TYPE_LABELS, type ComplianceRecordView, type ExportInput } from '../../schemas/compliance.ts';
import { recordsOf, resolveSubject, toRecordView } from './records.ts';
import { recordPage } from './printable.ts';
import { ComplianceRecordModel } from './schema.ts';

/** At most this many records in one file: a larger range is refused (export a shorter one). */
export const EXPORT_MAX_RECORDS = 5000;

async function recordsFor(input: ExportInput): Promise<{ records: ComplianceRecordView[]; scope: string }> {
  if ('subject' in input) {
    const subject = await resolveSubject(input.subject);
    return { records: (await recordsOf(subject)).reverse(), scope: `records of ${subject.leadId ?? subject.customerId}` };
  }
  const from = new Date(`${input.from}T00:00:00.000Z`);
  const to = new Date(Date.parse(`${input.to}T00:00:00.000Z`) + 86_400_000);
  const rows = await ComplianceRecordModel.find({ signedAt: { $gte: from, $lt: to } })
    .sort({ signedAt: 1 })
    .limit(EXPORT_MAX_RECORDS + 1)
    .lean();
  return {
    records: rows.map((r) => toRecordView(r as unknown as Parameters<typeof toRecordView>[0])),
    scope: `records signed ${input.from} to ${input.to}`,
  };
}

const COLUMNS = [
  'recordId',
  'type',
  'kind',
  'amends',
  'personName',
  'signerName',
  'signedAt',
  'agentName',
  'products',
  'appointmentDate',
  'language',
  'textVersion',
  'textHash',
  'captureMethod',
  'reference',
  'ip',
  'keepUntil',
  'file',
] as const;

export const fileOf = (r: ComplianceRecordView) => `records/${r.signedAt.toISOString().slice(0, 10)}-${r.type}-${r.recordId}.html`;

export function indexCsv(records: ComplianceRecordView[]): string {
  const rows = records.map((r) => ({
    ...r,
    type: COMPLIANCE_TYPE_LABELS[r.type],
    amends: r.amends ?? '',
    products: r.products.join(' '),
    appointmentDate: r.appointmentDate ?? '',
    signedAt: r.signedAt.toISOString(),
    keepUntil: r.keepUntil.toISOString().slice(0, 10),
    textVersion: String(r.textVersion),
    file: fileOf(r),
  }));
  return stringify(rows, { header: true, columns: [...COLUMNS], cast: { string: formulaSafeCell } });
}

/** The ZIP's bytes, its record count and a description of the scope for the audit log. */
export async function exportZip(input: ExportInput) {
  const { records, scope } = await recordsFor(input);
  if (records.length > EXPORT_MAX_RECORDS) return { tooMany: true as const, scope };
  const files: Record<string, Uint8Array> = { 'index.csv': strToU8(indexCsv(records)) };
  for (const r of records) files[fileOf(r)] = strToU8(recordPage(r));
  return { tooMany: false as const, zip: zipSync(files, { level: 6 }), count: records.length, scope };
}
