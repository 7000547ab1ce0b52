// The statement import (CSV or XLSX, its columns mapped as models/commissions/column-maps.ts chooses): a
// dry run that says line by line what matched and why, and the apply, which
// checks the whole file first (one refused line refuses the file, nothing written) and then inserts the
// lines under their keys, so a second run of the same file, or a run cut short and run again, writes each
// line once (docs/commissions.md).
import type { StatementLineResult, StatementReport } from '../../schemas/commissions.ts';
import { badRequest, onlyDuplicateKeys } from '../../server/errors.ts';
import { recordAudit, type AuditActor } from '../audit';
import { updatePolicy } from '../policies';
import { PolicyModel } from '../policies';
import { matchLines } from './match.ts';
import type { StatementUpload } from '../../schemas/commission-upload.ts';
import { readWithMapping, rememberMapping } from './column-maps.ts';
import { csvSource, lacksColumns, xlsxSource } from './parse.ts';
import { StatementLineModel } from './schema.ts';

const BATCH = 1000;

/** The keys of this statement's lines already stored (a line's key includes the statement's hash). */
async function knownKeys(statementId: string): Promise<Set<string>> {
  const rows = await StatementLineModel.find({ statementId }, { _id: 1 }).lean<{ _id: string }[]>();
  return new Set(rows.map((r) => r._id));
}

/** The upload's records: the XLSX bytes (sent as base64) or the CSV text. */
const sourceOf = (upload: StatementUpload) =>
  upload.xlsx !== undefined ? xlsxSource(Buffer.from(upload.xlsx, 'base64')) : csvSource(upload.csv ?? '');

async function plan(given: StatementUpload | string) {
  const upload = typeof given === 'string' ? { csv: given } : given;
  const source = await sourceOf(upload);
  const read = await readWithMapping(source, upload);
  const { statement } = read;
  const [matches, known] = await Promise.all([matchLines(statement.lines), knownKeys(statement.statementId)]);
  const lines: StatementLineResult[] = statement.lines.map((l, i) => {
    const m = matches[i]!;
    return {
      row: l.row,
      carrier: l.carrier,
      policyNumber: l.policyNumber,
      insuredName: l.insuredName,
      amountCents: l.amountCents,
      period: l.period,
      lineType: l.lineType,
      status: l.problem ? 'refused' : m.status,
      reason: l.problem || (l.lapse && m.policy ? `${m.reason}; the statement says lapse: the policy will be marked lapsed` : m.reason),
      policyId: m.policy ? String(m.policy._id) : m.suggested ? String(m.suggested._id) : null,
      known: known.has(l.key),
      lapse: l.lapse,
    };
  });
  const count = (s: StatementLineResult['status']) => lines.filter((l) => l.status === s).length;
  const report: StatementReport = {
    accepted: count('refused') === 0 && !statement.missingColumns.length,
    counts: {
      lines: lines.length,
      matched: count('matched'),
      ambiguous: count('ambiguous'),
      unmatched: count('unmatched'),
      refused: count('refused'),
      toWrite: lines.filter((l) => !l.known && l.status !== 'refused').length,
    },
    ignoredColumns: statement.ignoredColumns,
    missingColumns: statement.missingColumns,
    columns: read.columns,
    mapping: read.mapping,
    lines,
  };
  return { statement, matches, known, report, remember: () => rememberMapping(read, source.raw.header, upload.carrier) };
}

/**
 * Marks lapsed, through the policies' own change (audited there), each policy still in force that a newly
 * stored chargeback says lapsed; a line stored before (a second import) lapses nothing again.
 */
async function lapsePolicies(policyIds: string[], actor: AuditActor): Promise<number> {
  if (!policyIds.length) return 0;
  const inForce = await PolicyModel.find(
    { _id: { $in: [...new Set(policyIds)] }, status: { $in: ['active', 'pending'] } },
    { _id: 1 },
  ).lean();
  for (const p of inForce) await updatePolicy({ policyId: String(p._id), status: 'lapsed' }, actor);
  return inForce.length;
}

/** What the statement would do, line by line; nothing is written. */
export async function dryRunStatement(upload: StatementUpload | string): Promise<StatementReport> {
  return (await plan(upload)).report;
}

/** Stores the statement's new lines; refused whole (400, nothing written) when any line is refused. */
export async function applyStatement(upload: StatementUpload | string, actor: AuditActor): Promise<StatementReport> {
  const { statement, matches, known, report, remember } = await plan(upload);
  if (statement.missingColumns.length) throw badRequest(lacksColumns(statement.missingColumns));
  if (!report.accepted) {
    const refused = report.lines.filter((l) => l.status === 'refused');
    const reasons = refused
      .slice(0, 5)
      .map((l) => `line ${l.row}: ${l.reason}`)
      .join('; ');
    throw badRequest(
      `Nothing was imported: ${refused.length} line${refused.length === 1 ? ' is' : 's are'} refused (${reasons}${refused.length > 5 ? '; …' : ''})`,
    );
  }
  const fileName = ((typeof upload === 'string' ? '' : upload.fileName) ?? '').slice(0, 200);
  const docs = statement.lines.flatMap((l, i) => {
    if (known.has(l.key)) return [];
    const m = matches[i]!;
    return [
      {
        _id: l.key,
        statementId: statement.statementId,
        fileName,
        row: l.row,
        carrier: l.carrier,
        policyNumber: l.policyNumber,
        insuredName: l.insuredName,
        product: l.product,
        premiumCents: l.premiumCents,
        amountCents: l.amountCents,
        paidDate: l.paidDate,
        period: l.period,
        lineType: l.lineType,
        status: m.status,
        policyId: m.policy?._id ?? null,
        suggestedPolicyId: m.suggested?._id ?? null,
        agent: m.policy?.writingAgent ?? '',
        reason: m.reason,
        lapse: l.lapse,
      },
    ];
  });
  for (let i = 0; i < docs.length; i += BATCH) {
    try {
      await StatementLineModel.insertMany(docs.slice(i, i + BATCH), { ordered: false });
    } catch (err) {
      // A line an earlier or parallel run of the same file already stored: the same key, taken once.
      if (!onlyDuplicateKeys(err)) throw err;
    }
  }
  const lapsed = await lapsePolicies(
    docs.filter((d) => d.lapse && d.policyId).map((d) => String(d.policyId)),
    actor,
  );
  await remember();
  const c = report.counts;
  await recordAudit(actor, {
    action: 'COMMISSIONS_IMPORTED',
    scope: `${fileName ? `${fileName.slice(0, 100)}: ` : ''}${c.lines} lines, ${c.toWrite} new (${c.matched} matched, ${c.ambiguous} ambiguous, ${c.unmatched} unmatched)${lapsed ? `, ${lapsed} ${lapsed === 1 ? 'policy' : 'policies'} lapsed` : ''}`,
  });
  return report;
}
