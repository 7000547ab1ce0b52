// Lead Management (docs/product.md §2, §4, §5, §8): tabs with counts, search, sorting and the Overdue
// filter kept in the URL, the leads a page at a time (a table, cards on a phone), row and bulk actions,
// and the create, notes, log-call, delete-confirmation and close-into-customer dialogs.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useTRPC, useTRPCClient } from '../../../lib/trpc.ts';
import { useLiveUpdates } from '../../../lib/use-live-updates.ts';
import { useAdminHost, useStoredSession } from '../../../lib/session.ts';
import { leadRecordHref } from '../../../lib/lead-links.ts';
import { useMinuteClock } from '../../../lib/use-minute-clock.ts';
import { Pager, Toast, primaryButton, type ToastMessage } from '../../../components/ui.tsx';
import type { LeadView } from '../../../../schemas/lead.ts';
import { EMPTY_TEXT, tabKey, type LeadTab } from './lead-filters.ts';
import { nextSort, pageInputOf } from './lead-view.ts';
import { withKeptRows, type KeptRow } from './kept-rows.ts';
import { LeadTable } from './LeadTable.tsx';
import { LeadCards } from './LeadCards.tsx';
import { BulkBar } from './BulkBar.tsx';
import { LeadFilters, LeadTabs, ShortcutsHint } from './LeadToolbar.tsx';
import { LeadPageDialogs, type Dialog } from './LeadPageDialogs.tsx';
import { useLeadActions, type LeadAction } from './use-lead-actions.ts';
import { useRowMutations } from './use-row-mutations.ts';
import { useLeadListView } from './use-lead-list-view.ts';
import type { RowActions } from './lead-shortcuts.ts';

