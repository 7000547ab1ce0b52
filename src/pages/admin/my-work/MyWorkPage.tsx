// My work (docs/product.md §10): an agent's overdue follow-ups, today's follow-ups and the unclaimed
// leads nearing the 24-hour promise, each with its main action; then the book's renewals and age-ins
// (BookSection). Admins and staff who are no agent
// pick whose work to see (kept in the URL). Refetched every 30 s and on every lead change.
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { LeadView } from '../../../../schemas/lead.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useLiveUpdates } from '../../../lib/use-live-updates.ts';
import { useAdminHost } from '../../../lib/session.ts';
import { refusalReason } from '../../../lib/error-message.ts';
import { fullTime } from '../../../lib/when.ts';
import { useMinuteClock } from '../../../lib/use-minute-clock.ts';
import { useLeadSaved } from '../../../lib/use-lead-saved.ts';
import { AwayMark } from '../../../components/AwayMark.tsx';
import { Notification, type Notice } from '../../../components/Notification.tsx';
import { LogCallDialog } from '../../../components/LogCallDialog.tsx';
import { inputClass, ListNotice } from '../../../components/ui.tsx';
import { WorkSection, type WorkAction } from './WorkSection.tsx';
import { BookSection } from './BookSection.tsx';
import { UnsignedSoas } from './UnsignedSoas.tsx';

export const WORK_REFRESH_MS = 30_000;

export default function MyWorkPage() {
  useLiveUpdates();
  const trpc = useTRPC();
  const leadSaved = useLeadSaved();
  const adminHost = useAdminHost();
  const [params, setParams] = useSearchParams();
  const chosen = params.get('agent')?.trim() || undefined;
  const work = useQuery(
    trpc.leads.myWork.queryOptions({ agent: chosen }, { refetchInterval: WORK_REFRESH_MS, placeholderData: keepPreviousData }),
  );
  const access = useQuery(trpc.auth.access.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  const me = useQuery(trpc.auth.me.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  const canPick = access.data ? access.data.isAdmin || !access.data.isAgent : false;
  const agentsQuery = useQuery(trpc.leads.agents.queryOptions(undefined, { enabled: canPick }));
  const agents = useMemo(() => (agentsQuery.data ?? []).map((a) => a.name), [agentsQuery.data]);

  const now = useMinuteClock(work.dataUpdatedAt);

  const [notice, setNotice] = useState<Notice | null>(null);
  const dismiss = useCallback(() => setNotice(null), []);
  const [calling, setCalling] = useState<LeadView | null>(null);
  const [claiming, setClaiming] = useState<Set<string>>(() => new Set());

  const claim = useMutation(trpc.leads.claim.mutationOptions());
  const claimFor = (agent: string, mine: boolean): WorkAction => ({
    label: mine ? 'Claim' : `Claim for ${agent}`,
    run: (lead) => {
      setClaiming((s) => new Set(s).add(lead.leadId));
      claim.mutate(
        { leadId: lead.leadId, claimedBy: agent },
        {
          onSuccess: (saved) => {
            void leadSaved(saved);
            setNotice({ tone: 'success', message: mine ? `${lead.name} is yours now.` : `${lead.name} assigned to ${agent}.` });
          },
          onError: (err) => {
            console.error('Error claiming lead:', err);
            setNotice({ tone: 'error', message: 'Error claiming lead. Please try again.', detail: refusalReason(err) });
          },
          onSettled: () => {
            setClaiming((s) => new Set([...s].filter((id) => id !== lead.leadId)));
            void leadSaved();
          },
        },
      );
    },
  });

  const agent = work.data?.agent ?? null;
  const mine = agent !== null && agent === me.data?.name && access.data?.isAgent === true;
  const logCall: WorkAction = { label: 'Log call', run: setCalling };

  return (
    <div className="mx-auto max-w-4xl space-y-6 p-4 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">My work</h1>
          <p className="text-sm text-slate-600">
            {agent
              ? mine
                ? 'Your follow-ups and the leads waiting longest.'
                : `${agent}'s follow-ups and the leads waiting longest.`
              : 'Unclaimed leads waiting longest.'}
          </p>
        </div>
        {canPick && (
          <label className="block w-full text-sm font-medium text-slate-700 sm:w-56">
            Whose work
            <select
              className={inputClass}
              value={chosen ?? agent ?? ''}
              onChange={(e) => setParams(e.target.value ? { agent: e.target.value } : {}, { replace: true })}
            >
              {!access.data?.isAgent && <option value="">No agent</option>}
              {agents.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>

      {/* The agent's own Away switch: while it is on, round robin and offers skip them. */}
      {(!chosen || mine) && <AwayMark />}
      <Notification notice={notice} onDismiss={dismiss} />

      {work.isPending ? (
        <div aria-busy="true" aria-label="Loading your work" className="space-y-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-24 animate-pulse rounded-xl bg-slate-200" />
          ))}
        </div>
      ) : work.isError && !work.data ? (
        <ListNotice kind="error">Your work could not be loaded. Please refresh the page.</ListNotice>
      ) : (
        work.data && (
          <>
            {!agent && <ListNotice kind="info">You are not an agent: pick an agent above to see their follow-ups.</ListNotice>}
            {agent && (
              <>
                <WorkSection
                  id="work-overdue"
                  title="Overdue follow-ups"
                  empty="Nothing overdue"
                  leads={work.data.overdue}
                  show="due"
                  action={logCall}
                  {...{ now, adminHost, busy: claiming }}
                />
                <WorkSection
                  id="work-today"
                  title="Due today"
                  empty="Nothing due today"
                  leads={work.data.today}
                  show="due"
                  action={logCall}
                  {...{ now, adminHost, busy: claiming }}
                />
              </>
            )}
            <WorkSection
              id="work-promise"
              title="Unclaimed, nearing the 24-hour promise"
              empty="No unclaimed lead is near the 24-hour promise"
              leads={work.data.nearingPromise}
              show="age"
              action={agent ? claimFor(agent, mine) : null}
              {...{ now, adminHost, busy: claiming }}
            />
            {mine && <UnsignedSoas adminHost={adminHost} now={now} />}
            <BookSection agent={agent} now={now} adminHost={adminHost} />
          </>
        )
      )}

      {calling && (
        <LogCallDialog
          lead={calling}
          onClose={() => setCalling(null)}
          onLogged={(saved) => {
            setCalling(null);
            setNotice({
              tone: 'success',
              message: saved.followUpAt
                ? `Call with ${saved.name} logged. Follow-up ${fullTime(saved.followUpAt)}.`
                : `Call with ${saved.name} logged.`,
            });
          }}
        />
      )}
    </div>
  );
}
