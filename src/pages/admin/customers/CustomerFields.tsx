// The customer form's fields, grouped in the order a broker asks during a call: who, household,
// coverage, health, notes. Used by the add/edit modal and by the form that closes a lead.
import { useId, type ReactNode } from 'react';
import {
  AGE_MAX,
  AGE_MIN,
  ANNUAL_INCOMES,
  BUDGET_RANGES,
  EMPLOYMENT_STATUSES,
  INSURANCE_PROVIDERS,
  INSURANCE_TYPES,
  KIDS_MAX,
  KIDS_MIN,
  PLAN_TYPES,
  type CustomerDetail,
} from '../../../../schemas/customer.ts';

/** Form state: text for every input, as the browser gives it. */
export interface CustomerForm {
  name: string;
  email: string;
  phone: string;
  age: string;
  hasKids: boolean;
  kidsCount: string;
  kidsAges: string;
  currentInsurance: string;
  insuranceProvider: string;
  desiredCoverage: string;
  budgetRange: string;
  medicalHistory: string;
  medications: string;
  preferredDoctor: string;
  insuranceType: string;
  planType: string;
  employmentStatus: string;
  annualIncome: string;
  policyStartDate: string;
  notes: string;
}

export const emptyForm = (contact: { name?: string; email?: string; phone?: string } = {}): CustomerForm => ({
  name: contact.name ?? '',
  email: contact.email ?? '',
  phone: contact.phone ?? '',
  age: '',
  hasKids: false,
  kidsCount: '',
  kidsAges: '',
  currentInsurance: '',
  insuranceProvider: '',
  desiredCoverage: '',
  budgetRange: '',
  medicalHistory: '',
  medications: '',
  preferredDoctor: '',
  insuranceType: 'individual',
  planType: 'PPO',
  employmentStatus: '',
  annualIncome: '',
  policyStartDate: '',
  notes: '',
});

export function formFromCustomer(c: CustomerDetail): CustomerForm {
  return {
    ...emptyForm(c),
    age: c.age === null ? '' : String(c.age),
    hasKids: c.hasKids,
    kidsCount: c.kidsCount === null ? '' : String(c.kidsCount),
    kidsAges: c.kidsAges,
    currentInsurance: c.currentInsurance,
    insuranceProvider: c.insuranceProvider ?? '',
    desiredCoverage: c.desiredCoverage,
    budgetRange: c.budgetRange ?? '',
    medicalHistory: c.medicalHistory,
    medications: c.medications,
    preferredDoctor: c.preferredDoctor,
    insuranceType: c.insuranceType,
    planType: c.planType,
    employmentStatus: c.employmentStatus ?? '',
    annualIncome: c.annualIncome ?? '',
    policyStartDate: c.policyStartDate ?? '',
    notes: c.notes,
  };
}

/** The payload the procedures take: empty inputs are null, kids only with has-kids. */
export function payloadFromForm(f: CustomerForm) {
  return {
    ...f,
    age: f.age.trim() === '' ? null : Number(f.age),
    kidsCount: f.hasKids && f.kidsCount.trim() !== '' ? Number(f.kidsCount) : null,
    kidsAges: f.hasKids ? f.kidsAges : '',
  };
}

export const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:bg-slate-100';

