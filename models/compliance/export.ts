// The audit export: a person's records or every record of a date range, as a ZIP of printable pages (the
// text exactly as signed), the paper forms uploaded (up to EXPORT_PAPER_BYTES, a page says where the others
// are) plus a CSV index whose cells never run as spreadsheet formulas.
import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { formulaSafeCell } from '../../schemas/customer.ts';
import { COMPLIANCE_TYPE_LABELS, type ComplianceRecordView, type ExportInput } from '../../schemas/compliance.ts';
import { recordsOf, resolveSubject, toRecordView } from './records.ts';
import { esc, pageHtml, recordPage } from './printable.ts';
import { readPaper } from './files.ts';
import { ComplianceRecordModel, SoaUseModel } from './schema.ts';

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
  'recordingSystem',
  'reference',
  'paperFile',
  'usedAt',
  'ip',
  'keepUntil',
  'file',
] as const;

export const fileOf = (r: ComplianceRecordView) => `records/${r.signedAt.toISOString().slice(0, 10)}-${r.type}-${r.recordId}.html`;

/** A paper form's path in the ZIP, or where to fetch it when the export had no room for it. */
type PaperPlaces = ReadonlyMap<string, string>;

export function indexCsv(
  records: ComplianceRecordView[],
  papers: PaperPlaces = new Map(),
  used: ReadonlyMap<string, Date> = new Map(),
): string {
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
    paperFile: papers.get(r.recordId) ?? '',
    usedAt: used.get(r.recordId)?.toISOString() ?? '',
  }));
  return stringify(rows, { header: true, columns: [...COLUMNS], cast: { string: formulaSafeCell } });
}

/** At most this many bytes of paper forms go into one export; the others are listed with where to fetch them. */
export const EXPORT_PAPER_BYTES = 50 * 1024 * 1024;
export const PAPER_INDEX = 'paper-forms.html';
const paperRoute = (recordId: string) => `GET /api/admin/compliance/records/${recordId}/paper`;

/** The paper forms of the records, as many as fit, by record id; the rest by where to fetch them. */
async function papersOf(records: ComplianceRecordView[], budget: number) {
  const files: Record<string, [Uint8Array, { level: 0 }]> = {};
  const places = new Map<string, string>();
  const left: ComplianceRecordView[] = [];
  let bytes = 0;
  for (const r of records.filter((x) => x.paperType)) {
    const paper = await readPaper(r.recordId);
    if (bytes + paper.size > budget) {
      left.push(r);
      places.set(r.recordId, `not in this export: ${paperRoute(r.recordId)}`);
      continue;
    }
    bytes += paper.size;
    const name = fileOf(r)
      .replace(/^records\//, 'paper/')
      .replace(/\.html$/, `.${paper.type === 'jpeg' ? 'jpg' : paper.type}`);
    // Scans are compressed already: stored as they are.
    files[name] = [paper.bytes, { level: 0 }];
    places.set(r.recordId, name);
  }
  return { files, places, left };
}

/** The page that says where the paper forms left out of an export are (each read audited there). */
function leftOutPage(left: ComplianceRecordView[], budget: number): string {
  const rows = left.map((r) => `<li>${esc(r.recordId)} (${esc(COMPLIANCE_TYPE_LABELS[r.type])}): ${esc(paperRoute(r.recordId))}</li>`);
  const intro = `These paper forms did not fit in this export (at most ${Math.round(budget / 1024 / 1024)} MB of forms per file). An admin downloads each from the record's Compliance panel in the console, or through the API:`;
  return pageHtml('Paper forms not in this export', `<h1>Paper forms not in this export</h1><p>${esc(intro)}</p><ul>${rows.join('')}</ul>`);
}

/** When each SOA among the records was used by its appointment (docs/compliance.md). */
async function usesOfRecords(records: ComplianceRecordView[]): Promise<Map<string, Date>> {
  const ids = records.filter((r) => r.type === 'medicare-soa').map((r) => r.recordId);
  const rows = ids.length ? await SoaUseModel.find({ soaRecordId: { $in: ids } }).lean() : [];
  return new Map(rows.map((u) => [u.soaRecordId, u.usedAt]));
}

/** The ZIP's bytes, its record count and a description of the scope for the audit log. */
export async function exportZip(input: ExportInput, paperBytes = EXPORT_PAPER_BYTES) {
  const { records, scope } = await recordsFor(input);
  if (records.length > EXPORT_MAX_RECORDS) return { tooMany: true as const, scope };
  const papers = await papersOf(records, paperBytes);
  const used = await usesOfRecords(records);
  const files: Zippable = { 'index.csv': strToU8(indexCsv(records, papers.places, used)), ...papers.files };
  for (const r of records) files[fileOf(r)] = strToU8(recordPage(r, papers.places.get(r.recordId) ?? ''));
  if (papers.left.length) files[PAPER_INDEX] = strToU8(leftOutPage(papers.left, paperBytes));
  return { tooMany: false as const, zip: zipSync(files, { level: 6 }), count: records.length, scope };
}
