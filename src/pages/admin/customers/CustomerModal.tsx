// The add/edit customer modal (SPEC.md §5, §8). Editing loads the full customer, medical details
// included, which the list never carries.
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { CustomerFields, emptyForm, formFromCustomer, payloadFromForm, type CustomerForm } from './CustomerFields.tsx';
import { Alert, DialogFrame, primaryButton, secondaryButton } from '../../../components/DialogFrame.tsx';

/** The server's own text for a refused save; "Error saving customer: ..." when it never answered. */
export function saveErrorText(err: { message?: string; data?: { httpStatus?: number } | null }): string {
  if (err.data?.httpStatus) return err.message || 'Failed to save customer';
  return err.message ? `Error saving customer: ${err.message}` : 'Failed to save customer';
}

export function CustomerModal({ customerId, onClose }: { customerId: string | null; onClose(): void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const editing = customerId !== null;
  const existing = useQuery({ ...trpc.customers.get.queryOptions({ customerId: customerId ?? '' }), enabled: editing, staleTime: 0, gcTime: 0 });
  const [form, setForm] = useState<CustomerForm | null>(editing ? null : emptyForm());
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (existing.data && form === null) setForm(formFromCustomer(existing.data));
  }, [existing.data, form]);

  const done = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.customers.pathKey() });
    onClose();
  };
  const onError = (err: { message?: string; data?: { httpStatus?: number } | null }) => setError(saveErrorText(err));
  const create = useMutation(trpc.customers.create.mutationOptions({ onSuccess: done, onError }));
  const update = useMutation(trpc.customers.update.mutationOptions({ onSuccess: done, onError }));
  const busy = create.isPending || update.isPending;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    setError(null);
    const payload = payloadFromForm(form);
    if (customerId) update.mutate({ ...payload, customerId });
    else create.mutate(payload);
  }

  return (
    <DialogFrame title={editing ? 'Edit Customer' : 'Add Customer'} onClose={onClose} busy={busy} wide>
      {existing.error && <Alert>{`Error loading customers: ${existing.error.message}`}</Alert>}
      {form === null ? (
        !existing.error && <p className="text-sm text-slate-500">Loading customer...</p>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4">
          <CustomerFields form={form} onChange={setForm} strict disabled={busy} />
          {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
          <div className="flex justify-end gap-3 pt-2">
            <button type="button" onClick={onClose} disabled={busy} className={secondaryButton}>
              Cancel
            </button>
            <button type="submit" disabled={busy} className={primaryButton}>
              {busy ? 'Saving...' : editing ? 'Save Changes' : 'Add Customer'}
            </button>
          </div>
        </form>
      )}
    </DialogFrame>
  );
}
