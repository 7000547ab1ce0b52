// The customer form's fields, grouped in the order a broker asks during a call: who, household,
// coverage, health, notes. Used by the add/edit modal and by the form that closes a lead. Each
// field shows its own error under it, marked invalid and described by that message.
import { useId, type ReactNode } from 'react';
import { inputClass } from '../ui.tsx';
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
  type RequiredDetail,
} from '../../../schemas/customer.ts';
import type { CustomerField, CustomerForm, FieldErrors } from './customer-form.ts';

/** What a control needs from its field: its id and, when the field has an error, the invalid marks. */
interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

function Field(props: {
  label: string;
  required?: boolean;
  error?: string;
  children: (control: ControlProps) => ReactNode;
  wide?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const control: ControlProps = props.error ? { id, 'aria-invalid': true, 'aria-describedby': errorId } : { id };
  return (
    <div className={props.wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {props.label}
        {props.required && (
          <span className="text-red-600" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {props.children(control)}
      {props.error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {props.error}
        </p>
      )}
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  // min-w-0: a fieldset is otherwise as wide as its widest option, wider than a phone.
  return (
    <fieldset className="min-w-0 rounded-xl border border-slate-200 p-3 sm:p-4">
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

type TextField = Exclude<CustomerField, 'hasKids'>;

/**
 * `required`: the details (age, provider) this form requires. The add form requires both, the
 * close form neither, an edit those the record already had.
 */
export function CustomerFields(props: {
  form: CustomerForm;
  errors: FieldErrors;
  onChange(next: CustomerForm, changed: CustomerField): void;
  required: readonly RequiredDetail[];
  disabled?: boolean;
  /** Shown instead of the medical fields (history, medications, doctor, notes) when the reader may not see them (the customer card). */
  healthSlot?: ReactNode;
}) {
  const { form, errors, onChange, required, disabled, healthSlot } = props;
  const kidsId = useId();
  const setText = (key: TextField) => (e: { target: { value: string } }) => onChange({ ...form, [key]: e.target.value }, key);
  const text =
    (key: TextField, type = 'text', extra: Record<string, unknown> = {}) =>
    (control: ControlProps) => (
      <input {...control} type={type} value={form[key]} onChange={setText(key)} disabled={disabled} className={inputClass} {...extra} />
    );
  const select = (key: TextField, list: readonly string[], blank?: string, isRequired?: boolean) => (control: ControlProps) => (
    <select {...control} value={form[key]} onChange={setText(key)} disabled={disabled} required={isRequired} className={inputClass}>
      <Options list={list} blank={blank} />
    </select>
  );
  const area = (key: TextField) => (control: ControlProps) => (
    <textarea {...control} rows={2} value={form[key]} onChange={setText(key)} disabled={disabled} className={inputClass} />
  );
  const field = (key: TextField) => ({ error: errors[key] });
  const needsAge = required.includes('age');
  const needsProvider = required.includes('insuranceProvider');

  return (
    <div className="space-y-4">
      <Group title="Contact">
        <Field label="Name" required {...field('name')}>
          {text('name', 'text', { required: true, autoComplete: 'off' })}
        </Field>
        <Field label="Age" required={needsAge} {...field('age')}>
          {text('age', 'number', { min: AGE_MIN, max: AGE_MAX, required: needsAge, inputMode: 'numeric' })}
        </Field>
        <Field label="Email" required {...field('email')}>
          {text('email', 'email', { required: true, autoComplete: 'off' })}
        </Field>
        <Field label="Phone" required {...field('phone')}>
          {text('phone', 'tel', { required: true, autoComplete: 'off' })}
        </Field>
      </Group>

      <Group title="Household and income">
        <label htmlFor={kidsId} className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-700 sm:col-span-2">
          <input
            id={kidsId}
            type="checkbox"
            checked={form.hasKids}
            onChange={(e) => onChange({ ...form, hasKids: e.target.checked }, 'hasKids')}
            disabled={disabled}
            className="h-5 w-5 rounded border-slate-300"
          />
          Has kids
        </label>
        {form.hasKids && (
          <>
            <Field label="Number of Children" required {...field('kidsCount')}>
              {text('kidsCount', 'number', { min: KIDS_MIN, max: KIDS_MAX, required: true, inputMode: 'numeric' })}
            </Field>
            <Field label="Kids Ages" {...field('kidsAges')}>
              {text('kidsAges', 'text', { placeholder: 'e.g. 4, 9, 12' })}
            </Field>
          </>
        )}
        <Field label="Employment Status" {...field('employmentStatus')}>
          {select('employmentStatus', EMPLOYMENT_STATUSES, 'Select status')}
        </Field>
        <Field label="Annual Income" {...field('annualIncome')}>
          {select('annualIncome', ANNUAL_INCOMES, 'Select income')}
        </Field>
        <Field label="Birth Date" {...field('birthDate')}>
          {text('birthDate', 'date')}
        </Field>
      </Group>

      <Group title="Coverage">
        <Field label="Insurance Type" required {...field('insuranceType')}>
          {select('insuranceType', INSURANCE_TYPES, undefined, true)}
        </Field>
        <Field label="Plan Type" required {...field('planType')}>
          {select('planType', PLAN_TYPES, undefined, true)}
        </Field>
        <Field label="Insurance Provider" required={needsProvider} {...field('insuranceProvider')}>
          {select('insuranceProvider', INSURANCE_PROVIDERS, 'Select provider', needsProvider)}
        </Field>
        <Field label="Previous Insurance" {...field('currentInsurance')}>
          {text('currentInsurance')}
        </Field>
        <Field label="Budget Range" {...field('budgetRange')}>
          {select('budgetRange', BUDGET_RANGES, 'Select budget')}
        </Field>
        <Field label="Policy Start Date" {...field('policyStartDate')}>
          {text('policyStartDate', 'date')}
        </Field>
        <Field label="Desired Coverage" wide {...field('desiredCoverage')}>
          {area('desiredCoverage')}
        </Field>
        {!healthSlot && (
          <Field label="Preferred Doctor" wide {...field('preferredDoctor')}>
            {text('preferredDoctor')}
          </Field>
        )}
      </Group>

      <Group title="Health (private)">
        {healthSlot ?? (
          <>
            <Field label="Medical History" wide {...field('medicalHistory')}>
              {area('medicalHistory')}
            </Field>
            <Field label="Medications" wide {...field('medications')}>
              {area('medications')}
            </Field>
          </>
        )}
      </Group>

      {!healthSlot && (
        <Field label="Notes" {...field('notes')}>
          {area('notes')}
        </Field>
      )}
    </div>
  );
}