export default function LeadsPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const navigate = useNavigate();
  const adminHost = useAdminHost();
  const recordHref = useCallback((leadId: string) => leadRecordHref(adminHost, leadId), [adminHost]);
  const { user } = useStoredSession();
  const agentsQuery = useQuery(trpc.leads.agents.queryOptions());
  const agents = useMemo(() => (agentsQuery.data ?? []).map((a) => a.name), [agentsQuery.data]);
  // The signed-in staff member's own agent name: their claim button is the primary "Claim".
  const me = useMemo(
    () => agentsQuery.data?.find((a) => user && a.email.toLowerCase() === user.email.toLowerCase())?.name ?? null,
    [agentsQuery.data, user],
  );

  const { view, key: viewKey, change, linkedLead } = useLeadListView();
  const { tab } = view;
  const list = useQuery(
    trpc.leads.page.queryOptions(
      pageInputOf(view),
      // While typing, the previous search's rows stay until the next answer (no empty state flashing by),
      // and an older search still on its way is cancelled, so answers never land out of order. A ?lead= link
      // is located first: the list opens on the lead's own page (no page 1 racing it).
      { refetchInterval: 30_000, placeholderData: keepPreviousData, enabled: !linkedLead, trpc: { abortOnUnmount: true } },
    ),
  );
  useLiveUpdates(!list.isPending);

  const [toast, setToast] = useState<ToastMessage | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  // Leads claimed from this view stay in their place, highlighted, until the view changes.
  const [kept, setKept] = useState<Map<string, KeptRow>>(() => new Map());
  const [pointed, setPointed] = useState<string | null>(null);
  useEffect(() => {
    setKept((k) => (k.size ? new Map() : k));
    setSelected((s) => (s.size ? new Set() : s));
  }, [viewKey]);

  const leads = useMemo(() => withKeptRows(list.data?.leads ?? [], kept), [list.data, kept]);
  const keep = (lead: LeadView) =>
    setKept((k) => {
      const index = k.get(lead.leadId)?.index ?? leads.findIndex((l) => l.leadId === lead.leadId);
      return new Map(k).set(lead.leadId, { lead, index: index < 0 ? leads.length : index });
    });

  const rows = useRowMutations({
    toast: setToast,
    onClaimed: (lead) => {
      keep(lead);
      setToast({
        tone: 'success',
        message: `Claimed ${lead.name} for ${lead.claimedBy}.`,
        actions: [
          { label: 'Undo', onClick: () => rows.unclaim(lead) },
          { label: 'Open', href: recordHref(lead.leadId) },
        ],
      });
    },
    onUnclaimed: (lead) => {
      if (kept.has(lead.leadId)) keep(lead);
      setToast({ tone: 'success', message: `${lead.name} unclaimed.` });
    },
  });
  const { run, busy: bulkBusy, refresh } = useLeadActions(setToast);
  const busy = useMemo(() => new Set([...rows.busy, ...bulkBusy]), [rows.busy, bulkBusy]);

  const now = useMinuteClock();

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
  const highlight = useMemo(() => new Set([...kept.keys(), ...(pointed ? [pointed] : [])]), [kept, pointed]);

  // The row a duplicate link pointed at: bring it into view.
  useEffect(() => {
    if (!pointed) return;
    // Its table row or its phone card, whichever is shown.
    const shown = [...document.querySelectorAll(`[data-lead="${pointed}"]`)].find((el) => el.getClientRects().length > 0);
    shown?.scrollIntoView({ block: 'center' });
    const timer = window.setTimeout(() => setPointed(null), 4000);
    return () => window.clearTimeout(timer);
  }, [pointed, list.data]);

  /** Opens the page holding a lead on the All tab and points at it (duplicate links, ?lead= from a customer). */
  const showLead = useCallback(
    async (leadId: string, current: () => boolean = () => true) => {
      const where = await client.leads.locate.query({ leadId }).catch(() => null);
      if (!current()) return;
      if (!where) {
        setToast({ tone: 'error', message: 'That lead no longer exists.' });
        // A link to a lead that is gone opens the list without it.
        if (new URLSearchParams(window.location.search).has('lead')) change({}, { replace: true });
        return;
      }
      change({ tab: { kind: 'all' }, q: '', page: where.page, sort: 'received', order: 'desc', overdue: false }, { replace: true });
      setPointed(leadId);
    },
    [client, change],
  );
  useEffect(() => {
    if (!linkedLead) return;
    let current = true;
    void showLead(linkedLead, () => current);
    return () => {
      current = false;
    };
  }, [linkedLead, showLead]);

  /** Drops the acted-on leads that succeeded from the selection: what failed stays, ready to retry, and so do rows ticked meanwhile. */
  const unselectDone = (leadIds: string[], failed: string[]) =>
    setSelected((s) => new Set([...s].filter((id) => !leadIds.includes(id) || failed.includes(id))));

  async function bulk(action: LeadAction) {
    const leadIds = chosen;
    unselectDone(leadIds, await run(leadIds, action));
  }

  async function confirmDelete(leadIds: string[], names: string[]) {
    const failed = leadIds.length === 1 ? (await rows.remove(leadIds[0]!, names[0]!), []) : await run(leadIds, { kind: 'delete' });
    setDialog(null);
    unselectDone(leadIds, failed);
  }

  const actions: RowActions = {
    onClaim: (lead, agent) => rows.claim(lead, agent),
    onClaimMine: (lead) =>
      me ? rows.claim(lead, me) : setToast({ tone: 'error', message: 'Only an agent can claim for themselves: use an Assign button.' }),
    onUnclaim: rows.unclaim,
    onStatus: (lead, status) =>
      status === 'closed' || status === 'follow-up'
        ? setDialog({ kind: status === 'closed' ? 'close' : status, lead })
        : rows.setStatus(lead, status),
    onLogCall: (lead) => setDialog({ kind: 'call', lead }),
    onNotes: (lead) => setDialog({ kind: 'notes', lead }),
    onOpen: (lead) => void navigate(recordHref(lead.leadId)),
    onDelete: (lead) => setDialog({ kind: 'delete', leadIds: [lead.leadId], names: [lead.name] }),
    onRestore: rows.restore,
    onShowFirst: (id) => void showLead(id),
  };
  const listProps = {
    leads,
    agents,
    me,
    now,
    selected,
    busy,
    highlight,
    recordHref,
    actions,
    onToggle: (id: string) =>
      setSelected((s) => {
        const next = new Set(s);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    onToggleAll: () => setSelected(leads.every((l) => selected.has(l.leadId)) ? new Set() : new Set(leads.map((l) => l.leadId))),
  };

  return (
    <div className="mx-auto max-w-7xl space-y-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Lead Management</h1>
          <p className="text-sm text-slate-600">Every lead is promised a reply within 24 hours.</p>
        </div>
        <button type="button" className={primaryButton} onClick={() => setDialog({ kind: 'create' })}>
          + New Lead
        </button>
      </div>

      <LeadTabs tabs={tabs} active={tab} counts={counts} onTab={(t) => change({ tab: t })} />
      <LeadFilters
        q={view.q}
        change={change}
        overdue={view.overdue}
        overdueCount={counts.get('overdue') ?? (view.overdue ? list.data?.total : undefined)}
        onOverdue={(overdue) => change({ overdue })}
      >
        <ShortcutsHint />
      </LeadFilters>

      {chosen.length > 0 && (
        <BulkBar
          count={chosen.length}
          lostTab={tab.kind === 'lost'}
          agents={agents}
          disabled={chosen.some((id) => busy.has(id))}
          onAction={(action) => void bulk(action)}
          onDelete={() =>
            setDialog({ kind: 'delete', leadIds: chosen, names: leads.filter((l) => chosen.includes(l.leadId)).map((l) => l.name) })
          }
        />
      )}

      <div role="tabpanel" aria-label={tabs.find((t) => tabKey(t.tab) === tabKey(tab))?.label} aria-busy={list.isPlaceholderData}>
        {list.isPending ? (
          <div aria-busy="true" className="h-64 animate-pulse rounded-xl bg-slate-200" />
        ) : list.isError ? (
          <p className="rounded-xl border border-slate-200 bg-white p-8 text-center text-sm text-slate-600">
            The leads could not be loaded. Please refresh the page.
          </p>
        ) : leads.length === 0 ? (
          <p className="rounded-xl border border-slate-200 bg-white p-8 text-center text-sm text-slate-600">{EMPTY_TEXT[tab.kind]}</p>
        ) : (
          <>
            <LeadTable {...listProps} sort={view.sort} order={view.order} onSort={(sort) => change(nextSort(view, sort))} />
            <LeadCards {...listProps} />
            <Pager
              page={list.data?.page ?? 0}
              pages={list.data?.pages ?? 1}
              pageSize={list.data?.pageSize ?? 50}
              total={list.data?.total ?? 0}
              onPage={(page) => change({ page })}
            />
          </>
        )}
      </div>

      <Toast toast={toast} onDismiss={dismissToast} />

      <LeadPageDialogs
        dialog={dialog}
        busy={busy}
        recordHref={recordHref}
        onToast={setToast}
        onDone={() => {
          setDialog(null);
          void refresh();
        }}
        onClose={() => setDialog(null)}
        current={(lead) => leads.find((l) => l.leadId === lead.leadId) ?? lead}
        onLeadSaved={(lead) => kept.has(lead.leadId) && keep(lead)}
        onConfirmDelete={(leadIds, names) => void confirmDelete(leadIds, names)}
      />
    </div>
  );
}
