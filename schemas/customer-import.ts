// The customer import file (docs/product.md §12, docs/api.md): which column names of this brokerage's
// template and of other CRMs' exports mean which field, the template itself, and what a dry run or an
// apply answers. Reading one row's cells into checked data lives in schemas/customer-import-row.ts.

/** A field the import reads; a file names it with any of its column names. */
export type ImportField =
  | 'name'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'birthDate'
  | 'age'
  | 'carrier'
  | 'line'
  | 'planName'
  | 'policyNumber'
  | 'status'
  | 'effectiveDate'
  | 'renewalDate'
  | 'premium'
  | 'monthlyPremium'
  | 'annualPremium'
  | 'premiumPeriod'
  | 'writingAgent';

/**
 * The mapping table: each field with the column names recognised for it (compared without case,
 * spaces or punctuation, "#" and "No." read as "number"). The first name of each is the template's.
 */
export const IMPORT_COLUMNS: Readonly<Record<ImportField, readonly string[]>> = {
  firstName: ['First Name', 'First', 'Given Name', 'Forename'],
  lastName: ['Last Name', 'Last', 'Surname', 'Family Name'],
  name: ['Name', 'Full Name', 'Client Name', 'Customer Name', 'Contact Name', 'Insured Name'],
  email: ['Email', 'E-mail', 'Email Address', 'E-mail Address', 'Primary Email'],
  phone: ['Phone', 'Phone Number', 'Mobile', 'Mobile Phone', 'Cell', 'Cell Phone', 'Telephone', 'Primary Phone', 'Home Phone'],
  birthDate: ['Date of Birth', 'Birth Date', 'Birthdate', 'DOB'],
  age: ['Age'],
  carrier: ['Carrier', 'Company', 'Carrier Name', 'Insurance Company', 'Insurer'],
  line: ['Line of Business', 'Product', 'Line', 'LOB', 'Product Type', 'Policy Type', 'Coverage Type'],
  planName: ['Plan', 'Plan Name'],
  policyNumber: ['Policy Number', 'Policy #', 'Policy No', 'Policy ID', 'Contract Number'],
  status: ['Status', 'Policy Status'],
  effectiveDate: ['Effective Date', 'Effective', 'Start Date', 'Policy Effective Date'],
  renewalDate: ['Renewal Date', 'Renewal', 'Anniversary Date'],
  premium: ['Premium', 'Premium Amount'],
  monthlyPremium: ['Monthly Premium', 'Premium (Monthly)'],
  annualPremium: ['Annual Premium', 'Yearly Premium', 'Premium (Annual)'],
  premiumPeriod: ['Premium Period', 'Premium Frequency', 'Billing Frequency', 'Payment Mode'],
  writingAgent: ['Writing Agent', 'Agent', 'Agent Name', 'Producer'],
};

/** "Policy #" → "policynumber", "E-mail" → "email": the form column names are compared in. */
export function columnKey(header: string): string {
  return header
    .toLowerCase()
    .replace(/#/g, ' number ')
    .replace(/\bno\b\.?/g, ' number ')
    .replace(/[^a-z0-9]+/g, '');
}

const BY_KEY: ReadonlyMap<string, ImportField> = new Map(
  (Object.entries(IMPORT_COLUMNS) as [ImportField, readonly string[]][]).flatMap(([field, names]) =>
    names.map((n) => [columnKey(n), field] as const),
  ),
);

/** The field a column name stands for, or null for a column the import ignores. */
export const fieldOfColumn = (header: string): ImportField | null => BY_KEY.get(columnKey(header)) ?? null;

/** The template's columns, in order (GET /api/admin/customers/import/template). */
export const TEMPLATE_COLUMNS = [
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'Date of Birth',
  'Carrier',
  'Line of Business',
  'Plan',
  'Policy Number',
  'Status',
  'Effective Date',
  'Renewal Date',
  'Premium',
  'Premium Period',
  'Writing Agent',
] as const;

/** The example customer who has two policies: her row repeats her details before each policy. */
const MARIA = ['Maria', 'Lopez', 'maria.lopez@example.com', '(303) 555-0142', '1960-04-12'];

/** The template's example rows: one customer with two policies, one with none. */
export const TEMPLATE_EXAMPLES: readonly (readonly string[])[] = [
  [...MARIA, 'Humana', 'Medicare Advantage', 'Gold Plus HMO', 'H-20417', 'Active', '2026-01-01', '', '45.50', 'Monthly', 'Ben Carter'],
  [
    ...MARIA,
    'Delta Dental',
    'Dental/vision',
    'PPO Basic',
    'DD-88120',
    'Active',
    '2026-02-01',
    '2027-02-01',
    '360.00',
    'Annual',
    'Ben Carter',
  ],
  ['James', 'Okafor', 'james.okafor@example.com', '720-555-0199', '', '', '', '', '', '', '', '', '', '', ''],
];

/** What a row does: creates, updates or leaves a customer and policy as they are, or is refused. */
export type ImportAction = 'create' | 'update' | 'unchanged' | 'refused';

export interface ImportProblem {
  /** The file's column name (or "file" for the row as a whole). */
  column: string;
  message: string;
}

export interface ImportRowResult {
  /** The row's line number in the file (the header is line 1). */
  row: number;
  action: ImportAction;
  name: string;
  email: string;
  customer: Exclude<ImportAction, 'refused'> | null;
  /** Null for a row without policy columns. */
  policy: Exclude<ImportAction, 'refused'> | null;
  /** "Humana H-20417": the policy the row is about. */
  policyLabel: string;
  /** The fields that change on an update ("phone", "premium"). */
  changes: string[];
  problems: ImportProblem[];
}

export interface ImportCounts {
  rows: number;
  create: number;
  update: number;
  unchanged: number;
  refused: number;
  customersCreated: number;
  customersUpdated: number;
  policiesCreated: number;
  policiesUpdated: number;
}

/** The dry run's answer, and the apply's (where the counts are what was done). */
export interface ImportReport {
  /** True when no row is refused: the file may be applied. */
  accepted: boolean;
  counts: ImportCounts;
  /** Columns the file has that the import does not read. */
  ignoredColumns: string[];
  rows: ImportRowResult[];
}

/** An apply's progress, polled while it runs (GET /api/admin/customers/import/progress). */
export interface ImportProgress {
  state: 'running' | 'done' | 'failed';
  done: number;
  total: number;
  error?: string;
}
