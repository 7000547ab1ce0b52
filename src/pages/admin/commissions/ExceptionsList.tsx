// The exceptions list (admins, docs/commissions.md): missing, short, chargeback and unmatched
// commissions, filtered by kind; an unmatched line is linked to a policy by its number (or to the
// suggested policy) or marked not ours, which takes it off the list.
import { useId, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommissionException, ExceptionKind } from '../../../../schemas/commissions.ts';
import { formatCents } from '../../../../schemas/policy-rules.ts';
import { DataTable, ListNotice, Pager, TableMessageRow, actionsHeader, inputClass, secondaryButton } from '../../../components/ui.tsx';
import { Notification, type Notice } from '../../../components/Notification.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useTRPC } from '../../../lib/trpc.ts';

const KIND_LABELS: Record<ExceptionKind, string> = { missing: 'Missing', short: 'Short', chargeback: 'Chargeback', unmatched: 'Unmatched' };

/** Exceptions per page (the server pages them, docs/commissions.md). */
const PAGE_SIZE = 100;

export function ExceptionsList() {
  const id = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<ExceptionKind | 'all'>('all');
  const [page, setPage] = useState(0);
  const list = useQuery(
    trpc.commissions.exceptions.queryOptions(
      { kind: kind === 'all' ? undefined : kind, offset: page * PAGE_SIZE, limit: PAGE_SIZE },
      { placeholderData: keepPreviousData },
    ),
  );
  const [notice, setNotice] = useState<Notice | null>(null);
  const done = (message: string) => () => {
    setNotice({ tone: 'success', message });
    void queryClient.invalidateQueries({ queryKey: trpc.commissions.pathKey() });
  };
  const failed = (err: unknown) => setNotice({ tone: 'error', message: errorMessage(err, 'The change failed.') });
  const link = useMutation(
    trpc.commissions.link.mutationOptions({ onSuccess: done('The line is linked to the policy.'), onError: failed }),
  );
  const dismiss = useMutation(
    trpc.commissions.dismiss.mutationOptions({ onSuccess: done('The line is marked not ours.'), onError: failed }),
  );
  const items = list.data?.items ?? [];

  return (
    <section id="exceptions" aria-labelledby={`${id}-h`} className="space-y-3">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        Exceptions
      </h2>
      <Notification notice={notice} onDismiss={() => setNotice(null)} />
      {list.data && (
        <p className="text-sm text-slate-700">
          {(Object.keys(KIND_LABELS) as ExceptionKind[]).map((k) => `${KIND_LABELS[k]}: ${list.data.counts[k]}`).join(' · ')}
        </p>
      )}
      <div className="max-w-xs">
        <label htmlFor={`${id}-kind`} className="block text-sm font-medium text-slate-700">
          Show
        </label>
        <select
          id={`${id}-kind`}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as ExceptionKind | 'all');
            setPage(0);
          }}
          className={inputClass}
        >
          <option value="all">All exceptions</option>
          {(Object.keys(KIND_LABELS) as ExceptionKind[]).map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
      {list.isError ? (
        <ListNotice kind="error">{errorMessage(list.error, 'The exceptions could not be loaded.')}</ListNotice>
      ) : (
        <DataTable
          label="Commission exceptions"
          headers={['Kind', 'Month', 'Carrier', 'Policy', 'Insured', 'Agent', 'Due', 'Paid', 'Why', actionsHeader]}
        >
          {list.isPending && <TableMessageRow colSpan={10}>Loading…</TableMessageRow>}
          {list.data && items.length === 0 && <TableMessageRow colSpan={10}>No exceptions.</TableMessageRow>}
          {items.map((e, i) => (
            <ExceptionRow
              key={`${e.kind}-${e.lineId ?? e.policyId}-${e.period}-${i}`}
              e={e}
              busy={link.isPending || dismiss.isPending}
              onLink={(to) => e.lineId && link.mutate({ lineId: e.lineId, ...to })}
              onDismiss={() => e.lineId && dismiss.mutate({ lineId: e.lineId })}
            />
          ))}
        </DataTable>
      )}
      {list.data && list.data.matching > PAGE_SIZE && (
        <Pager
          page={page}
          pages={Math.ceil(list.data.matching / PAGE_SIZE)}
          pageSize={PAGE_SIZE}
          total={list.data.matching}
          onPage={setPage}
        />
      )}
    </section>
  );
}

function ExceptionRow(props: {
  e: CommissionException;
  busy: boolean;
  onLink(to: { policyId: string } | { policyNumber: string }): void;
  onDismiss(): void;
}) {
  const { e } = props;
  const id = useId();
  const [number, setNumber] = useState('');
  return (
    <tr>
      <td className="px-4 py-2 font-medium">{KIND_LABELS[e.kind]}</td>
      <td className="px-4 py-2">{e.period}</td>
      <td className="px-4 py-2">{e.carrier}</td>
      <td className="px-4 py-2">{e.policyNumber}</td>
      <td className="px-4 py-2">{e.insuredName}</td>
      <td className="px-4 py-2">{e.agent}</td>
      <td className="px-4 py-2 text-right">{e.dueCents === null ? '' : formatCents(e.dueCents)}</td>
      <td className="px-4 py-2 text-right">{formatCents(e.paidCents)}</td>
      <td className="px-4 py-2">{e.note}</td>
      <td className="px-4 py-2">
        {e.kind === 'unmatched' && e.lineId && (
          <form
            className="flex min-w-64 flex-wrap items-end gap-2"
            onSubmit={(ev) => {
              ev.preventDefault();
              if (number.trim()) props.onLink({ policyNumber: number.trim() });
            }}
          >
            {e.suggestedPolicyId && (
              <button
                type="button"
                className={secondaryButton}
                disabled={props.busy}
                onClick={() => props.onLink({ policyId: e.suggestedPolicyId! })}
              >
                Confirm suggestion
              </button>
            )}
            <div>
              <label htmlFor={`${id}-n`} className="block text-xs text-slate-600">
                Link to policy number
              </label>
              <input id={`${id}-n`} value={number} onChange={(ev) => setNumber(ev.target.value)} className={inputClass} />
            </div>
            <button type="submit" className={secondaryButton} disabled={props.busy || !number.trim()}>
              Link
            </button>
            <button type="button" className={secondaryButton} disabled={props.busy} onClick={props.onDismiss}>
              Not ours
            </button>
          </form>
        )}
      </td>
    </tr>
  );
}
