// A lead's record (docs/product.md §10): every field, the claim and status controls, notes, calls,
// deletion, its possible duplicates and its timeline. Kept current by the live updates.
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { LeadView } from '../../../../schemas/lead.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useMinuteClock } from '../../../lib/use-minute-clock.ts';
import { useLiveUpdates } from '../../../lib/use-live-updates.ts';
import { useAdminHost } from '../../../lib/session.ts';
import { httpStatusOf, refusalReason } from '../../../lib/error-message.ts';
import { leadListHref } from '../../../lib/lead-links.ts';
import { fullTime } from '../../../lib/when.ts';
import { useLeadSaved } from '../../../lib/use-lead-saved.ts';
import { Notification, type Notice } from '../../../components/Notification.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { LogCallDialog } from '../../../components/LogCallDialog.tsx';
import { FollowUpDialog } from '../../../components/FollowUpDialog.tsx';
import { CloseLeadDialog, CLOSE_LEAD_SUCCESS } from '../../../components/customer-form/CloseLeadDialog.tsx';
import { ListNotice } from '../../../components/ui.tsx';
import { NotesDialog } from './NotesDialog.tsx';
import { LeadFacts } from './LeadFacts.tsx';
import { LeadRecordActions } from './LeadRecordActions.tsx';
import { LeadTimeline } from './LeadTimeline.tsx';
import { DoNotContactPanel } from '../../../components/DoNotContact.tsx';
import { CompliancePanel } from '../../../components/compliance/CompliancePanel.tsx';

type Dialog = 'notes' | 'call' | 'delete' | 'close' | 'follow-up';

/** What a saved call says back: the outcome and, when set, the next follow-up. */
export const callLoggedText = (lead: LeadView) =>
  lead.followUpAt ? `Call logged. Follow-up ${fullTime(lead.followUpAt)}.` : 'Call logged.';

