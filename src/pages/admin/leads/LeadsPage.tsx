// Lead Management (docs/product.md §2, §4, §5, §8): tabs with counts, search, the table a page at a time,
// row and bulk actions, and the create, notes, delete-confirmation and close-into-customer dialogs.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useTRPC, useTRPCClient } from '../../../lib/trpc.ts';
import { useLiveUpdates } from '../../../lib/use-live-updates.ts';
import { Notification, type Notice } from '../../../components/Notification.tsx';
import { primaryButton } from '../../../components/ui.tsx';
import { CloseLeadDialog } from '../../../components/customer-form/CloseLeadDialog.tsx';
import type { LeadView } from '../../../../schemas/lead.ts';
import { EMPTY_TEXT, tabKey, type LeadTab } from './lead-filters.ts';
import { LeadTable } from './LeadTable.tsx';
import { BulkBar } from './BulkBar.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { CreateLeadDialog, NotesDialog, type NewLead } from './LeadDialogs.tsx';
import { useLeadActions, type LeadAction } from './use-lead-actions.ts';
import { refusalReason } from '../../../lib/error-message.ts';

/** Typing pauses this long before the server is asked. */
const SEARCH_DELAY_MS = 250;

type Dialog =
  | { kind: 'create' }
  | { kind: 'notes'; lead: LeadView }
  | { kind: 'delete'; leadIds: string[]; names: string[] }
  | { kind: 'close'; lead: LeadView };

