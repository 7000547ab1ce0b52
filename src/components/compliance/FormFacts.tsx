// The facts a compliance form names (docs/compliance.md): a Scope of Appointment's products and appointment
// date, or an ACA form's scope of help or attestations, and which form it is; shared by the signing link
// and the captured record.
import {
  COMPLIANCE_TYPES,
  COMPLIANCE_TYPE_LABELS,
  SOA_PRODUCTS,
  SOA_PRODUCT_LABELS,
  type ComplianceType,
  type SoaProduct,
} from '../../../schemas/compliance.ts';
import { inputClass } from '../ui.tsx';

/** The form a record or link is for. */
export function FormTypeSelect(props: { value: ComplianceType; onChange(type: ComplianceType): void; busy: boolean }) {
  return (
    <label className="block text-slate-700">
      Form
      <select
        className={inputClass}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as ComplianceType)}
        disabled={props.busy}
      >
        {COMPLIANCE_TYPES.map((t) => (
          <option key={t} value={t}>
            {COMPLIANCE_TYPE_LABELS[t]}
          </option>
        ))}
      </select>
    </label>
  );
}

export interface Facts {
  products: SoaProduct[];
  appointmentDate: string;
  scope: string;
}

export function FormFacts({
  type,
  facts,
  onChange,
  busy,
}: {
  type: ComplianceType;
  facts: Facts;
  onChange(next: Facts): void;
  busy: boolean;
}) {
  const { products, appointmentDate, scope } = facts;
  if (type !== 'medicare-soa')
    return (
      <label className="block text-slate-700">
        {type === 'aca-consent' ? 'Scope, purpose and duration of the help' : 'The attestations explained'}
        <textarea
          className={inputClass}
          rows={3}
          maxLength={1000}
          value={scope}
          onChange={(e) => onChange({ ...facts, scope: e.target.value })}
          disabled={busy}
        />
      </label>
    );
  return (
    <>
      <fieldset>
        <legend className="text-slate-700">Products to discuss</legend>
        <div className="mt-1 grid gap-1 sm:grid-cols-2">
          {SOA_PRODUCTS.map((p) => (
            <label key={p} className="flex min-h-11 items-center gap-2 text-slate-800">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={products.includes(p)}
                disabled={busy}
                onChange={(e) => onChange({ ...facts, products: e.target.checked ? [...products, p] : products.filter((x) => x !== p) })}
              />
              {SOA_PRODUCT_LABELS[p].en}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="block text-slate-700">
        Appointment date
        <input
          type="date"
          className={inputClass}
          value={appointmentDate}
          onChange={(e) => onChange({ ...facts, appointmentDate: e.target.value })}
          disabled={busy}
        />
      </label>
    </>
  );
}
