// The dry run: what each row of an import file would do to the customers and policies stored now.
// A customer is matched by email, else by phone digits; a policy by carrier and policy number within
// that customer (carrier, line and effective date when the row has no policy number). The stored
// customers and policies are read once each (the embedded engine scans a collection for any filter
// but _id), then every row is matched in memory. Nothing is written here.
import { createHash } from 'node:crypto';
import mongoose from 'mongoose';
import type { ImportCounts, ImportReport, ImportRowResult } from '../../schemas/customer-import.ts';
import { POLICY_TERMS, readImportRow, type ImportCustomer } from '../../schemas/customer-import-row.ts';
import type { PolicyData } from '../../schemas/policy.ts';
import { phoneKey } from '../../schemas/phone.ts';
import { CustomerModel } from '../customers';
import { PolicyModel } from '../policies';
import type { ParsedFile } from './parse.ts';

type Id = mongoose.Types.ObjectId;

interface StoredCustomer {
  _id: Id;
  name: string;
  email: string;
  phone: string;
  birthDate?: string | null;
  age?: number | null;
  leadId?: Id | null;
}
type StoredPolicy = PolicyData & { _id: Id; customerId: Id };

/** A write the apply makes: customers first, then policies (which name their customer's id). */
export type ImportWrite =
  | { kind: 'customer-create'; id: Id; fields: ImportCustomer; email: string }
  | { kind: 'customer-update'; id: Id; set: Partial<ImportCustomer> }
  | { kind: 'policy-create'; id: Id; customerId: Id; fields: PolicyData }
  | { kind: 'policy-update'; id: Id; set: Partial<PolicyData> };

export interface ImportPlan {
  report: ImportReport;
  writes: ImportWrite[];
  /** The customers a write touches, with the lead each was closed from (for its timeline). */
  touched: Map<string, { name: string; leadId: string | null }>;
}

/**
 * The same id for the same record in every run: a re-run after a crash, or two runs at once, insert the
 * same _id, which the database takes once (a duplicate key is a record already written).
 */
export const stableId = (key: string) => new mongoose.Types.ObjectId(createHash('sha256').update(key).digest('hex').slice(0, 24));

const policyKey = (p: Pick<PolicyData, 'carrier' | 'policyNumber' | 'line' | 'effectiveDate'>) =>
  p.policyNumber
    ? `${p.carrier.toLowerCase()}\u0000${p.policyNumber.toLowerCase()}`
    : `${p.carrier.toLowerCase()}\u0000\u0000${p.line}\u0000${p.effectiveDate}`;

const CUSTOMER_COMPARED = ['name', 'email', 'phone', 'birthDate', 'age'] as const;
const POLICY_COMPARED = [...POLICY_TERMS, 'premiumCents', 'premiumPeriod', 'writingAgent'] as const;

/** The fields the row gives that differ from the stored ones (phones compared by their digits; a blank agent leaves it). */
function customerChanges(stored: StoredCustomer, given: ImportCustomer): Partial<ImportCustomer> {
  const set: Record<string, unknown> = {};
  for (const k of CUSTOMER_COMPARED) {
    const v = given[k];
    if (v === undefined) continue;
    const same = k === 'phone' ? phoneKey(stored.phone) === phoneKey(v as string) : (stored[k] ?? null) === v;
    if (!same) set[k] = v;
  }
  return set as Partial<ImportCustomer>;
}

/** The policy fields the row changes; a blank cell (or a column the file lacks) leaves the stored value. */
function policyChanges(stored: StoredPolicy, given: PolicyData, statusGiven: boolean): Partial<PolicyData> {
  const set: Record<string, unknown> = {};
  for (const k of POLICY_COMPARED) {
    const v = k === 'renewalDate' ? (given.renewalDate ?? null) : given[k];
    if ((k === 'writingAgent' || k === 'planName' || k === 'renewalDate') && !v) continue;
    if (k === 'status' && !statusGiven) continue;
    if ((stored[k] ?? (k === 'renewalDate' ? null : '')) !== v) set[k] = v;
  }
  return set as Partial<PolicyData>;
}

const emptyCounts = (): ImportCounts => ({
  rows: 0,
  create: 0,
  update: 0,
  unchanged: 0,
  refused: 0,
  customersCreated: 0,
  customersUpdated: 0,
  policiesCreated: 0,
  policiesUpdated: 0,
});

