// The customer list: a table from 640 px up, cards on a phone (name, tap-to-call phone, the
// actions). Records lacking a required detail carry a "Missing details" mark, people who asked not to be
// contacted a "Do not contact" badge and a warning instead of the call link.
import { Link } from 'react-router-dom';
import { DETAIL_LABELS, missingDetails, type CustomerSummary } from '../../../../schemas/customer.ts';
import { leadRecordHref } from '../../../lib/lead-links.ts';
import { useAdminHost } from '../../../lib/session.ts';
import { formatPhone, telHref } from '../../../lib/phone.ts';
import { DataTable, actionsHeader } from '../../../components/ui.tsx';
import { DoNotContactAction, DoNotContactBadge, NoCallWarning } from '../../../components/DoNotContact.tsx';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const actionButton = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-medium hover:underline';

interface ListProps {
  customers: CustomerSummary[];
  onEdit(c: CustomerSummary): void;
  onDelete(c: CustomerSummary): void;
  isAdmin: boolean;
  /** A do-not-contact mark or lift was saved. */
  onDone(message: string): void;
}

function MissingBadge({ customer }: { customer: CustomerSummary }) {
  const missing = missingDetails(customer);
  if (missing.length === 0) return null;
  const which = missing.map((k) => DETAIL_LABELS[k]).join(', ');
  return (
    <span
      title={`Missing: ${which}`}
      className="inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
    >
      Missing details<span className="sr-only">: {which}</span>
    </span>
  );
}

/** The lead this customer was closed from: its record keeps the calls, notes and the rest of the history. */
function LeadLink({ leadId }: { leadId: string }) {
  const adminHost = useAdminHost();
  return (
    <Link
      to={leadRecordHref(adminHost, leadId)}
      title="The lead's record: its calls, notes and history"
      className="inline-flex min-h-11 items-center text-xs text-brand-700 hover:underline sm:min-h-0"
    >
      From lead
    </Link>
  );
}

function Actions({ c, onEdit, onDelete, isAdmin, onDone }: { c: CustomerSummary } & Omit<ListProps, 'customers'>) {
  return (
    <>
      <DoNotContactAction
        target={{ customerId: c.customerId }}
        name={c.name}
        mark={c.doNotContact}
        isAdmin={isAdmin}
        onDone={onDone}
        className={`${actionButton} text-rose-800`}
      />
      <button type="button" onClick={() => onEdit(c)} aria-label={`Edit ${c.name}`} className={`${actionButton} text-brand-700`}>
        Edit
      </button>
      <button type="button" onClick={() => onDelete(c)} aria-label={`Delete ${c.name}`} className={`${actionButton} text-red-700`}>
        Delete
      </button>
    </>
  );
}

export function CustomerTable({ customers, ...actions }: ListProps) {
  return (
    <DataTable
      label="Customers"
      className="hidden sm:block"
      headers={['Customer', 'Age', 'Insurance', 'Provider', 'Previous Insurance', 'Added', actionsHeader]}
    >
      {customers.map((c) => (
        <tr key={c.customerId}>
          <td className="px-4 py-3">
            <div className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
              {c.name} <MissingBadge customer={c} /> <DoNotContactBadge mark={c.doNotContact} />
            </div>
            <div className="text-slate-600">{c.email}</div>
            <div className="text-slate-600">{formatPhone(c.phone)}</div>
            {c.leadId && <LeadLink leadId={c.leadId} />}
          </td>
          <td className="px-4 py-3">{c.age ?? '—'}</td>
          <td className="px-4 py-3">
            {capitalize(c.insuranceType)} · {c.planType}
          </td>
          <td className="px-4 py-3">{c.insuranceProvider ?? '—'}</td>
          <td className="px-4 py-3">{c.currentInsurance || '—'}</td>
          <td className="whitespace-nowrap px-4 py-3">{new Date(c.createdAt).toLocaleDateString()}</td>
          <td className="whitespace-nowrap px-4 py-3 text-right">
            <Actions c={c} {...actions} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

export function CustomerCards({ customers, ...actions }: ListProps) {
  return (
    <ul aria-label="Customers" className="space-y-3 sm:hidden">
      {customers.map((c) => (
        <li key={c.customerId} className="rounded-xl bg-white p-4 shadow-sm">
          <article aria-label={c.name}>
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-base font-semibold text-slate-900">{c.name}</h2>
              <MissingBadge customer={c} />
              <DoNotContactBadge mark={c.doNotContact} />
            </div>
            <p className="break-all text-sm text-slate-600">{c.email}</p>
            {c.doNotContact ? (
              <NoCallWarning phone={formatPhone(c.phone)} />
            ) : (
              <a href={telHref(c.phone)} className="mt-1 inline-flex min-h-11 items-center text-base font-medium text-brand-700 underline">
                <span className="sr-only">Call </span>
                {formatPhone(c.phone)}
              </a>
            )}
            <p className="text-sm text-slate-700">
              {capitalize(c.insuranceType)} · {c.planType}
              {c.insuranceProvider ? ` · ${c.insuranceProvider}` : ''}
              {c.age !== null ? ` · age ${c.age}` : ''}
            </p>
            <div className="mt-2 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-2">
              {c.leadId ? <LeadLink leadId={c.leadId} /> : <span />}
              <div className="flex gap-1">
                <Actions c={c} {...actions} />
              </div>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
