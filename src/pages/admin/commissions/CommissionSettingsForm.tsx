// The reconciliation settings (admins, docs/commissions.md): the grace period before a payment not
// received counts as missing, and the tolerance of a short payment.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { centsFromDollars, dollarsText } from '../../../../schemas/policy-rules.ts';
import { inputClass, primaryButton } from '../../../components/ui.tsx';
import { Notification, type Notice } from '../../../components/Notification.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useTRPC } from '../../../lib/trpc.ts';

export function CommissionSettingsForm() {
  const id = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.commissions.settings.queryOptions());
  const [grace, setGrace] = useState('');
  const [tolerance, setTolerance] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (!settings.data) return;
    setGrace(String(settings.data.graceDays));
    setTolerance(dollarsText(settings.data.toleranceCents));
  }, [settings.data]);
  const save = useMutation(
    trpc.commissions.updateSettings.mutationOptions({
      onSuccess: () => {
        setNotice({ tone: 'success', message: 'Settings saved.' });
        void queryClient.invalidateQueries({ queryKey: trpc.commissions.pathKey() });
      },
      onError: (err) => setNotice({ tone: 'error', message: errorMessage(err, 'The settings could not be saved.') }),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const toleranceCents = centsFromDollars(tolerance);
    const graceDays = Number(grace);
    if (!Number.isInteger(graceDays) || graceDays < 0 || graceDays > 365)
      return setNotice({ tone: 'error', message: 'Grace period: a whole number of days from 0 to 365.' });
    if (toleranceCents === null) return setNotice({ tone: 'error', message: 'Tolerance: dollars with at most two decimals.' });
    save.mutate({ graceDays, toleranceCents });
  };
  return (
    <section aria-labelledby={`${id}-h`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        Reconciliation settings
      </h2>
      <Notification notice={notice} onDismiss={() => setNotice(null)} />
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-3 sm:items-end">
        <div>
          <label htmlFor={`${id}-grace`} className="block text-sm font-medium text-slate-700">
            Grace period (days)
          </label>
          <input id={`${id}-grace`} inputMode="numeric" value={grace} onChange={(e) => setGrace(e.target.value)} className={inputClass} />
        </div>
        <div>
          <label htmlFor={`${id}-tol`} className="block text-sm font-medium text-slate-700">
            Short payment tolerance ($)
          </label>
          <input
            id={`${id}-tol`}
            inputMode="decimal"
            value={tolerance}
            onChange={(e) => setTolerance(e.target.value)}
            className={inputClass}
          />
        </div>
        <button type="submit" className={primaryButton} disabled={save.isPending || !settings.data}>
          Save settings
        </button>
      </form>
    </section>
  );
}
