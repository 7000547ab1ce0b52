// The add/edit customer modal (docs/product.md §5, §8). Editing loads the full customer, medical details
// included, which the list never carries. Details an older record lacks (a customer made by
// closing a lead) may stay missing; the form says which (a birth date gives the age, a policy the carrier).
// Below the fields, the customer's policies (PoliciesPanel); adding or editing one takes the dialog's place
// until it is saved or cancelled, so the dialog has one primary action at a time.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { DETAIL_LABELS, REQUIRED_DETAILS, type CustomerSummary } from '../../../../schemas/customer.ts';
import { missingDetails, unsetDetails } from '../../../../schemas/customer-details.ts';
import { CustomerFields } from '../../../components/customer-form/CustomerFields.tsx';
import { emptyForm, formFromCustomer, payloadFromForm } from '../../../components/customer-form/customer-form.ts';
import { useCustomerForm } from '../../../components/customer-form/use-customer-form.ts';
import { Alert, DialogFrame } from '../../../components/DialogFrame.tsx';
import { DialogActions } from '../../../components/ui.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { MedicalReasonPanel } from './MedicalReasonPanel.tsx';
import { PoliciesPanel } from './PoliciesPanel.tsx';
import { CompliancePanel } from '../../../components/compliance/CompliancePanel.tsx';

export function CustomerModal({
  customerId,
  onClose,
  onSaved,
}: {
  customerId: string | null;
  onClose(): void;
  onSaved(customer: CustomerSummary, added: boolean): void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const editing = customerId !== null;
  // Given when a staff member opens medical details the office withholds from them (audited).
  const [reason, setReason] = useState<string | undefined>(undefined);
  const [locked, setLocked] = useState(false);
  const existing = useQuery({
    ...trpc.customers.get.queryOptions({ customerId: customerId ?? '', reason }),
    enabled: editing,
    staleTime: 0,
    gcTime: 0,
  });
  const policies = useQuery({ ...trpc.policies.list.queryOptions({ customerId: customerId ?? '' }), enabled: editing });
  // An edit requires only the details the record already had; the note names those it really lacks.
  const missing = existing.data ? unsetDetails(existing.data) : [];
  const lacking = existing.data && policies.data ? missingDetails({ ...existing.data, policies: policies.data }) : [];
  const { form, setForm, errors, formRef, onChange, check, showServerError } = useCustomerForm(editing ? null : emptyForm(), missing);
  const formId = useId();
  // A policy being added or edited: the customer's fields and Save wait (kept as typed) until it is done.
  const [policyOpen, setPolicyOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (existing.data && form === null) {
      setForm(formFromCustomer(existing.data));
      setLocked(Boolean(existing.data.medicalWithheld));
    }
  }, [existing.data, form, setForm]);

  // Opened with a reason: the medical details join what the form already holds.
  useEffect(() => {
    const opened = existing.data;
    if (!locked || !reason || !opened || opened.medicalWithheld || form === null) return;
    const { medicalHistory, medications, preferredDoctor, notes } = opened;
    setForm({ ...form, medicalHistory, medications, preferredDoctor, notes });
    setLocked(false);
  }, [existing.data, form, locked, reason, setForm]);

  const done = (saved: CustomerSummary) => {
    void queryClient.invalidateQueries({ queryKey: trpc.customers.pathKey() });
    onSaved(saved, !editing);
  };
  const onError = (err: { message?: string; data?: { httpStatus?: number } | null }) => {
    if (!(err.data?.httpStatus === 400 && err.message && showServerError(err.message)))
      setError(errorMessage(err, 'Failed to save customer', { unanswered: 'Error saving customer' }));
  };
  const create = useMutation(trpc.customers.create.mutationOptions({ onSuccess: done, onError }));
  const update = useMutation(trpc.customers.update.mutationOptions({ onSuccess: done, onError }));
  const busy = create.isPending || update.isPending;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!form || !check()) return;
    const payload = payloadFromForm(form);
    if (customerId && locked) {
      // Withheld details are unknown here: leave them as they are.
      const { medicalHistory: _h, medications: _m, preferredDoctor: _d, notes: _n, ...rest } = payload;
      update.mutate({ ...rest, customerId });
    } else if (customerId) update.mutate({ ...payload, customerId });
    else create.mutate(payload);
  }

  return (
    <DialogFrame title={editing ? 'Edit Customer' : 'Add Customer'} onClose={onClose} busy={busy} wide>
      {existing.error && <Alert>{`Error loading customers: ${existing.error.message}`}</Alert>}
      {form === null ? (
        !existing.error && <p className="text-sm text-slate-500">Loading customer...</p>
      ) : (
        <form ref={formRef} id={formId} onSubmit={onSubmit} noValidate hidden={policyOpen} className="space-y-4">
          {lacking.length > 0 && (
            <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Missing details: {lacking.map((k) => DETAIL_LABELS[k]).join(', ')}. Add them when you know them; the rest saves without them.
            </p>
          )}
          <CustomerFields
            form={form}
            errors={errors}
            onChange={onChange}
            required={REQUIRED_DETAILS.filter((k) => !missing.includes(k))}
            disabled={busy}
            healthSlot={
              locked ? (
                <MedicalReasonPanel
                  onFile={Boolean(existing.data?.medicalOnFile ?? true)}
                  busy={reason !== undefined && existing.isFetching}
                  onOpen={setReason}
                />
              ) : undefined
            }
          />
          {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
        </form>
      )}
      {customerId && existing.data && (
        <PoliciesPanel customerId={customerId} customerName={existing.data.name} onEditorChange={setPolicyOpen} />
      )}
      {customerId && existing.data && !policyOpen && <CompliancePanel subject={{ customerId }} name={existing.data.name} />}
      {form !== null && !policyOpen && (
        <DialogActions
          form={formId}
          onCancel={onClose}
          busy={busy}
          label={editing ? 'Save Changes' : 'Add Customer'}
          busyLabel="Saving..."
        />
      )}
    </DialogFrame>
  );
}
