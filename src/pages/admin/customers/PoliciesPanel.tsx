// A customer's policies on their card (the edit dialog): the list with premium, renewal and commission,
// and add, edit and remove (with confirmation) in place. Loading, empty and error states are shown in
// the panel; every change is logged by the server (activity log, the lead's timeline). While a policy is
// added or edited the panel tells the dialog (`onEditorChange`), which then sets its own form and Save aside.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { POLICY_LINE_LABELS, type PolicyView } from '../../../../schemas/policy.ts';
import { annualPremiumCents, expectedCommissionCents, formatCents, nextRenewal } from '../../../../schemas/policy-rules.ts';
import { todayIn } from '../../../../schemas/book-windows.ts';
import { site } from '../../../../schemas/brokerage.ts';
import { primaryButton, secondaryButton } from '../../../components/ui.tsx';
import { Alert } from '../../../components/DialogFrame.tsx';
import { PolicyFields } from '../../../components/policy-form/PolicyFields.tsx';
import {
  emptyPolicyForm,
  policyFormFrom,
  policyPayload,
  type PolicyErrors,
  type PolicyForm,
} from '../../../components/policy-form/policy-form.ts';

const day = (d: string) =>
  new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
const STATUS_TONE: Record<string, string> = {
  active: 'bg-emerald-100 text-emerald-900',
  pending: 'bg-amber-100 text-amber-900',
  lapsed: 'bg-slate-200 text-slate-800',
  cancelled: 'bg-rose-100 text-rose-900',
};

/** Which policy is being edited: null adds a new one. */
type Editing = { policy: PolicyView | null; form: PolicyForm; errors: PolicyErrors };