export default function LeadsPage() {
  useLiveUpdates();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const agentsQuery = useQuery(trpc.leads.agents.queryOptions());
  const agents = useMemo(() => (agentsQuery.data ?? []).map((a) => a.name), [agentsQuery.data]);

  const [tab, setTab] = useState<LeadTab>({ kind: 'all' });
  const [search, setSearch] = useState('');
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setAsked(search.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search]);
  const [page, setPage] = useState(0);
  // One page of the tab, filtered and searched on the server; the tab counts come with it.
  const list = useQuery(
    trpc.leads.page.queryOptions(
      { tab: tab.kind, agent: tab.kind === 'agent' ? tab.name : undefined, search: asked, page },
      { refetchInterval: 30_000, placeholderData: keepPreviousData },
    ),
  );
  const leads = useMemo(() => list.data?.leads ?? [], [list.data]);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [saving, setSaving] = useState(false);
  const [highlight, setHighlight] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const dismiss = useCallback(() => setNotice(null), []);
  const { run, busy, refresh } = useLeadActions(setNotice);

  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);

  const tabs: { tab: LeadTab; label: string }[] = useMemo(
    () => [
      { tab: { kind: 'all' }, label: 'All Leads' },
      { tab: { kind: 'unclaimed' }, label: 'Unclaimed' },
      ...agents.map((name) => ({ tab: { kind: 'agent', name } as LeadTab, label: `${name}'s Leads` })),
      { tab: { kind: 'closed' }, label: 'Closed' },
      { tab: { kind: 'lost' }, label: 'Lost' },
    ],
    [agents],
  );
  // The counts follow the search, so a search tells at once where its leads are.
  const counts = useMemo(() => new Map(Object.entries(list.data?.counts ?? {})), [list.data]);
  // Leads that left the page (deleted, moved to another tab) drop out of the selection.
  const chosen = useMemo(() => {
    const ids = new Set(leads.map((l) => l.leadId));
    return [...selected].filter((id) => ids.has(id));
  }, [leads, selected]);
  const pages = list.data?.pages ?? 1;
  const pageIndex = list.data?.page ?? 0;
  const pageLeads = leads;

  const resetView = () => {
    setSelected(new Set());
    setPage(0);
  };

  // The row the duplicate link pointed at: bring it into view.
  useEffect(() => {
    if (!highlight) return;
    document.getElementById(`lead-${highlight}`)?.scrollIntoView({ block: 'center' });
    const timer = window.setTimeout(() => setHighlight(null), 4000);
    return () => window.clearTimeout(timer);
  }, [highlight, pageIndex, leads]);

  /** Opens the page holding a lead on the All tab and points at it (duplicate links, ?lead= from a customer). */
  const showLead = useCallback(
    async (leadId: string) => {
      const where = await client.leads.locate.query({ leadId }).catch(() => null);
      if (!where) return setNotice({ tone: 'error', message: 'That lead no longer exists.' });
      setTab({ kind: 'all' });
      setSearch('');
      setAsked('');
      setSelected(new Set());
      setPage(where.page);
      setHighlight(leadId);
    },
    [client],
  );

  const [params] = useSearchParams();
  const linked = params.get('lead');
  const [linkShown, setLinkShown] = useState<string | null>(null);
  useEffect(() => {
    if (linked && list.data && linkShown !== linked) {
      setLinkShown(linked);
      void showLead(linked);
    }
  }, [linked, list.data, linkShown, showLead]);

  async function bulk(action: LeadAction) {
    const failed = await run(chosen, action);
    setSelected(new Set(failed)); // what failed stays selected, ready to retry
  }

  async function save(work: () => Promise<unknown>, failure: string, success?: string) {
    setSaving(true);
    try {
      await work();
      setDialog(null);
      if (success) setNotice({ tone: 'success', message: success });
    } catch (err) {
      console.error(err);
      setNotice({ tone: 'error', message: failure, detail: refusalReason(err) });
    } finally {
      setSaving(false);
      await refresh();
    }
  }

  const createLead = (lead: NewLead) =>
    save(
      () => client.leads.create.mutate({ ...lead, notes: lead.notes || undefined }),
      'Error creating lead. Please try again.',
      `Lead ${lead.name.trim()} created.`,
    );

  const saveNotes = (lead: LeadView, notes: string) =>
    save(() => client.leads.update.mutate({ leadId: lead.leadId, notes }), 'Error updating notes. Please try again.', 'Notes saved.');

  async function confirmDelete(leadIds: string[]) {
    setSaving(true);
    const failed = await run(leadIds, { kind: 'delete' });
    setSaving(false);
    setDialog(null);
    setSelected((s) => new Set([...s].filter((id) => !leadIds.includes(id) || failed.includes(id))));
  }

  return (
    <div className="mx-auto max-w-7xl space-y-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Lead Management</h1>
          <p className="text-sm text-slate-500">Every lead is promised a reply within 24 hours.</p>
        </div>
        <button type="button" className={primaryButton} onClick={() => setDialog({ kind: 'create' })}>
          + New Lead
        </button>
      </div>

      <Notification notice={notice} onDismiss={dismiss} />

      <div role="tablist" aria-label="Lead tabs" className="flex flex-wrap gap-1 border-b border-slate-200">
        {tabs.map(({ tab: t, label }) => {
          const active = tabKey(t) === tabKey(tab);
          return (
            <button
              key={tabKey(t)}
              type="button"
              role="tab"
              aria-selected={active}
              onClick={() => {
                setTab(t);
                resetView();
              }}
              className={`-mb-px flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium ${
                active ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'
              }`}
            >
              {label}
              <span
                className={`rounded-full px-2 py-0.5 text-xs ${active ? 'bg-brand-100 text-brand-800' : 'bg-slate-100 text-slate-600'}`}
              >
                {counts.get(tabKey(t)) ?? 0}
              </span>
            </button>
          );
        })}
      </div>

      <input
        type="search"
        aria-label="Search leads"
        placeholder="Search by name, email or phone"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          resetView();
        }}
        className="block w-full max-w-md rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
      />

      {chosen.length > 0 && (
        <BulkBar
          count={chosen.length}
          lostTab={tab.kind === 'lost'}
          agents={agents}
          disabled={chosen.some((id) => busy.has(id))}
          onAction={bulk}
          onDelete={() =>
            setDialog({ kind: 'delete', leadIds: chosen, names: leads.filter((l) => chosen.includes(l.leadId)).map((l) => l.name) })
          }
        />
      )}

      <div role="tabpanel" aria-label={tabs.find((t) => tabKey(t.tab) === tabKey(tab))?.label}>
        {list.isPending ? (
          <div aria-busy="true" className="h-64 animate-pulse rounded-xl bg-slate-200" />
        ) : list.isError ? (
          <p className="rounded-xl border border-slate-200 bg-white p-8 text-center text-sm text-slate-500">
            The leads could not be loaded. Please refresh the page.
          </p>
        ) : (list.data?.total ?? 0) === 0 ? (
          <p className="rounded-xl border border-slate-200 bg-white p-8 text-center text-sm text-slate-500">{EMPTY_TEXT[tab.kind]}</p>
        ) : (
          <>
            <LeadTable
              leads={pageLeads}
              agents={agents}
              now={now}
              selected={selected}
              busy={busy}
              highlight={highlight}
              onToggle={(id) =>
                setSelected((s) => {
                  const next = new Set(s);
                  if (!next.delete(id)) next.add(id);
                  return next;
                })
              }
              onToggleAll={() =>
                setSelected(pageLeads.every((l) => selected.has(l.leadId)) ? new Set() : new Set(pageLeads.map((l) => l.leadId)))
              }
              actions={{
                onClaim: (lead, agent) => void run([lead.leadId], { kind: 'claim', agent }),
                onUnclaim: (lead) => void run([lead.leadId], { kind: 'unclaim' }),
                onStatus: (lead, status) =>
                  status === 'closed' ? setDialog({ kind: 'close', lead }) : void run([lead.leadId], { kind: 'status', status }),
                onNotes: (lead) => setDialog({ kind: 'notes', lead }),
                onDelete: (lead) => setDialog({ kind: 'delete', leadIds: [lead.leadId], names: [lead.name] }),
                onShowFirst: (id) => void showLead(id),
              }}
            />
            <Pager
              page={pageIndex}
              pages={pages}
              pageSize={list.data?.pageSize ?? 50}
              total={list.data?.total ?? 0}
              onPage={(p) => (setPage(p), setSelected(new Set()))}
            />
          </>
        )}
      </div>

      {dialog?.kind === 'create' && <CreateLeadDialog busy={saving} onCreate={createLead} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'notes' && (
        <NotesDialog lead={dialog.lead} busy={saving} onSave={(notes) => saveNotes(dialog.lead, notes)} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={dialog.leadIds.length === 1 ? 'Delete Lead' : 'Delete Leads'}
          message={`Delete ${dialog.leadIds.length === 1 ? dialog.names[0] : `${dialog.leadIds.length} leads`}? This cannot be undone.`}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={saving}
          onConfirm={() => void confirmDelete(dialog.leadIds)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'close' && (
        <CloseLeadDialog
          lead={dialog.lead}
          onClose={() => setDialog(null)}
          onClosed={() => {
            setDialog(null);
            setNotice({ tone: 'success', message: 'Customer added successfully and lead marked as closed!' });
            void refresh();
          }}
        />
      )}
    </div>
  );
}

function Pager({
  page,
  pages,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pages: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
}) {
  const first = page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <nav aria-label="Pages" className="mt-3 flex items-center justify-between text-sm text-slate-600">
      <p>
        Showing {first}–{last} of {total}
      </p>
      {pages > 1 && (
        <div className="flex items-center gap-2">
          <button
            type="button"
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 disabled:opacity-50"
            disabled={page === 0}
            onClick={() => onPage(page - 1)}
          >
            Previous
          </button>
          <span>
            Page {page + 1} of {pages}
          </span>
          <button
            type="button"
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 disabled:opacity-50"
            disabled={page >= pages - 1}
            onClick={() => onPage(page + 1)}
          >
            Next
          </button>
        </div>
      )}
    </nav>
  );
}
