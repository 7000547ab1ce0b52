// Agents' shares of a policy's commission (admins, docs/commissions.md): find a policy by its number, see
// who gets its commission (100% to the writing agent by default) and split it between agents in percent
// with at most two decimals, adding up to 100%.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { centsFromDollars } from '../../../../schemas/policy-rules.ts';
import { inputClass, primaryButton, secondaryButton } from '../../../components/ui.tsx';
import { Notification, type Notice } from '../../../components/Notification.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useTRPC } from '../../../lib/trpc.ts';

type Row = { agent: string; percent: string };

export function PolicySharesForm({ agents }: { agents: string[] }) {
  const id = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [number, setNumber] = useState('');
  const [asked, setAsked] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const shares = useQuery({ ...trpc.commissions.shares.queryOptions({ policyNumber: asked }), enabled: Boolean(asked), retry: false });
  useEffect(() => {
    if (shares.data) setRows(shares.data.shares.map((s) => ({ agent: s.agent, percent: String(s.basisPoints / 100) })));
  }, [shares.data]);
  const save = useMutation(
    trpc.commissions.setShares.mutationOptions({
      onSuccess: () => {
        setNotice({ tone: 'success', message: 'Shares saved.' });
        void queryClient.invalidateQueries({ queryKey: trpc.commissions.pathKey() });
      },
      onError: (err) => setNotice({ tone: 'error', message: errorMessage(err, 'The shares could not be saved.') }),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!shares.data) return;
    const parsed = rows.map((r) => ({ agent: r.agent.trim(), basisPoints: centsFromDollars(r.percent) }));
    if (parsed.some((r) => !r.agent || r.basisPoints === null || r.basisPoints === 0))
      return setNotice({ tone: 'error', message: 'Each share needs an agent and a percent above 0 with at most two decimals.' });
    save.mutate({ policyId: shares.data.policyId, shares: parsed.map((r) => ({ agent: r.agent, basisPoints: r.basisPoints! })) });
  };
  const change = (i: number, patch: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <section aria-labelledby={`${id}-h`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        Agents&rsquo; shares
      </h2>
      <Notification notice={notice} onDismiss={() => setNotice(null)} />
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setNotice(null);
          setAsked(number.trim());
        }}
      >
        <div>
          <label htmlFor={`${id}-n`} className="block text-sm font-medium text-slate-700">
            Policy number
          </label>
          <input id={`${id}-n`} value={number} onChange={(e) => setNumber(e.target.value)} className={inputClass} />
        </div>
        <button type="submit" className={secondaryButton} disabled={!number.trim()}>
          Find policy
        </button>
      </form>
      {shares.isError && <p className="text-sm text-red-700">{errorMessage(shares.error, 'The policy could not be found.')}</p>}
      {shares.data && (
        <form onSubmit={submit} noValidate className="space-y-2" aria-label="Shares of the policy">
          <p className="text-sm text-slate-700">
            {shares.data.carrier} {shares.data.policyNumber}: written by {shares.data.writingAgent || 'nobody'};{' '}
            {shares.data.custom ? 'split between agents.' : '100% to the writing agent.'}
          </p>
          <datalist id={`${id}-agents`}>
            {agents.map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
          {rows.map((r, i) => (
            <div key={i} className="flex flex-wrap items-end gap-2">
              <div>
                <label htmlFor={`${id}-a${i}`} className="block text-xs text-slate-600">
                  Agent {i + 1}
                </label>
                <input
                  id={`${id}-a${i}`}
                  list={`${id}-agents`}
                  value={r.agent}
                  onChange={(e) => change(i, { agent: e.target.value })}
                  className={inputClass}
                />
              </div>
              <div className="w-28">
                <label htmlFor={`${id}-p${i}`} className="block text-xs text-slate-600">
                  Share of agent {i + 1} (%)
                </label>
                <input
                  id={`${id}-p${i}`}
                  inputMode="decimal"
                  value={r.percent}
                  onChange={(e) => change(i, { percent: e.target.value })}
                  className={inputClass}
                />
              </div>
              <button type="button" className={secondaryButton} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                Remove agent {i + 1}
              </button>
            </div>
          ))}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={secondaryButton}
              disabled={rows.length >= 10}
              onClick={() => setRows([...rows, { agent: '', percent: '' }])}
            >
              Add an agent
            </button>
            <button type="submit" className={primaryButton} disabled={save.isPending}>
              Save shares
            </button>
            <button
              type="button"
              className={secondaryButton}
              disabled={save.isPending}
              onClick={() => save.mutate({ policyId: shares.data.policyId, shares: [] })}
            >
              All to the writing agent
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