/** The plan of a parsed file against what is stored now; `importer` is the writing agent of a policy that names none. */
export async function planImport(file: ParsedFile, importer: string): Promise<ImportPlan> {
  const [customers, policies] = await Promise.all([
    CustomerModel.find().select({ name: 1, email: 1, phone: 1, birthDate: 1, age: 1, leadId: 1 }).lean<StoredCustomer[]>(),
    PolicyModel.find().lean<StoredPolicy[]>(),
  ]);
  const byEmail = new Map<string, StoredCustomer>();
  const byPhone = new Map<string, StoredCustomer>();
  for (const c of customers) {
    if (!byEmail.has(c.email)) byEmail.set(c.email, c);
    const digits = phoneKey(c.phone);
    if (digits && !byPhone.has(digits)) byPhone.set(digits, c);
  }
  const policyIndex = new Map<string, StoredPolicy>();
  for (const p of policies) policyIndex.set(`${String(p.customerId)}\u0001${policyKey(p)}`, p);

  const column = (f: keyof ParsedFile['columns']) => file.columns[f] ?? f;
  const counts = emptyCounts();
  const rows: ImportRowResult[] = [];
  const writes: ImportWrite[] = [];
  const touched: ImportPlan['touched'] = new Map();
  /** What earlier rows of the file set, per customer id and per policy: a later row must agree. */
  const fileCustomers = new Map<string, { row: number; fields: ImportCustomer }>();
  const filePolicies = new Map<string, number>();

  for (const { row, cells } of file.rows) {
    counts.rows++;
    const read = readImportRow(cells, column);
    const result: ImportRowResult = {
      row,
      action: 'refused',
      name: (cells.name || [cells.firstName, cells.lastName].filter(Boolean).join(' ')).slice(0, 100),
      email: (cells.email ?? '').slice(0, 254),
      customer: null,
      policy: null,
      policyLabel: [cells.carrier, cells.policyNumber].filter(Boolean).join(' ').slice(0, 200),
      changes: [],
      problems: read.problems,
    };
    rows.push(result);
    const given = read.customer;
    if (!given) {
      counts.refused++;
      continue;
    }
    const stored = byEmail.get(given.email) ?? byPhone.get(phoneKey(given.phone));
    const customerId = stored?._id ?? stableId(`import-customer:${given.email}`);
    const idText = String(customerId);
    const earlier = fileCustomers.get(idText);
    if (earlier) {
      const differs = CUSTOMER_COMPARED.filter(
        (k) =>
          given[k] !== undefined &&
          (k === 'phone' ? phoneKey(given.phone) !== phoneKey(earlier.fields.phone) : given[k] !== earlier.fields[k]),
      );
      if (differs.length) {
        result.problems.push({ column: column(differs[0]!), message: `Differs from row ${earlier.row} for the same customer` });
      }
    }
    let policyWrite: ImportWrite | null = null;
    let policyAction: ImportRowResult['policy'] = null;
    if (read.policy) {
      const policy = { ...read.policy, writingAgent: read.policy.writingAgent || '' };
      const key = `${idText}\u0001${policyKey(policy)}`;
      const earlierRow = filePolicies.get(key);
      if (earlierRow) result.problems.push({ column: column('policyNumber'), message: `The same policy as row ${earlierRow}` });
      filePolicies.set(key, row);
      const storedPolicy = policyIndex.get(key);
      if (storedPolicy) {
        const set = policyChanges(storedPolicy, policy, Boolean(cells.status));
        policyAction = Object.keys(set).length ? 'update' : 'unchanged';
        if (policyAction === 'update') {
          policyWrite = { kind: 'policy-update', id: storedPolicy._id, set };
          result.changes.push(...Object.keys(set).map((k) => `policy ${k}`));
        }
      } else {
        policyAction = 'create';
        const fields = { ...policy, writingAgent: policy.writingAgent || importer };
        policyWrite = { kind: 'policy-create', id: stableId(`import-policy:${key}`), customerId, fields };
      }
    }
    if (result.problems.length) {
      counts.refused++;
      continue;
    }

    let customerAction: NonNullable<ImportRowResult['customer']>;
    if (earlier) customerAction = 'unchanged';
    else if (!stored) {
      customerAction = 'create';
      writes.push({ kind: 'customer-create', id: customerId, fields: given, email: given.email });
      counts.customersCreated++;
    } else {
      const set = customerChanges(stored, given);
      customerAction = Object.keys(set).length ? 'update' : 'unchanged';
      if (customerAction === 'update') {
        writes.push({ kind: 'customer-update', id: customerId, set });
        result.changes.unshift(...Object.keys(set));
        counts.customersUpdated++;
      }
    }
    if (!earlier) fileCustomers.set(idText, { row, fields: given });
    if (policyWrite) {
      writes.push(policyWrite);
      if (policyAction === 'create') counts.policiesCreated++;
      else counts.policiesUpdated++;
    }
    result.customer = customerAction;
    result.policy = policyAction;
    result.action = [customerAction, policyAction].includes('create')
      ? 'create'
      : [customerAction, policyAction].includes('update')
        ? 'update'
        : 'unchanged';
    counts[result.action]++;
    if (result.action !== 'unchanged')
      touched.set(idText, { name: stored?.name ?? given.name, leadId: stored?.leadId ? String(stored.leadId) : null });
  }
  return { report: { accepted: counts.refused === 0, counts, ignoredColumns: file.ignoredColumns, rows }, writes, touched };
}
