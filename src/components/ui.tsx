// The admin console's small kit: one look for inputs and buttons, a labelled text field, a data table with
// its message row, and the boxes that stand in for a list that cannot be shown. Pages compose these
// instead of repeating class strings.
import { useId, type ReactNode } from 'react';

/** Inputs, selects and text areas: 44 px tall for touch, 16 px text on phones so iOS does not zoom. */
export const inputClass =
  'mt-1 block min-h-11 w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 focus:border-brand-500 ' +
  'focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-600 sm:text-sm';

export const primaryButton =
  'min-h-11 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButton =
  'min-h-11 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50';

/** A required text input with its label. */
export function TextField(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
  type?: 'text' | 'email' | 'password';
  minLength?: number;
  autoComplete?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {props.label}
      </label>
      <input
        id={id}
        type={props.type ?? 'text'}
        required
        minLength={props.minLength}
        autoComplete={props.autoComplete ?? 'off'}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        disabled={props.disabled}
        className={inputClass}
      />
    </div>
  );
}

/** A table on a white card that scrolls inside itself when wider than the screen. */
export function DataTable({ headers, className = '', children }: { headers: ReactNode[]; className?: string; children: ReactNode }) {
  return (
    <div className={`overflow-x-auto rounded-xl bg-white shadow-sm ${className}`}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            {headers.map((header, i) => (
              <th key={i} className="px-4 py-3">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** One row across a table's columns: its loading or empty message. */
export function TableMessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-6 text-center text-slate-500">
        {children}
      </td>
    </tr>
  );
}

/** In place of a list that cannot be shown: `error` for a failed load (announced), `info` for no access. */
export function ListNotice({ kind, children }: { kind: 'error' | 'info'; children: ReactNode }) {
  return kind === 'error' ? (
    <p role="alert" className="rounded-lg border border-rose-200 bg-rose-50 p-4 text-rose-800">
      {children}
    </p>
  ) : (
    <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">{children}</p>
  );
}

/** The sr-only header of a table's actions column. */
export const actionsHeader = <span className="sr-only">Actions</span>;
