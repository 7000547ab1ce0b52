// Lead Management (SPEC.md §2, §4): tabs with counts, search, the table with selection and
// bulk actions, and the create, notes, confirmation and closing dialogs.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, primaryButton } from '../../../components/DialogFrame.tsx';
import { useTRPC, useTRPCClient } from '../../../lib/trpc.ts';
import type { LeadView, WORKING_STATUSES } from '../../../shared/lead.ts';
import { CloseLeadDialog } from '../customers/CloseLeadDialog.tsx';
import { ConfirmDialog, CreateLeadDialog, NotesDialog, type NewLead } from './LeadDialogs.tsx';
import { LeadTable } from './LeadTable.tsx';
import { EMPTY_TEXT, inTab, matchesSearch, tabKey, type LeadTab } from './lead-filters.ts';

const PAGE_SIZE = 50;
type Status = (typeof WORKING_STATUSES)[number];

/** A 409 carries the server's reason (e.g. who already holds the lead); anything else gets the SPEC text. */
const messageFor = (err: unknown, fallback: string) =>
  err instanceof TRPCClientError && err.data?.httpStatus === 409 ? err.message : fallback;

export default function LeadsPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const leadsQuery = useQuery(trpc.leads.list.queryOptions());
  const agentsQuery = useQuery(trpc.leads.agents.queryOptions());
  const agents = useMemo(() => (agentsQuery.data ?? []).map((a) => a.name), [agentsQuery.data]);
  const [params] = useSearchParams();

  const [tab, setTab] = useState<LeadTab>({ kind: 'all' });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<{ tone: 'error' | 'ok'; text: string } | null>(null);
  const [creating, setCreating] = useState(false);
  const [notesFor, setNotesFor] = useState<LeadView | null>(null);
  const [closing, setClosing] = useState<LeadView | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<LeadView[] | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const leads = leadsQuery.data ?? [];
  // A link from a customer (?lead=<id>) opens the page searching for that lead.
  const linked = params.get('lead');
  useEffect(() => {
    const lead = linked && leads.find((l) => l.leadId === linked);
    if (lead) setSearch(lead.email);
  }, [linked, leads.length]); // eslint-disable-line react-hooks/exhaustive-deps

  const tabs: { tab: LeadTab; label: string }[] = [
    { tab: { kind: 'all' }, label: 'All' },
    { tab: { kind: 'unclaimed' }, label: 'Unclaimed' },
    ...agents.map((name) => ({ tab: { kind: 'agent', name } as LeadTab, label: `${name}'s` })),
    { tab: { kind: 'closed' }, label: 'Closed' },
    { tab: { kind: 'lost' }, label: 'Lost' },
  ];
  const searched = useMemo(() => leads.filter((l) => matchesSearch(l, search)), [leads, search]);
  const visible = useMemo(() => searched.filter((l) => inTab(l, tab)), [searched, tab]);
  const pages = Math.max(1, Math.ceil(visible.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const pageRows = visible.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  const chosen = visible.filter((l) => selected.has(l.leadId));

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.leads.pathKey() });
  const fail = (text: string) => setNotice({ tone: 'error', text });

  /** Runs one call per lead in parallel and reports once if any failed. */
  async function forEach(targets: LeadView[], call: (lead: LeadView) => Promise<unknown>, failure: string) {
    const ids = targets.map((l) => l.leadId);
    setBusy((b) => new Set([...b, ...ids]));
    const results = await Promise.allSettled(targets.map(call));
    setBusy((b) => new Set([...b].filter((id) => !ids.includes(id))));
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed.length) fail(targets.length === 1 ? messageFor(failed[0].reason, failure) : failure);
    else setNotice(null);
    setSelected(new Set());
    await refresh();
  }

  const claim = (targets: LeadView[], agent: string, failure: string) => forEach(targets, (l) => client.leads.claim.mutate({ leadId: l.leadId, claimedBy: agent }), failure);
  const setStatus = (targets: LeadView[], status: Status | 'unclaimed', failure: string) =>
    forEach(targets, (l) => client.leads.update.mutate({ leadId: l.leadId, status }), failure);
  const unclaim = (targets: LeadView[], failure: string) => forEach(targets, (l) => client.leads.unclaim.mutate({ leadId: l.leadId }), failure);
  const remove = (targets: LeadView[], failure: string) => forEach(targets, (l) => client.leads.remove.mutate({ leadId: l.leadId }), failure);

  const create = useMutation(
    trpc.leads.create.mutationOptions({
      onSuccess: async () => {
        setCreating(false);
        setNotice({ tone: 'ok', text: 'Lead created.' });
        await refresh();
      },
      onError: () => fail('Error creating lead. Please try again.'),
    }),
  );
  const saveNotes = useMutation(
    trpc.leads.update.mutationOptions({
      onSuccess: async () => {
        setNotesFor(null);
        await refresh();
      },
      onError: () => fail('Error updating notes. Please try again.'),
    }),
  );

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected((s) => (pageRows.every((l) => s.has(l.leadId)) ? new Set([...s].filter((id) => !pageRows.some((l) => l.leadId === id))) : new Set([...s, ...pageRows.map((l) => l.leadId)])));

  const bulkButton = 'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50';

  return (
    <div className="mx-auto max-w-7xl space-y-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Lead Management</h1>
          <p className="text-sm text-slate-500">Claim new leads, follow them up, and close them into customers. Every lead gets a reply within 24 hours.</p>
        </div>
        <button type="button" className={primaryButton} onClick={() => setCreating(true)}>
          + New Lead
        </button>
      </div>

      <div aria-live="polite">
        {notice &&
          (notice.tone === 'error' ? (
            <Alert onDismiss={() => setNotice(null)}>{notice.text}</Alert>
          ) : (
            <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
              {notice.text}
            </p>
          ))}
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <label className="relative flex-1 sm:max-w-sm">
          <span className="sr-only">Search leads</span>
          <input
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
            placeholder="Search by name, email or phone"
            className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
          />
        </label>
      </div>

      <div role="tablist" aria-label="Lead tabs" className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {tabs.map(({ tab: t, label }) => {
          const active = tabKey(t) === tabKey(tab);
          const count = searched.filter((l) => inTab(l, t)).length;
          return (
            <button
              key={tabKey(t)}
              role="tab"
              type="button"
              aria-selected={active}
              onClick={() => {
                setTab(t);
                setPage(0);
                setSelected(new Set());
              }}
              className={`whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${active ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
            >
              {label} <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">{count}</span>
            </button>
          );
        })}
      </div>

      {chosen.length > 0 && (
        <div role="toolbar" aria-label="Bulk actions" className="flex flex-wrap items-center gap-2 rounded-lg border border-brand-100 bg-brand-50 p-3">
          <span className="mr-2 text-sm font-semibold text-brand-900">{chosen.length} selected</span>
          {tab.kind === 'lost' ? (
            <button type="button" className={bulkButton} onClick={() => setStatus(chosen, 'unclaimed', 'Error updating some leads. Please try again.')}>
              Restore
            </button>
          ) : (
            <>
              {agents.map((agent) => (
                <button key={agent} type="button" className={bulkButton} onClick={() => claim(chosen, agent, 'Error claiming some leads. Please try again.')}>
                  Assign to {agent}
                </button>
              ))}
              <button type="button" className={bulkButton} onClick={() => setStatus(chosen, 'called', 'Error updating some leads. Please try again.')}>
                Mark Called
              </button>
              <button type="button" className={bulkButton} onClick={() => setStatus(chosen, 'closed', 'Error updating some leads. Please try again.')}>
                Mark Closed
              </button>
              <button type="button" className={bulkButton} onClick={() => setStatus(chosen, 'lost', 'Error updating some leads. Please try again.')}>
                Mark Lost
              </button>
              <button type="button" className={bulkButton} onClick={() => unclaim(chosen, 'Error unclaiming some leads. Please try again.')}>
                Unclaim
              </button>
            </>
          )}
          <button type="button" className={`${bulkButton} text-rose-700`} onClick={() => setConfirmDelete(chosen)}>
            Delete
          </button>
        </div>
      )}

      {leadsQuery.isPending ? (
        <div className="space-y-2" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="h-14 animate-pulse rounded-lg bg-slate-200" />
          ))}
        </div>
      ) : leadsQuery.isError ? (
        <Alert>Error loading leads. Please try again.</Alert>
      ) : visible.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-10 text-center text-sm text-slate-500">{EMPTY_TEXT[tab.kind]}</p>
      ) : (
        <>
          <LeadTable
            leads={pageRows}
            agents={agents}
            now={now}
            selected={selected}
            busy={busy}
            onToggle={toggle}
            onToggleAll={toggleAll}
            actions={{
              onClaim: (lead, agent) => claim([lead], agent, 'Error claiming lead. Please try again.'),
              onUnclaim: (lead) => unclaim([lead], 'Error unclaiming lead. Please try again.'),
              // Closing needs the customer's information first (SPEC.md §4).
              onStatus: (lead, status) => (status === 'closed' ? setClosing(lead) : setStatus([lead], status, 'Error updating lead status. Please try again.')),
              onNotes: setNotesFor,
              onDelete: (lead) => setConfirmDelete([lead]),
              onShowFirst: (leadId) => {
                const first = leads.find((l) => l.leadId === leadId);
                if (first) {
                  setTab({ kind: 'all' });
                  setSearch(first.email);
                }
              },
            }}
          />
          {pages > 1 && (
            <nav aria-label="Pages" className="flex items-center justify-between text-sm text-slate-600">
              <span>
                Showing {current * PAGE_SIZE + 1}–{Math.min(visible.length, (current + 1) * PAGE_SIZE)} of {visible.length}
              </span>
              <span className="flex gap-2">
                <button type="button" className={bulkButton} disabled={current === 0} onClick={() => setPage(current - 1)}>
                  Previous
                </button>
                <button type="button" className={bulkButton} disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
                  Next
                </button>
              </span>
            </nav>
          )}
        </>
      )}

      {creating && (
        <CreateLeadDialog
          busy={create.isPending}
          onClose={() => setCreating(false)}
          onCreate={(lead: NewLead) => create.mutate({ ...lead, notes: lead.notes || undefined })}
        />
      )}
      {notesFor && (
        <NotesDialog lead={notesFor} busy={saveNotes.isPending} onClose={() => setNotesFor(null)} onSave={(notes) => saveNotes.mutate({ leadId: notesFor.leadId, notes })} />
      )}
      {closing && (
        <CloseLeadDialog
          lead={closing}
          onClose={() => setClosing(null)}
          onClosed={() => {
            setClosing(null);
            void refresh();
          }}
        />
      )}
      {confirmDelete && (
        <ConfirmDialog
          title="Delete Lead"
          message={confirmDelete.length === 1 ? `Delete ${confirmDelete[0].name}? This cannot be undone.` : `Delete ${confirmDelete.length} leads? This cannot be undone.`}
          confirmLabel="Delete"
          busy={confirmDelete.some((l) => busy.has(l.leadId))}
          onClose={() => setConfirmDelete(null)}
          onConfirm={async () => {
            const targets = confirmDelete;
            await remove(targets, targets.length === 1 ? 'Error deleting lead. Please try again.' : 'Error deleting some leads. Please try again.');
            setConfirmDelete(null);
          }}
        />
      )}
    </div>
  );
}
