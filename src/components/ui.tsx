// The admin console's small kit: one look for inputs and buttons, a field's label, labelled inputs,
// a data table with its message row, the boxes that stand in for a list that cannot be shown, a pager and the feedback toast.
// Pages compose these instead of repeating class strings.
import { useEffect, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** Inputs, selects and text areas: 44 px tall for touch, 16 px text on phones so iOS does not zoom. */
export const inputClass =
  'mt-1 block min-h-11 w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 focus:border-brand-500 ' +
  'focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-600 sm:text-sm';

export const primaryButton =
  'min-h-11 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButton =
  'min-h-11 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50';

/** The label above a field. */
export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-700">
      {children}
    </label>
  );
}

/**
 * An input of the kit's look under its label; `children` (a help line, an error) follow it. Give `id` when
 * the input must point at them (aria-describedby).
 */
export function LabelledInput({
  label,
  id: givenId,
  onValue,
  children,
  ...input
}: { label: string; onValue(value: string): void; children?: ReactNode } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'className' | 'children'
>) {
  const ownId = useId();
  const id = givenId ?? ownId;
  return (
    <div>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <input id={id} {...input} onChange={(e) => onValue(e.target.value)} className={inputClass} />
      {children}
    </div>
  );
}

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
  return (
    <LabelledInput
      label={props.label}
      type={props.type ?? 'text'}
      required
      minLength={props.minLength}
      autoComplete={props.autoComplete ?? 'off'}
      value={props.value}
      onValue={props.onChange}
      disabled={props.disabled}
    />
  );
}

/** A table on a white card that scrolls inside itself when wider than the screen. */
export function DataTable({
  label,
  headers,
  className = '',
  children,
}: {
  /** Names the scrolling box, which takes focus so a keyboard can scroll it sideways. */
  label: string;
  headers: ReactNode[];
  className?: string;
  children: ReactNode;
}) {
  return (
    // `relative`: the sr-only header text (absolutely placed) stays inside the scrolling box instead of widening the page.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls must be reachable by keyboard (WCAG 2.1.1)
    <div role="region" aria-label={label} tabIndex={0} className={`relative overflow-x-auto rounded-xl bg-white shadow-sm ${className}`}>
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

/** Paging under a list: "Showing 51–100 of 358" and Previous / Next. `page` counts from 0. */
export function Pager(props: { page: number; pages: number; pageSize: number; total: number; onPage(page: number): void }) {
  const { page, pages, pageSize, total, onPage } = props;
  const first = page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <nav aria-label="Pages" className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
      <p>
        Showing {first}–{last} of {total}
      </p>
      {pages > 1 && (
        <div className="flex items-center gap-2">
          <button type="button" className={secondaryButton} disabled={page === 0} onClick={() => onPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page + 1} of {pages}
          </span>
          <button type="button" className={secondaryButton} disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
            Next
          </button>
        </div>
      )}
    </nav>
  );
}

/** A button or a link offered by a toast ("Undo", "Open"). */
export type ToastAction = { label: string; onClick(): void; href?: undefined } | { label: string; href: string; onClick?: () => void };

export interface ToastMessage {
  tone: 'error' | 'success';
  message: string;
  /** A second line, e.g. the server's explanation. */
  detail?: string;
  actions?: ToastAction[];
}

/** How long a confirmation stays; errors stay until dismissed or replaced. */
const TOAST_SUCCESS_MS = 8000;

/**
 * The console's one feedback: a single message floating over the page (above the phone's bottom
 * navigation), so it never pushes a list down. A new message replaces the old one, so an old error
 * never outlives a later success. Errors are announced at once (alert), confirmations politely (status).
 */
export function Toast({ toast, onDismiss }: { toast: ToastMessage | null; onDismiss(): void }) {
  useEffect(() => {
    if (toast?.tone !== 'success') return;
    const timer = window.setTimeout(onDismiss, TOAST_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [toast, onDismiss]);
  if (!toast) return null;
  const error = toast.tone === 'error';
  const action = `flex min-h-11 items-center rounded-md px-3 text-sm font-semibold underline-offset-2 hover:underline ${
    error ? 'text-rose-900' : 'text-emerald-900'
  }`;
  return (
    <div className="pointer-events-none fixed inset-x-3 bottom-20 z-40 flex justify-end md:bottom-4 md:left-auto md:right-6 md:w-96">
      <div
        role={error ? 'alert' : 'status'}
        className={`pointer-events-auto flex w-full items-start justify-between gap-2 rounded-lg border px-4 py-2 text-sm shadow-lg ${
          error ? 'border-rose-200 bg-rose-50 text-rose-800' : 'border-emerald-200 bg-emerald-50 text-emerald-800'
        }`}
      >
        <div className="min-w-0 py-1">
          <p className="font-medium">{toast.message}</p>
          {toast.detail && <p className="mt-0.5 text-xs">{toast.detail}</p>}
          {toast.actions && toast.actions.length > 0 && (
            <div className="-ml-3 mt-1 flex flex-wrap gap-1">
              {toast.actions.map((a) =>
                a.href !== undefined ? (
                  <Link key={a.label} to={a.href} className={action} onClick={a.onClick}>
                    {a.label}
                  </Link>
                ) : (
                  <button key={a.label} type="button" className={action} onClick={a.onClick}>
                    {a.label}
                  </button>
                ),
              )}
            </div>
          )}
        </div>
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss notification"
          className="-mr-2 flex h-11 w-11 shrink-0 items-center justify-center text-lg font-bold leading-none opacity-80 hover:opacity-100"
        >
          ×
        </button>
      </div>
    </div>
  );
}

type FormActionsProps = {
  onCancel(): void;
  busy: boolean;
  label: string;
  busyLabel: string;
  submitDisabled?: boolean;
  /** The id of the form it submits, when the row sits outside that form. */
  form?: string;
};

/** A form's Cancel and submit buttons, right-aligned; the submit button reads `busyLabel` while the form is sent. */
export function FormActions(props: FormActionsProps & { className?: string }) {
  return (
    <div className={props.className ?? 'flex flex-wrap justify-end gap-2'}>
      <button type="button" onClick={props.onCancel} disabled={props.busy} className={secondaryButton}>
        Cancel
      </button>
      <button type="submit" form={props.form} disabled={props.busy || props.submitDisabled} className={primaryButton}>
        {props.busy ? props.busyLabel : props.label}
      </button>
    </div>
  );
}

/** A dialog form's actions, kept in view at the bottom while the fields scroll (`.dialog-actions`). */
export const DialogActions = (props: FormActionsProps) => <FormActions {...props} className="dialog-actions" />;
