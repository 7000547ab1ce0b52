// Applying an import "in one go" on a database without transactions: the whole file is checked first
// (one refused row refuses the file, nothing written), then the writes run in batches, each one
// idempotent: new customers and policies carry an _id derived from their natural key (a re-run after
// a crash inserts the same ids, taken once), updates set values. A re-run plans against what the
// crashed run left and finishes the rest; a run after a complete one finds nothing to do. One activity
// entry and one audit entry record the import; a customer closed from a lead gets a timeline entry.
import type { ImportReport } from '../../schemas/customer-import.ts';
import { badRequest, onlyDuplicateKeys } from '../../server/errors.ts';
import { logActivity, type Actor } from '../activity';
import { recordAudit } from '../audit';
import { CustomerModel, toDocFields } from '../customers';
import { addTimelineEntry } from '../leads';
import { PolicyModel } from '../policies';
import { parseImportFile } from './parse.ts';
import { planImport, type ImportPlan, type ImportWrite } from './plan.ts';

/** Writes per database command. */
const BATCH = 500;

export interface ImportActor extends Actor {
  id: string;
  email: string;
}

/** The dry run: what the file would do, row by row. Nothing is written. */
export async function dryRunImport(csv: string, actor: Actor): Promise<ImportReport> {
  return (await planImport(parseImportFile(csv), actor.name)).report;
}

/** Inserts the documents; one already there (same _id: an earlier run's) counts as inserted. */
async function insertAll(model: typeof CustomerModel | typeof PolicyModel, docs: Record<string, unknown>[]) {
  if (!docs.length) return;
  try {
    await (model as typeof CustomerModel).insertMany(docs, { ordered: false });
  } catch (err) {
    if (!onlyDuplicateKeys(err)) throw err;
  }
}

async function runBatch(batch: ImportWrite[]) {
  const now = new Date();
  const newCustomers = batch.flatMap((w) =>
    w.kind === 'customer-create' ? [{ _id: w.id, ...toDocFields(w.fields), leadKey: `import:${w.email}` }] : [],
  );
  const newPolicies = batch.flatMap((w) =>
    w.kind === 'policy-create'
      ? [
          {
            _id: w.id,
            ...w.fields,
            customerId: w.customerId,
            renewalDate: w.fields.renewalDate ?? null,
            commission: w.fields.commission ?? null,
          },
        ]
      : [],
  );
  const customerUpdates = batch.flatMap((w) =>
    w.kind === 'customer-update'
      ? [{ updateOne: { filter: { _id: w.id }, update: { $set: { ...toDocFields(w.set), updatedAt: now } } } }]
      : [],
  );
  const policyUpdates = batch.flatMap((w) =>
    w.kind === 'policy-update' ? [{ updateOne: { filter: { _id: w.id }, update: { $set: { ...w.set, updatedAt: now } } } }] : [],
  );
  // Customers before their policies, so a policy never names a customer not yet written.
  await insertAll(CustomerModel, newCustomers);
  if (customerUpdates.length) await CustomerModel.bulkWrite(customerUpdates, { ordered: false });
  await insertAll(PolicyModel, newPolicies);
  if (policyUpdates.length) await PolicyModel.bulkWrite(policyUpdates, { ordered: false });
}

/** The counts as one line, for the activity and audit entries. */
const countsText = (r: ImportReport) =>
  `${r.counts.customersCreated} customers created, ${r.counts.customersUpdated} updated; ` +
  `${r.counts.policiesCreated} policies created, ${r.counts.policiesUpdated} updated; ${r.counts.unchanged} rows unchanged`;

/**
 * Applies the file. Refused as a whole (400 with the first reasons) when any row is refused.
 * `onProgress` hears the writes done out of the total as each batch lands.
 */
export async function applyImport(
  csv: string,
  actor: ImportActor,
  opts: { fileName?: string; onProgress?: (done: number, total: number) => void } = {},
): Promise<ImportReport> {
  const plan: ImportPlan = await planImport(parseImportFile(csv), actor.name);
  const { report, writes } = plan;
  if (!report.accepted) {
    const refused = report.rows.filter((r) => r.action === 'refused');
    const reasons = refused
      .slice(0, 5)
      .map((r) => `row ${r.row}, ${r.problems[0]?.column}: ${r.problems[0]?.message}`)
      .join('; ');
    throw badRequest(
      `Nothing was imported: ${refused.length} row${refused.length === 1 ? ' is' : 's are'} refused (${reasons}${refused.length > 5 ? '; …' : ''})`,
    );
  }
  // Creations first: policies may name customers created in the same file.
  const ordered = [
    ...writes.filter((w) => w.kind === 'customer-create'),
    ...writes.filter((w) => w.kind === 'customer-update'),
    ...writes.filter((w) => w.kind === 'policy-create'),
    ...writes.filter((w) => w.kind === 'policy-update'),
  ];
  opts.onProgress?.(0, ordered.length);
  for (let i = 0; i < ordered.length; i += BATCH) {
    await runBatch(ordered.slice(i, i + BATCH));
    opts.onProgress?.(Math.min(i + BATCH, ordered.length), ordered.length);
  }

  const file = opts.fileName ? `${opts.fileName.slice(0, 100)}: ` : '';
  if (ordered.length) {
    const at = new Date();
    const leads = [...plan.touched.values()].filter((c) => c.leadId);
    for (let i = 0; i < leads.length; i += 50) {
      await Promise.all(
        leads.slice(i, i + 50).map((c) =>
          addTimelineEntry(c.leadId, {
            at,
            kind: 'customer',
            user: actor.name,
            note: `Updated by an import (${file}${countsText(report)})`,
          }),
        ),
      );
    }
  }
  await Promise.all([
    logActivity(actor, 'CUSTOMERS_IMPORTED', { reason: `${file}${countsText(report)}` }),
    recordAudit(actor, { action: 'CUSTOMERS_IMPORTED', scope: `${file}${report.counts.rows} rows: ${countsText(report)}` }),
  ]);
  return report;
}
