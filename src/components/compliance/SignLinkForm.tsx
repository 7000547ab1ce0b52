// Prepares a signing link for a lead or customer (docs/compliance.md): the type, the language, the products and
// appointment date of a Scope of Appointment or the scope of ACA help; then shows the link to copy into a text.
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { type ComplianceType, type Language } from '../../../schemas/compliance.ts';
import { FormActions, inputClass, secondaryButton } from '../ui.tsx';
import { Alert } from '../DialogFrame.tsx';
import { FormFacts, FormTypeSelect, type Facts } from './FormFacts.tsx';

type Subject = { leadId: string } | { customerId: string };

export function SignLinkForm({ subject, onClose }: { subject: Subject; onClose(): void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [type, setType] = useState<ComplianceType>('medicare-soa');
  const [language, setLanguage] = useState<Language>('en');
  const [facts, setFacts] = useState<Facts>({ products: [], appointmentDate: '', scope: '' });
  const { products, appointmentDate, scope } = facts;
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const request = useMutation(
    trpc.compliance.request.mutationOptions({
      onSuccess: () => {
        setError(null);
        void queryClient.invalidateQueries({ queryKey: trpc.compliance.pathKey() });
      },
      onError: (err) => setError(errorMessage(err, 'Failed to prepare the link', 'Error preparing the link')),
    }),
  );
  const soa = type === 'medicare-soa';

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (soa && !products.length) return setError('Pick at least one product to discuss.');
    if (soa && !appointmentDate) return setError('Enter the appointment date.');
    request.mutate({ subject, type, language, products: soa ? products : [], appointmentDate: soa ? appointmentDate : null, scope });
  }

  if (request.data) {
    const { link, emailed } = request.data;
    return (
      <div className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm" role="group" aria-label="Signing link">
        <p className="font-medium text-slate-900">
          Link ready{emailed ? ' and emailed' : ''}. It works once and expires {new Date(request.data.request.expiresAt).toLocaleString()}.
        </p>
        <label className="block text-slate-700">
          Link to copy into a text message
          <input className={inputClass} readOnly value={link} aria-label="Signing link" onFocus={(e) => e.currentTarget.select()} />
        </label>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={secondaryButton}
            onClick={() =>
              void navigator.clipboard?.writeText(link).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? 'Copied' : 'Copy link'}
          </button>
          <button type="button" className={secondaryButton} onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    );
  }

  const busy = request.isPending;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Prepare a signing link" className="space-y-3 rounded-lg bg-slate-50 p-3 text-sm">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormTypeSelect value={type} onChange={setType} busy={busy} />
        <label className="block text-slate-700">
          Language the link opens in
          <select className={inputClass} value={language} onChange={(e) => setLanguage(e.target.value as Language)} disabled={busy}>
            <option value="en">English</option>
            <option value="es">Spanish</option>
          </select>
        </label>
      </div>
      <FormFacts type={type} facts={facts} onChange={setFacts} busy={busy} />
      {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
      <FormActions onCancel={onClose} busy={busy} label="Prepare link" busyLabel="Preparing..." />
    </form>
  );
}
