// The New Lead dialog: name, email and phone required (Create stays disabled until all three are filled,
// docs/product.md §5); on Create every field's error shows under it at once, marked invalid, with focus on
// the first; a server failure shows inside the dialog.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, DialogFrame } from '../../../components/DialogFrame.tsx';
import { DialogActions, inputClass } from '../../../components/ui.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { refusalReason } from '../../../lib/error-message.ts';
import { leadCreateInput, type LeadView } from '../../../../schemas/lead.ts';

type FieldName = 'name' | 'email' | 'phone' | 'notes';
const FIELDS: { key: FieldName; label: string; type?: string }[] = [
  { key: 'name', label: 'Name *' },
  { key: 'email', label: 'Email *', type: 'email' },
  { key: 'phone', label: 'Phone *', type: 'tel' },
  { key: 'notes', label: 'Notes' },
];

/** Each field's first problem by the shared schema, the one the server checks too. */
function fieldErrors(lead: Record<FieldName, string>): Partial<Record<FieldName, string>> {
  const parsed = leadCreateInput.safeParse({ ...lead, notes: lead.notes || undefined });
  const errors: Partial<Record<FieldName, string>> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const key = issue.path[0] as FieldName;
    errors[key] ??= issue.message;
  }
  return errors;
}

export function CreateLeadDialog({ onCreated, onClose }: { onCreated(lead: LeadView): void; onClose(): void }) {
  const trpc = useTRPC();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [lead, setLead] = useState<Record<FieldName, string>>({ name: '', email: '', phone: '', notes: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const create = useMutation(trpc.leads.create.mutationOptions({ onSuccess: onCreated, onError: (err) => console.error(err) }));
  const busy = create.isPending;
  const ready = lead.name.trim() && lead.email.trim() && lead.phone.trim();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready) return;
    const found = fieldErrors(lead);
    setErrors(found);
    const first = FIELDS.find((f) => found[f.key]);
    if (first) {
      form.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${first.key}`)}`)?.focus();
      return;
    }
    create.mutate({ name: lead.name, email: lead.email, phone: lead.phone, notes: lead.notes || undefined });
  }

  return (
    <DialogFrame title="Create New Lead" onClose={onClose} busy={busy}>
      <form ref={form} onSubmit={submit} noValidate className="space-y-4">
        {create.isError && (
          <Alert onDismiss={() => create.reset()}>
            <p className="font-medium">Error creating lead. Please try again.</p>
            {refusalReason(create.error) && <p className="mt-0.5 text-xs">{refusalReason(create.error)}</p>}
          </Alert>
        )}
        {FIELDS.map(({ key, label, type }) => {
          const error = errors[key];
          const control = {
            id: `${id}-${key}`,
            className: inputClass,
            value: lead[key],
            disabled: busy,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${id}-${key}-error` : undefined,
            onChange: (e: { target: { value: string } }) => {
              setLead({ ...lead, [key]: e.target.value });
              if (error) setErrors({ ...errors, [key]: undefined });
            },
          };
          return (
            <div key={key}>
              <label htmlFor={control.id} className="block text-sm font-medium text-slate-700">
                {label}
              </label>
              {key === 'notes' ? (
                <textarea rows={3} {...control} />
              ) : (
                <input type={type ?? 'text'} autoFocus={key === 'name'} {...control} />
              )}
              {error && (
                <p id={`${id}-${key}-error`} className="mt-1 text-sm text-red-700">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        <DialogActions onCancel={onClose} busy={busy} label="Create" busyLabel="Creating..." submitDisabled={!ready} />
      </form>
    </DialogFrame>
  );
}
