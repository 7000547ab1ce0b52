// Adds a compliance record captured without the signing link (docs/compliance.md, "Recorded calls and paper
// forms"): a recorded call (the system, the call's id or address, the day) or a signed paper form uploaded as
// a PDF, PNG or JPEG of at most 10 MB. The server checks the file's type by its first bytes.
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { PAPER_MAX_BYTES, PAPER_TOO_LARGE, recordAddInput, type ComplianceType, type Language } from '../../../schemas/compliance.ts';
import { FormActions, inputClass } from '../ui.tsx';
import { Alert } from '../DialogFrame.tsx';
import { FormFacts, FormTypeSelect, type Facts } from './FormFacts.tsx';

type Subject = { leadId: string } | { customerId: string };
type Method = 'recorded-call' | 'paper';
const ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';
const today = () => new Date().toISOString().slice(0, 10);

/** A file's bytes as base64 (the data URL's tail). */
const base64Of = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });

export function CapturedRecordForm({ subject, name, onClose }: { subject: Subject; name: string; onClose(): void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [type, setType] = useState<ComplianceType>('medicare-soa');
  const [method, setMethod] = useState<Method>('recorded-call');
  const [language, setLanguage] = useState<Language>('en');
  const [signerName, setSignerName] = useState(name);
  const [capturedOn, setCapturedOn] = useState(today);
  const [recordingSystem, setRecordingSystem] = useState('');
  const [reference, setReference] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [facts, setFacts] = useState<Facts>({ products: [], appointmentDate: '', scope: '' });
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = useMutation(
    trpc.compliance.add.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.compliance.pathKey() });
        onClose();
      },
      onError: (err) => setError(errorMessage(err, 'Failed to add the record', 'Error adding the record')),
    }),
  );
  const busy = add.isPending || reading;
  const soa = type === 'medicare-soa';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (method === 'paper' && !file) return setError('Upload the signed paper form (PDF, PNG or JPEG).');
    if (file && file.size > PAPER_MAX_BYTES) return setError(`${PAPER_TOO_LARGE}.`);
    setError(null);
    setReading(true);
    let contentBase64 = '';
    try {
      if (method === 'paper' && file) contentBase64 = await base64Of(file);
    } catch (err) {
      return setError(errorMessage(err, 'The file could not be read'));
    } finally {
      setReading(false);
    }
    const input = recordAddInput.safeParse({
      subject,
      type,
      language,
      captureMethod: method,
      recordingSystem: method === 'recorded-call' ? recordingSystem : '',
      reference,
      capturedOn,
      signerName,
      products: soa ? facts.products : [],
      appointmentDate: soa ? facts.appointmentDate || null : null,
      scope: soa ? '' : facts.scope,
      ...(method === 'paper' ? { file: { name: file?.name.slice(0, 200) ?? '', contentBase64 } } : {}),
    });
    if (!input.success) return setError(input.error.issues[0]?.message ?? 'Check the record');
    add.mutate(input.data);
  }

  const label = 'block text-slate-700';
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label="Add a recorded-call or paper record"
      className="space-y-3 rounded-lg bg-slate-50 p-3 text-sm"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormTypeSelect value={type} onChange={setType} busy={busy} />
        <label className={label}>
          Captured by
          <select className={inputClass} value={method} onChange={(e) => setMethod(e.target.value as Method)} disabled={busy}>
            <option value="recorded-call">Recorded call</option>
            <option value="paper">Paper form (upload)</option>
          </select>
        </label>
        <label className={label}>
          Name of the person who agreed
          <input
            className={inputClass}
            value={signerName}
            maxLength={120}
            onChange={(e) => setSignerName(e.target.value)}
            disabled={busy}
          />
        </label>
        <label className={label}>
          {method === 'paper' ? 'Date signed' : 'Date of the call'}
          <input
            type="date"
            className={inputClass}
            value={capturedOn}
            max={today()}
            onChange={(e) => setCapturedOn(e.target.value)}
            disabled={busy}
          />
        </label>
        <label className={label}>
          Language
          <select className={inputClass} value={language} onChange={(e) => setLanguage(e.target.value as Language)} disabled={busy}>
            <option value="en">English</option>
            <option value="es">Spanish</option>
          </select>
        </label>
        {method === 'recorded-call' ? (
          <label className={label}>
            Recording system
            <input
              className={inputClass}
              value={recordingSystem}
              maxLength={80}
              placeholder="e.g. the phone system's name"
              onChange={(e) => setRecordingSystem(e.target.value)}
              disabled={busy}
            />
          </label>
        ) : (
          <label className={label}>
            Signed form (PDF, PNG or JPEG, up to 10 MB)
            <input
              type="file"
              accept={ACCEPT}
              className={inputClass}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              disabled={busy}
            />
          </label>
        )}
      </div>
      <label className={label}>
        {method === 'recorded-call' ? 'Call id or recording address' : 'Where the original is kept (optional)'}
        <input className={inputClass} value={reference} maxLength={300} onChange={(e) => setReference(e.target.value)} disabled={busy} />
      </label>
      <FormFacts type={type} facts={facts} onChange={setFacts} busy={busy} />
      {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
      <FormActions onCancel={onClose} busy={busy} label="Add record" busyLabel="Adding..." />
    </form>
  );
}
