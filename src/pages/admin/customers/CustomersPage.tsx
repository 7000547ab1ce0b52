// Customer Management (SPEC.md §2, §5, §8): stats, search and filters, the table, add/edit, delete
// with confirmation, and a CSV of the filtered list.
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { adminPath } from '../../../../schemas/host-mode.ts';
import { useAdminHost } from '../../../lib/session.ts';
import { INSURANCE_PROVIDERS, INSURANCE_TYPES, PLAN_TYPES, type CustomerSummary } from '../../../../schemas/customer.ts';
import { customersCsv } from '../../../../schemas/customer-csv.ts';
import { NO_FILTERS, customerStats, filterCustomers, type CustomerFilters } from './customer-list.ts';
import { CustomerModal } from './CustomerModal.tsx';
import { Alert, primaryButton, secondaryButton } from '../../../components/DialogFrame.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { inputClass } from './CustomerFields.tsx';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

export default function CustomersPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const adminHost = useAdminHost();
  const customers = useQuery(trpc.customers.list.queryOptions());
  const [filters, setFilters] = useState<CustomerFilters>(NO_FILTERS);
  const [editing, setEditing] = useState<string | null | undefined>(undefined); // undefined: closed, null: adding
  const [deleting, setDeleting] = useState<CustomerSummary | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [loadErrorDismissed, setLoadErrorDismissed] = useState(false);

  const remove = useMutation(
    trpc.customers.remove.mutationOptions({
      onSuccess: () => {
        setDeleting(null);
        void queryClient.invalidateQueries({ queryKey: trpc.customers.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.leads.pathKey() });
      },
      onError: (err) => {
        setDeleting(null);
        setDeleteError(err.message ? `Error deleting customer: ${err.message}` : 'Failed to delete customer');
      },
    }),
  );

  // Every export is in the audit log before the file is made.
  const noteExport = useMutation(trpc.customers.noteExport.mutationOptions());
  const exportCsv = (rows: CustomerSummary[]) =>
    noteExport.mutateAsync({ count: rows.length }).then(
      () => download(`customers-${new Date().toISOString().slice(0, 10)}.csv`, customersCsv(rows)),
      (err: Error) => setDeleteError(`Error exporting customers: ${err.message}`),
    );

  const all = useMemo(() => customers.data ?? [], [customers.data]);
  const shown = useMemo(() => filterCustomers(all, filters), [all, filters]);
  const stats = useMemo(() => customerStats(all), [all]);
  const set = (key: keyof CustomerFilters) => (e: { target: { value: string } }) => setFilters({ ...filters, [key]: e.target.value });
  const loadError = customers.error && !loadErrorDismissed ? (customers.error.message ? `Error loading customers: ${customers.error.message}` : 'Failed to load customers') : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Customer Management</h1>
        <div className="flex gap-3">
          <button type="button" className={secondaryButton} disabled={shown.length === 0 || noteExport.isPending} onClick={() => void exportCsv(shown)}>
            Export CSV
          </button>
          <button type="button" className={primaryButton} onClick={() => setEditing(null)}>
            Add Customer
          </button>
        </div>
      </div>

      {loadError && <Alert onDismiss={() => setLoadErrorDismissed(true)}>{loadError}</Alert>}
      {deleteError && <Alert onDismiss={() => setDeleteError(null)}>{deleteError}</Alert>}

      <section aria-label="Customer stats" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <Stat label="Total Customers" value={stats.total} />
        {INSURANCE_TYPES.map((t) => (
          <Stat key={t} label={capitalize(t)} value={stats.byType[t]} />
        ))}
        <Stat label="New This Month" value={stats.newThisMonth} />
      </section>

      <section aria-label="Search and filters" className="grid gap-3 rounded-xl bg-white p-4 shadow-sm sm:grid-cols-4">
        <input type="search" aria-label="Search customers" placeholder="Search by name, email or phone" value={filters.search} onChange={set('search')} className={inputClass} />
        <select aria-label="Filter by insurance type" value={filters.insuranceType} onChange={set('insuranceType')} className={inputClass}>
          <option value="">All Types</option>
          {INSURANCE_TYPES.map((t) => (
            <option key={t} value={t}>
              {capitalize(t)}
            </option>
          ))}
        </select>
        <select aria-label="Filter by plan type" value={filters.planType} onChange={set('planType')} className={inputClass}>
          <option value="">All Plans</option>
          {PLAN_TYPES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
        <select aria-label="Filter by provider" value={filters.provider} onChange={set('provider')} className={inputClass}>
          <option value="">All Providers</option>
          {INSURANCE_PROVIDERS.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </select>
      </section>

      <div className="overflow-x-auto rounded-xl bg-white shadow-sm">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
            <tr>
              <th className="px-4 py-3">Customer</th>
              <th className="px-4 py-3">Age</th>
              <th className="px-4 py-3">Insurance</th>
              <th className="px-4 py-3">Provider</th>
              <th className="px-4 py-3">Previous Insurance</th>
              <th className="px-4 py-3">Added</th>
              <th className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {customers.isPending ? (
              <tr>
                <td colSpan={7} className="px-4 py-8 text-center text-slate-500">
                  Loading customers...
                </td>
              </tr>
            ) : shown.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-4 py-8 text-center text-slate-500">
                  No customers found
                </td>
              </tr>
            ) : (
              shown.map((c) => (
                <tr key={c.customerId}>
                  <td className="px-4 py-3">
                    <div className="font-medium text-slate-900">{c.name}</div>
                    <div className="text-slate-500">{c.email}</div>
                    <div className="text-slate-500">{c.phone}</div>
                    {c.leadId && (
                      <Link to={`${adminPath(adminHost, 'leads')}?lead=${c.leadId}`} className="text-xs text-brand-600 hover:underline">
                        From lead
                      </Link>
                    )}
                  </td>
                  <td className="px-4 py-3">{c.age ?? '—'}</td>
                  <td className="px-4 py-3">
                    {capitalize(c.insuranceType)} · {c.planType}
                  </td>
                  <td className="px-4 py-3">{c.insuranceProvider ?? '—'}</td>
                  <td className="px-4 py-3">{c.currentInsurance || '—'}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{new Date(c.createdAt).toLocaleDateString()}</td>
                  <td className="px-4 py-3 text-right whitespace-nowrap">
                    <button type="button" onClick={() => setEditing(c.customerId)} aria-label={`Edit ${c.name}`} className="mr-3 text-brand-600 hover:underline">
                      Edit
                    </button>
                    <button type="button" onClick={() => setDeleting(c)} aria-label={`Delete ${c.name}`} className="text-red-600 hover:underline">
                      Delete
                    </button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      {editing !== undefined && <CustomerModal customerId={editing} onClose={() => setEditing(undefined)} />}

      {deleting && (
        <ConfirmDialog
          title="Delete Customer"
          message={`Delete ${deleting.name}? This cannot be undone.${deleting.leadId ? ' Their lead goes back to follow-up.' : ''}`}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          onConfirm={() => remove.mutate({ customerId: deleting.customerId })}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm">
      <p className="text-sm text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
    </div>
  );
}
