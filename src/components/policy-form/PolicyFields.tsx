// The policy form's inputs (add and edit): carrier, line, plan, number, status, dates, premium,
// expected commission and the writing agent, each labelled with its problem beneath it.
import { useId, type ReactNode } from 'react';
import { POLICY_LINES, POLICY_LINE_LABELS, POLICY_STATUSES, PREMIUM_PERIODS } from '../../../schemas/policy.ts';
import { INSURANCE_PROVIDERS } from '../../../schemas/customer.ts';
import { inputClass } from '../ui.tsx';
import type { PolicyErrors, PolicyField, PolicyForm } from './policy-form.ts';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function Field(props: {
  label: string;
  hint?: string;
  error?: string;
  children(control: { id: string; 'aria-describedby'?: string }): ReactNode;
}) {
  const id = useId();
  const note = `${id}-note`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {props.label}
      </label>
      {props.children({ id, 'aria-describedby': props.error || props.hint ? note : undefined })}
      {props.error ? (
        <p id={note} className="mt-1 text-sm text-red-700">
          {props.error}
        </p>
      ) : (
        props.hint && (
          <p id={note} className="mt-1 text-xs text-slate-600">
            {props.hint}
          </p>
        )
      )}
    </div>
  );
}

export function PolicyFields(props: {
  form: PolicyForm;
  errors: PolicyErrors;
  agents: string[];
  disabled: boolean;
  onChange(form: PolicyForm): void;
}) {
  const { form, errors, disabled } = props;
  const listId = useId();
  const set = (key: PolicyField) => (e: { target: { value: string } }) => props.onChange({ ...form, [key]: e.target.value });
  const input = (key: PolicyField, type = 'text', extra: Record<string, unknown> = {}) =>
    function Control(control: { id: string }) {
      return (
        <input
          {...control}
          type={type}
          value={form[key]}
          onChange={set(key)}
          disabled={disabled}
          aria-invalid={errors[key] ? true : undefined}
          className={inputClass}
          {...extra}
        />
      );
    };
  const select = (key: PolicyField, options: [string, string][]) =>
    function Control(control: { id: string }) {
      return (
        <select {...control} value={form[key]} onChange={set(key)} disabled={disabled} className={inputClass}>
          {options.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      );
    };

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label="Carrier" error={errors.carrier}>
        {input('carrier', 'text', { list: `${listId}-carriers`, autoComplete: 'off' })}
      </Field>
      <datalist id={`${listId}-carriers`}>
        {INSURANCE_PROVIDERS.filter((p) => p !== 'Other').map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <Field label="Line" error={errors.line}>
        {select(
          'line',
          POLICY_LINES.map((l) => [l, POLICY_LINE_LABELS[l]]),
        )}
      </Field>
      <Field label="Plan name" error={errors.planName}>
        {input('planName')}
      </Field>
      <Field label="Policy number" error={errors.policyNumber}>
        {input('policyNumber')}
      </Field>
      <Field label="Status" error={errors.status}>
        {select(
          'status',
          POLICY_STATUSES.map((s) => [s, capitalize(s)]),
        )}
      </Field>
      <Field label="Written by" error={errors.writingAgent}>
        {input('writingAgent', 'text', { list: `${listId}-agents`, autoComplete: 'off' })}
      </Field>
      <datalist id={`${listId}-agents`}>
        {props.agents.map((a) => (
          <option key={a} value={a} />
        ))}
      </datalist>
      <Field label="Effective date" error={errors.effectiveDate}>
        {input('effectiveDate', 'date')}
      </Field>
      <Field label="Renewal date" hint="Blank: the anniversary of the effective date" error={errors.renewalDate}>
        {input('renewalDate', 'date')}
      </Field>
      <Field label="Premium ($)" error={errors.premium}>
        {input('premium', 'text', { inputMode: 'decimal', placeholder: '0.00' })}
      </Field>
      <Field label="Premium period" error={errors.premiumPeriod}>
        {select(
          'premiumPeriod',
          PREMIUM_PERIODS.map((p) => [p, p === 'monthly' ? 'Per month' : 'Per year']),
        )}
      </Field>
      <Field label="Expected commission" error={errors.commissionKind}>
        {select('commissionKind', [
          ['', 'Not recorded'],
          ['rate', 'Rate (% of annual premium)'],
          ['amount', 'Amount ($ per year)'],
        ])}
      </Field>
      {form.commissionKind && (
        <Field label={form.commissionKind === 'rate' ? 'Commission rate (%)' : 'Commission amount ($)'} error={errors.commissionValue}>
          {input('commissionValue', 'text', { inputMode: 'decimal' })}
        </Field>
      )}
      {form.commissionKind === 'rate' && (
        <Field
          label="Renewal rate (%)"
          hint="Blank: the same rate every year; otherwise the rate above is the first year's"
          error={errors.commissionRenewal}
        >
          {input('commissionRenewal', 'text', { inputMode: 'decimal' })}
        </Field>
      )}
    </div>
  );
}
