// Customer Management (docs/product.md §2, §5, §8): stats, search and filters (kept in the address), the
// list, add/edit, delete with confirmation, and a CSV of the filtered list. Saves and deletes are
// confirmed in a notice that floats over the page, so nothing pushes the list down. The customer
// being edited is in the address too (`?customer=<id>`): the activity list links there, and a reload
// keeps it open.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { INSURANCE_PROVIDERS, INSURANCE_TYPES, PLAN_TYPES, type CustomerSummary } from '../../../../schemas/customer.ts';
import { useClientConfig } from '../../../lib/client-config.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { customerStats, filterCustomers, filtersFromParams, paramsWithFilters, type CustomerFilters } from './customer-list.ts';
import { CustomerModal } from './CustomerModal.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { CustomerCards, CustomerTable } from './CustomerList.tsx';
import { Alert } from '../../../components/DialogFrame.tsx';
import { inputClass, primaryButton, secondaryButton } from '../../../components/ui.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Notification, type Notice } from '../../../components/Notification.tsx';
import { errorMessage } from '../../../lib/error-message.ts';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The filters, typed into local state at once and mirrored into the address for reloads and links. */
function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<CustomerFilters>(() => filtersFromParams(params));
  useEffect(() => {
    const next = paramsWithFilters(params, filters);
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [filters, params, setParams]);
  return [filters, setFilters] as const;
}

/** The customer open for editing, kept in `?customer=`; opening adds a history step, so Back closes it. */
function useOpenCustomer() {
  const [params, setParams] = useSearchParams();
  const open = params.get('customer')?.trim().slice(0, 64) || null;
  const setOpen = useCallback(
    (customerId: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (customerId) next.set('customer', customerId);
          else next.delete('customer');
          return next;
        },
        { replace: customerId === null },
      ),
    [setParams],
  );
  return [open, setOpen] as const;
}

export default function CustomersPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const customers = useQuery(trpc.customers.list.queryOptions());
  const access = useQuery(trpc.auth.access.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  const [filters, setFilters] = useUrlFilters();
  const [openCustomer, setOpenCustomer] = useOpenCustomer();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  // undefined: closed, null: adding, an id: editing that customer
  const editing: string | null | undefined = adding ? null : (openCustomer ?? undefined);
  const closeModal = () => (adding ? setAdding(false) : setOpenCustomer(null));
  const [deleting, setDeleting] = useState<CustomerSummary | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [loadErrorDismissed, setLoadErrorDismissed] = useState(false);
  const dismissNotice = useCallback(() => setNotice(null), []);

  const remove = useMutation(
    trpc.customers.remove.mutationOptions({
      onSuccess: (_data, { customerId }) => {
        const name = deleting?.customerId === customerId ? deleting.name : 'The customer';
        setDeleting(null);
        setNotice({ tone: 'success', message: `${name} was deleted.` });
        void queryClient.invalidateQueries({ queryKey: trpc.customers.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.leads.pathKey() });
      },
      onError: (err) => {
        setDeleting(null);
        setNotice({ tone: 'error', message: errorMessage(err, 'Failed to delete customer', 'Error deleting customer') });
      },
    }),
  );

  // The server builds the file for the filters shown and puts the export in the audit log.
  const { apiBase, adminHosts } = useClientConfig();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const query = paramsWithFilters(new URLSearchParams(), filters);
      const fileName = `customers-${new Date().toISOString().slice(0, 10)}.csv`;
      await downloadFile(`${apiBase}/api/admin/customers/export?${query}`, fileName, { adminHosts, failure: 'Failed to export customers' });
    } catch (err) {
      setNotice({ tone: 'error', message: errorMessage(err, 'Failed to export customers', 'Error exporting customers') });
    } finally {
      setExporting(false);
    }
  };

  const all = useMemo(() => customers.data ?? [], [customers.data]);
  const shown = useMemo(() => filterCustomers(all, filters), [all, filters]);
  const stats = useMemo(() => customerStats(all), [all]);
  const set = (key: keyof CustomerFilters) => (e: { target: { value: string } }) => setFilters({ ...filters, [key]: e.target.value });
  const loadError =
    customers.error && !loadErrorDismissed ? errorMessage(customers.error, 'Failed to load customers', 'Error loading customers') : null;
  const onSaved = (saved: CustomerSummary, added: boolean) => {
    closeModal();
    // A success replaces whatever error was showing.
    setNotice({ tone: 'success', message: added ? `${saved.name} was added.` : `Changes to ${saved.name} were saved.` });
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Customer Management</h1>
        <div className="flex flex-wrap gap-3">
          <button type="button" className={secondaryButton} disabled={shown.length === 0 || exporting} onClick={() => void exportCsv()}>
            Export CSV
          </button>
          {access.data?.isAdmin && (
            <button type="button" className={secondaryButton} onClick={() => setImporting(true)}>
              Import
            </button>
          )}
          <button type="button" className={primaryButton} onClick={() => setAdding(true)}>
            Add Customer
          </button>
        </div>
      </div>

      {loadError && <Alert onDismiss={() => setLoadErrorDismissed(true)}>{loadError}</Alert>}

      <section aria-label="Customer stats" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        <Stat label="Total Customers" value={stats.total} />
        {INSURANCE_TYPES.map((t) => (
          <Stat key={t} label={capitalize(t)} value={stats.byType[t]} />
        ))}
        <Stat label="New This Month" value={stats.newThisMonth} />
      </section>

      <section aria-label="Search and filters" className="grid gap-3 rounded-xl bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4">
        <input
          type="search"
          aria-label="Search customers"
          placeholder="Search by name, email or phone"
          value={filters.search}
          onChange={set('search')}
          className={inputClass}
        />
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

      {customers.isPending ? (
        <p className="rounded-xl bg-white px-4 py-8 text-center text-slate-600 shadow-sm">Loading customers...</p>
      ) : shown.length === 0 ? (
        <p className="rounded-xl bg-white px-4 py-8 text-center text-slate-600 shadow-sm">No customers found</p>
      ) : (
        <>
          {[CustomerTable, CustomerCards].map((List, i) => (
            <List
              key={i}
              customers={shown}
              onEdit={(c) => setOpenCustomer(c.customerId)}
              onDelete={setDeleting}
              isAdmin={Boolean(access.data?.isAdmin)}
              onDone={(message) => setNotice({ tone: 'success', message })}
            />
          ))}
        </>
      )}

      {/* Notices float above the bottom navigation instead of pushing the list down. */}
      <div className="pointer-events-none fixed inset-x-3 bottom-20 z-40 flex justify-end md:bottom-4 md:left-auto md:right-6 md:w-96">
        <div className="pointer-events-auto w-full">
          <Notification notice={notice} onDismiss={dismissNotice} />
        </div>
      </div>

      {editing !== undefined && <CustomerModal key={editing ?? 'new'} customerId={editing} onClose={closeModal} onSaved={onSaved} />}

      {importing && (
        <ImportDialog
          onClose={() => setImporting(false)}
          onImported={() => void queryClient.invalidateQueries({ queryKey: trpc.customers.pathKey() })}
        />
      )}

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
    <div className="min-w-0 rounded-xl bg-white p-4 shadow-sm">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
    </div>
  );
}