function Field(props: { label: string; required?: boolean; children: (id: string) => ReactNode; wide?: boolean }) {
  const id = useId();
  return (
    <div className={props.wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {props.label}
        {props.required && <span className="text-red-600" aria-hidden="true"> *</span>}
      </label>
      {props.children(id)}
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-brand-700">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

const Options = ({ list, blank }: { list: readonly string[]; blank?: string }) => (
  <>
    {blank !== undefined && <option value="">{blank}</option>}
    {list.map((o) => (
      <option key={o} value={o}>
        {o}
      </option>
    ))}
  </>
);

/**
 * `strict`: the add/edit modal's required fields (age, provider). Without it only name, email and
 * phone are required, as on the form that closes a lead.
 */
export function CustomerFields({ form, onChange, strict, disabled }: { form: CustomerForm; onChange(next: CustomerForm): void; strict: boolean; disabled?: boolean }) {
  const kidsId = useId();
  const set = <K extends keyof CustomerForm>(key: K) => (value: CustomerForm[K]) => onChange({ ...form, [key]: value });
  const text = (key: keyof CustomerForm, type = 'text', extra: Record<string, unknown> = {}) => (id: string) => (
    <input id={id} type={type} value={form[key] as string} onChange={(e) => set(key)(e.target.value as never)} disabled={disabled} className={inputClass} {...extra} />
  );
  const select = (key: keyof CustomerForm, list: readonly string[], blank?: string, required?: boolean) => (id: string) => (
    <select id={id} value={form[key] as string} onChange={(e) => set(key)(e.target.value as never)} disabled={disabled} required={required} className={inputClass}>
      <Options list={list} blank={blank} />
    </select>
  );
  const area = (key: keyof CustomerForm) => (id: string) => (
    <textarea id={id} rows={2} value={form[key] as string} onChange={(e) => set(key)(e.target.value as never)} disabled={disabled} className={inputClass} />
  );

  return (
    <div className="space-y-4">
      <Group title="Contact">
        <Field label="Name" required>{text('name', 'text', { required: true, autoComplete: 'off' })}</Field>
        <Field label="Age" required={strict}>{text('age', 'number', { min: AGE_MIN, max: AGE_MAX, required: strict, inputMode: 'numeric' })}</Field>
        <Field label="Email" required>{text('email', 'email', { required: true, autoComplete: 'off' })}</Field>
        <Field label="Phone" required>{text('phone', 'tel', { required: true, autoComplete: 'off' })}</Field>
      </Group>

      <Group title="Household and income">
        <div className="flex items-center gap-2 sm:col-span-2">
          <input id={kidsId} type="checkbox" checked={form.hasKids} onChange={(e) => set('hasKids')(e.target.checked)} disabled={disabled} className="h-4 w-4 rounded border-slate-300" />
          <label htmlFor={kidsId} className="text-sm font-medium text-slate-700">
            Has kids
          </label>
        </div>
        {form.hasKids && (
          <>
            <Field label="Number of Children" required>{text('kidsCount', 'number', { min: KIDS_MIN, max: KIDS_MAX, required: true, inputMode: 'numeric' })}</Field>
            <Field label="Kids Ages">{text('kidsAges', 'text', { placeholder: 'e.g. 4, 9, 12' })}</Field>
          </>
        )}
        <Field label="Employment Status">{select('employmentStatus', EMPLOYMENT_STATUSES, 'Select status')}</Field>
        <Field label="Annual Income">{select('annualIncome', ANNUAL_INCOMES, 'Select income')}</Field>
      </Group>

      <Group title="Coverage">
        <Field label="Insurance Type" required>{select('insuranceType', INSURANCE_TYPES, undefined, true)}</Field>
        <Field label="Plan Type" required>{select('planType', PLAN_TYPES, undefined, true)}</Field>
        <Field label="Insurance Provider" required={strict}>{select('insuranceProvider', INSURANCE_PROVIDERS, 'Select provider', strict)}</Field>
        <Field label="Previous Insurance">{text('currentInsurance')}</Field>
        <Field label="Budget Range">{select('budgetRange', BUDGET_RANGES, 'Select budget')}</Field>
        <Field label="Policy Start Date">{text('policyStartDate', 'date')}</Field>
        <Field label="Desired Coverage" wide>{area('desiredCoverage')}</Field>
        <Field label="Preferred Doctor" wide>{text('preferredDoctor')}</Field>
      </Group>

      <Group title="Health (private)">
        <Field label="Medical History" wide>{area('medicalHistory')}</Field>
        <Field label="Medications" wide>{area('medications')}</Field>
      </Group>

      <Field label="Notes">{area('notes')}</Field>
    </div>
  );
}
