// The customer-information form that closes a lead (docs/product.md §4, §5, §8). The lead becomes closed
// only once the server has saved its customer; on failure the lead stays as it was. Age and provider
// may stay blank here: the customer list then marks the record "Missing details". The customer's first
// policy may be recorded in the same form (optional; left unticked, the close is as before).
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc.ts';
import { REQUIRED_DETAILS } from '../../../schemas/customer.ts';
import { CustomerFields } from './CustomerFields.tsx';
import { emptyForm, payloadFromForm } from './customer-form.ts';
import { useCustomerForm } from './use-customer-form.ts';
import { Alert, DialogFrame, useCloseAfter } from '../DialogFrame.tsx';
import { DialogActions, primaryButton } from '../ui.tsx';
import { PolicyFields } from '../policy-form/PolicyFields.tsx';
import { emptyPolicyForm, policyPayload, type PolicyErrors } from '../policy-form/policy-form.ts';

export const CLOSE_LEAD_SUCCESS = 'Customer added successfully and lead marked as closed!';
export const CLOSE_LEAD_FAILURE = 'Error saving customer information. Please try again.';
/** How long the success message stays before the dialog hands back to the leads page. */
const CLOSE_AFTER_SUCCESS_MS = 1500;

export interface CloseLeadDialogProps {
  lead: { leadId: string; name: string; email: string; phone: string };
  onClose(): void;
  /** Called after the customer was saved and the lead marked closed. */
  onClosed(): void;
}

export function CloseLeadDialog({ lead, onClose, onClosed }: CloseLeadDialogProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { form, errors, formRef, onChange, check, showServerError } = useCustomerForm(emptyForm(lead), REQUIRED_DETAILS);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [withPolicy, setWithPolicy] = useState(false);
  const [policyForm, setPolicyForm] = useState(() => emptyPolicyForm());
  const [policyErrors, setPolicyErrors] = useState<PolicyErrors>({});
  const policyToggleId = useId();

  const close = useMutation(
    trpc.customers.closeLead.mutationOptions({
      onSuccess: () => {
        setDone(true);
        void queryClient.invalidateQueries({ queryKey: trpc.leads.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.customers.pathKey() });
      },
      // A refusal naming a field shows under that field; anything else in the banner.
      onError: (err) => {
        if (!(err.data?.httpStatus === 400 && showServerError(err.message))) setFailure(err.message);
      },
    }),
  );
  const busy = close.isPending;

  useCloseAfter(done, CLOSE_AFTER_SUCCESS_MS, onClosed);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const policy = withPolicy ? policyPayload(policyForm) : null;
    setPolicyErrors(policy?.errors ?? {});
    if (!form || !check() || policy?.errors) return;
    close.mutate({ leadId: lead.leadId, customer: payloadFromForm(form), policy: policy?.payload });
  }

  return (
    <DialogFrame title="Customer Information" onClose={done ? onClosed : onClose} busy={busy} wide>
      {done ? (
        <div className="space-y-4">
          <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-700">
            {CLOSE_LEAD_SUCCESS}
          </p>
          <div className="flex justify-end">
            <button type="button" onClick={onClosed} className={primaryButton}>
              Done
            </button>
          </div>
        </div>
      ) : (
        <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
          <p className="text-sm text-slate-600">Saving this form adds the customer and marks the lead as closed.</p>
          {form && <CustomerFields form={form} errors={errors} onChange={onChange} required={[]} disabled={busy} />}
          <label htmlFor={policyToggleId} className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-700">
            <input
              id={policyToggleId}
              type="checkbox"
              checked={withPolicy}
              onChange={(e) => setWithPolicy(e.target.checked)}
              disabled={busy}
              className="h-5 w-5 rounded border-slate-300"
            />
            Also record the first policy (optional)
          </label>
          {withPolicy && <PolicyFields form={policyForm} errors={policyErrors} agents={[]} disabled={busy} onChange={setPolicyForm} />}
          {failure !== null && (
            <Alert onDismiss={() => setFailure(null)}>
              <p>{CLOSE_LEAD_FAILURE}</p>
              {failure && <p className="mt-1 text-xs">{failure}</p>}
            </Alert>
          )}
          <DialogActions onCancel={onClose} busy={busy} label="Save Customer" busyLabel="Saving..." />
        </form>
      )}
    </DialogFrame>
  );
}