export default function LeadRecordPage() {
  useLiveUpdates();
  const { leadId = '' } = useParams();
  const adminHost = useAdminHost();
  const navigate = useNavigate();
  const trpc = useTRPC();
  const leadSaved = useLeadSaved();
  const now = useMinuteClock();
  const record = useQuery(trpc.leads.get.queryOptions({ leadId }, { retry: (count, err) => httpStatusOf(err) !== 404 && count < 1 }));
  const agentsQuery = useQuery(trpc.leads.agents.queryOptions());
  const me = useQuery(trpc.auth.me.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  const access = useQuery(trpc.auth.access.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  const agents = useMemo(() => (agentsQuery.data ?? []).map((a) => a.name), [agentsQuery.data]);
  const myAgentName = access.data?.isAgent ? (me.data?.name ?? null) : null;

  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const dismiss = useCallback(() => setNotice(null), []);
  const closeDialog = useCallback(() => setDialog(null), []);

  /** The docs/product.md §8 failure text, with the server's own reason beneath it. */
  const failed = (message: string) => (err: unknown) => {
    console.error(message, err);
    setNotice({ tone: 'error', message, detail: refusalReason(err) });
  };
  /** Tells the success and puts the saved lead (when the answer is one) on every view at once. */
  const succeeded = (message: string) => (saved?: unknown) => {
    setNotice({ tone: 'success', message });
    void leadSaved(saved && typeof saved === 'object' && 'leadId' in saved ? (saved as LeadView) : null);
  };

  const claim = useMutation(trpc.leads.claim.mutationOptions({ onError: failed('Error claiming lead. Please try again.') }));
  const unclaim = useMutation(
    trpc.leads.unclaim.mutationOptions({
      onSuccess: succeeded('Lead unclaimed.'),
      onError: failed('Error unclaiming lead. Please try again.'),
    }),
  );
  const status = useMutation(trpc.leads.update.mutationOptions({ onError: failed('Error updating lead status. Please try again.') }));
  const remove = useMutation(
    trpc.leads.remove.mutationOptions({
      onSuccess: () => {
        void leadSaved();
        navigate(leadListHref(adminHost));
      },
      onError: (err) => (setDialog(null), failed('Error deleting lead. Please try again.')(err)),
    }),
  );
  const busy = claim.isPending || unclaim.isPending || status.isPending || remove.isPending;

  const backLink = (
    <Link to={leadListHref(adminHost)} className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
      ← Back to leads
    </Link>
  );

  if (record.isPending) {
    return (
      <div className="mx-auto max-w-5xl space-y-4 p-4 sm:p-6" aria-busy="true" aria-label="Loading the lead">
        {backLink}
        <div className="h-8 w-64 animate-pulse rounded bg-slate-200" />
        <div className="h-40 animate-pulse rounded-xl bg-slate-200" />
        <div className="h-64 animate-pulse rounded-xl bg-slate-200" />
      </div>
    );
  }
  const gone = record.isError && httpStatusOf(record.error) === 404;
  if (record.isError && (gone || !record.data)) {
    return (
      <div className="mx-auto max-w-5xl space-y-4 p-4 sm:p-6">
        {backLink}
        <h1 className="text-2xl font-bold text-slate-900">{gone ? 'Lead not found' : 'Lead'}</h1>
        <ListNotice kind="error">
          {gone ? 'That lead no longer exists.' : 'The lead could not be loaded. Please refresh the page.'}
        </ListNotice>
      </div>
    );
  }

  const { lead } = record.data;
  return (
    <div className="mx-auto max-w-5xl space-y-5 p-4 sm:p-6">
      {backLink}
      <div>
        <h1 className="break-words text-2xl font-bold text-slate-900">{lead.name}</h1>
        <p className="text-sm text-slate-600">Lead received {fullTime(lead.createdAt)}</p>
      </div>

      <Notification notice={notice} onDismiss={dismiss} />
      {record.isError && <ListNotice kind="error">The lead could not be refreshed; what you see may be out of date.</ListNotice>}

      <DoNotContactPanel
        target={{ leadId }}
        name={lead.name}
        mark={lead.doNotContact}
        requestAt={lead.createdAt}
        isAdmin={Boolean(access.data?.isAdmin)}
        onDone={(message) => succeeded(message)()}
      />

      <LeadRecordActions
        lead={lead}
        me={myAgentName}
        agents={agents}
        busy={busy}
        actions={{
          onClaim: (agent) =>
            claim.mutate(
              { leadId, claimedBy: agent },
              { onSuccess: succeeded(agent === myAgentName ? 'Lead claimed. It is yours now.' : `Lead assigned to ${agent}.`) },
            ),
          onUnclaim: () => unclaim.mutate({ leadId }),
          onStatus: (next) =>
            next === 'closed' || next === 'follow-up'
              ? setDialog(next === 'closed' ? 'close' : 'follow-up')
              : status.mutate({ leadId, status: next }, { onSuccess: succeeded(`Lead marked ${next}.`) }),
          onNotes: () => setDialog('notes'),
          onLogCall: () => setDialog('call'),
          onDelete: () => setDialog('delete'),
          onRestore: () => status.mutate({ leadId, status: 'unclaimed' }, { onSuccess: succeeded('Lead restored.') }),
        }}
      />

      <section aria-labelledby="lead-details" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <h2 id="lead-details" className="mb-4 text-lg font-semibold text-slate-900">
          Details
        </h2>
        <LeadFacts record={record.data} now={now} adminHost={adminHost} />
        {lead.notes && (
          <div className="mt-4 border-t border-slate-100 pt-4">
            <h3 className="text-xs font-medium uppercase tracking-wide text-slate-600">Notes</h3>
            <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800">{lead.notes}</p>
          </div>
        )}
      </section>

      <CompliancePanel subject={{ leadId }} name={lead.name} />

      <section aria-labelledby="lead-timeline" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <h2 id="lead-timeline" className="mb-4 text-lg font-semibold text-slate-900">
          Timeline
        </h2>
        <LeadTimeline entries={record.data.timeline} now={now} />
      </section>

      {dialog === 'notes' && (
        <NotesDialog
          lead={lead}
          onSaved={(saved) => {
            setDialog(null);
            succeeded('Notes saved.')(saved);
          }}
          onClose={closeDialog}
        />
      )}
      {dialog === 'call' && (
        <LogCallDialog
          lead={lead}
          onClose={closeDialog}
          onLogged={(saved) => {
            setDialog(null);
            setNotice({ tone: 'success', message: callLoggedText(saved) });
          }}
        />
      )}
      {dialog === 'follow-up' && (
        <FollowUpDialog
          lead={lead}
          onClose={closeDialog}
          onSaved={(saved) => {
            setDialog(null);
            succeeded('Lead marked follow-up.')(saved);
          }}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title="Delete Lead"
          message={`Delete ${lead.name}? This cannot be undone.`}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          onConfirm={() => remove.mutate({ leadId })}
          onClose={closeDialog}
        />
      )}
      {dialog === 'close' && (
        <CloseLeadDialog
          lead={lead}
          onClose={closeDialog}
          onClosed={() => {
            setDialog(null);
            succeeded(CLOSE_LEAD_SUCCESS)();
          }}
        />
      )}
    </div>
  );
}
