// The customer list: a table from 640 px up, cards on a phone (name, tap-to-call phone, the
// actions). Each customer shows their age (from the birth date when known) and coverage: the carrier and
// line of each policy, else the plan of their record. Records lacking a required detail carry a "Missing
// details" mark, people who asked not to be contacted a "Do not contact" badge and a warning instead of the
// call link. The table fits its box from 1280 px down to 640 (actions stack), so focus never scrolls it sideways.
import { Link } from 'react-router-dom';
import { DETAIL_LABELS, type CustomerSummary } from '../../../../schemas/customer.ts';
import { missingDetails } from '../../../../schemas/customer-details.ts';
import { leadRecordHref } from '../../../lib/lead-links.ts';
import { useAdminHost } from '../../../lib/session.ts';
import { formatPhone, telHref } from '../../../lib/phone.ts';
import { DataTable, actionsHeader } from '../../../components/ui.tsx';
import { DoNotContactAction, DoNotContactBadge, NoCallWarning } from '../../../components/DoNotContact.tsx';
import { coverageLines } from './customer-list.ts';

const actionButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center whitespace-nowrap rounded-lg px-3 text-sm font-medium hover:underline';

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
      headers={['Customer', 'Age', 'Coverage', 'Previous Insurance', 'Added', actionsHeader]}
    >
      {customers.map((c) => (
        <tr key={c.customerId} className="align-top">
          <td className="min-w-64 px-4 py-3">
            <div className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
              {c.name} <MissingBadge customer={c} /> <DoNotContactBadge mark={c.doNotContact} />
            </div>
            <div className="text-slate-600 [overflow-wrap:anywhere]">{c.email}</div>
            <div className="whitespace-nowrap text-slate-600">{formatPhone(c.phone)}</div>
            {c.leadId && <LeadLink leadId={c.leadId} />}
          </td>
          <td className="px-4 py-3">{c.age ?? '—'}</td>
          <td className="px-4 py-3">
            <ul aria-label={`Coverage of ${c.name}`}>
              {coverageLines(c).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </td>
          <td className="px-4 py-3">{c.currentInsurance || '—'}</td>
          <td className="whitespace-nowrap px-4 py-3">{new Date(c.createdAt).toLocaleDateString()}</td>
          <td className="px-2 py-1">
            {/* Two lines (the do-not-contact action above Edit and Delete), so the row fits the table's box. */}
            <div className="ml-auto flex w-44 flex-wrap justify-end">
              <Actions c={c} {...actions} />
            </div>
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
            {c.age !== null && <p className="text-sm text-slate-700">Age {c.age}</p>}
            <ul aria-label={`Coverage of ${c.name}`} className="text-sm text-slate-700">
              {coverageLines(c).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
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