export function PoliciesPanel({
  customerId,
  customerName,
  onEditorChange,
}: {
  customerId: string;
  customerName: string;
  onEditorChange?(open: boolean): void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const policies = useQuery(trpc.policies.list.queryOptions({ customerId }));
  const me = useQuery(trpc.auth.me.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  const agents = useQuery(trpc.leads.agents.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const editorOpen = editing !== null;
  const editorForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    onEditorChange?.(editorOpen);
    // The editor's first field takes focus as it opens (the dialog's own form is set aside meanwhile).
    if (editorOpen) editorForm.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [editorOpen, onEditorChange]);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.policies.pathKey() });
    // The customer list shows each customer's carriers and lines (the open card itself is not read again).
    void queryClient.invalidateQueries({ queryKey: trpc.customers.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.activity.pathKey() });
  };
  const onError = (err: unknown) => setError(errorMessage(err, 'Failed to save policy', 'Error saving policy'));
  const saved = (message: string) => () => {
    setEditing(null);
    setError(null);
    setStatus(message);
    refresh();
  };
  const add = useMutation(trpc.policies.add.mutationOptions({ onSuccess: saved('Policy added.'), onError }));
  const update = useMutation(trpc.policies.update.mutationOptions({ onSuccess: saved('Policy saved.'), onError }));
  const remove = useMutation(
    trpc.policies.remove.mutationOptions({
      onSuccess: () => {
        setRemoving(null);
        setStatus('Policy removed.');
        refresh();
      },
      onError: (err) => setError(errorMessage(err, 'Failed to remove policy', 'Error removing policy')),
    }),
  );
  const busy = add.isPending || update.isPending;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!editing) return;
    const result = policyPayload(editing.form);
    if (result.errors) return setEditing({ ...editing, errors: result.errors });
    if (editing.policy) update.mutate({ ...result.payload, policyId: editing.policy.policyId });
    else add.mutate({ ...result.payload, customerId });
  }

  const today = todayIn(site.timeZone);
  const list = policies.data ?? [];
  return (
    <section aria-labelledby={`policies-${customerId}`} className="mt-6 space-y-3 border-t border-slate-200 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`policies-${customerId}`} className="text-base font-semibold text-slate-900">
          Policies
        </h3>
        {!editing && (
          <button
            type="button"
            className={secondaryButton}
            onClick={() => setEditing({ policy: null, form: emptyPolicyForm(me.data?.name ?? ''), errors: {} })}
          >
            Add policy
          </button>
        )}
      </div>
      {/* Only while there is news: an empty status region would be one more "status" on the customers page. */}
      {status && (
        <p role="status" className="sr-only">
          {status}
        </p>
      )}
      {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}

      {editing && (
        <form
          ref={editorForm}
          onSubmit={onSubmit}
          noValidate
          aria-label={editing.policy ? 'Edit policy' : 'New policy'}
          className="space-y-3 rounded-lg bg-slate-50 p-3"
        >
          <PolicyFields
            form={editing.form}
            errors={editing.errors}
            agents={(agents.data ?? []).map((a) => a.name)}
            disabled={busy}
            onChange={(form) => setEditing({ ...editing, form })}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={secondaryButton} disabled={busy} onClick={() => setEditing(null)}>
              Cancel
            </button>
            <button type="submit" className={primaryButton} disabled={busy}>
              {busy ? 'Saving...' : editing.policy ? 'Save policy' : 'Add this policy'}
            </button>
          </div>
        </form>
      )}

      {policies.isPending ? (
        <p className="text-sm text-slate-600">Loading policies...</p>
      ) : policies.isError ? (
        <p className="text-sm text-red-700">{errorMessage(policies.error, 'Failed to load policies', 'Error loading policies')}</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-600">No policies recorded for {customerName} yet.</p>
      ) : (
        <ul aria-label={`Policies of ${customerName}`} className="space-y-2">
          {list.map((p) => {
            const commission = expectedCommissionCents(p);
            const renewal = expectedCommissionCents(p, 'renewal');
            const title = `${p.carrier} ${POLICY_LINE_LABELS[p.line]}`;
            return (
              <li key={p.policyId} className="rounded-lg border border-slate-200 p-3 text-sm">
                <article aria-label={title}>
                  <div className="flex flex-wrap items-center gap-2">
                    <h4 className="font-semibold text-slate-900">{title}</h4>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONE[p.status] ?? ''}`}>{p.status}</span>
                  </div>
                  <p className="text-slate-700">
                    {[p.planName, p.policyNumber && `No. ${p.policyNumber}`].filter(Boolean).join(' · ') || 'No plan name'}
                  </p>
                  <p className="text-slate-700">
                    {formatCents(p.premiumCents)} {p.premiumPeriod === 'monthly' ? 'a month' : 'a year'}
                    {p.premiumPeriod === 'monthly' && ` (${formatCents(annualPremiumCents(p.premiumCents, 'monthly'))} a year)`}
                    {commission !== null &&
                      (renewal === commission
                        ? ` · commission ${formatCents(commission)} a year`
                        : ` · commission ${formatCents(commission)} the first year, ${formatCents(renewal ?? 0)} a year after`)}
                  </p>
                  <p className="text-slate-600">
                    Effective {day(p.effectiveDate)} · renews {day(nextRenewal(p, today))} · written by {p.writingAgent || '—'}
                  </p>
                  {removing === p.policyId ? (
                    <div role="group" aria-label={`Remove ${title}?`} className="mt-2 flex flex-wrap items-center gap-2">
                      <span className="text-slate-800">Remove this policy? This cannot be undone.</span>
                      <button
                        type="button"
                        className={secondaryButton}
                        autoFocus
                        onClick={() => setRemoving(null)}
                        disabled={remove.isPending}
                      >
                        Keep
                      </button>
                      <button
                        type="button"
                        className="min-h-11 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
                        onClick={() => remove.mutate({ policyId: p.policyId })}
                        disabled={remove.isPending}
                      >
                        {remove.isPending ? 'Removing...' : 'Remove policy'}
                      </button>
                    </div>
                  ) : (
                    <div className="mt-2 flex gap-2">
                      <button
                        type="button"
                        className={secondaryButton}
                        aria-label={`Edit policy ${title}`}
                        onClick={() => setEditing({ policy: p, form: policyFormFrom(p), errors: {} })}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className={secondaryButton}
                        aria-label={`Remove policy ${title}`}
                        onClick={() => setRemoving(p.policyId)}
                      >
                        Remove
                      </button>
                    </div>
                  )}
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
