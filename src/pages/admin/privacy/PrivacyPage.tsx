// Privacy requests (admins): find what is held about an email or phone, show its access copy (a printable
// page, AccessCopyView.tsx) or download it as one JSON file, or erase it (the typed word ERASE confirms; the
// answer says what the law makes us keep, and why); the record of past requests below.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERASE_CONFIRMATION, type PersonQueryInput } from '../../../../schemas/privacy.ts';
import type { AccessCopy } from '../../../../schemas/access-copy.ts';
import { AccessCopyView } from './AccessCopyView.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fullTime } from '../../../lib/when.ts';
import { saveFile } from '../../../lib/download.ts';
import { Notification, type Notice } from '../../../components/Notification.tsx';
import { DataTable, ListNotice, TableMessageRow, inputClass, primaryButton, secondaryButton } from '../../../components/ui.tsx';

/** The words of a request's counts. */
const COUNT_WORDS: Record<string, string> = {
  activityEntries: 'activity entries',
  auditEntries: 'audit entries',
  doNotContactEntries: 'do-not-contact entries',
  noticesDropped: 'queued notices dropped',
  complianceRecordsKept: 'compliance records kept (required by law)',
};

const dangerButton = 'min-h-11 rounded-lg bg-rose-600 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-700 disabled:opacity-60';

export default function PrivacyPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [asked, setAsked] = useState<PersonQueryInput | null>(null);
  const [confirm, setConfirm] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [copy, setCopy] = useState<AccessCopy | null>(null);
  const [kept, setKept] = useState<readonly { what: string; why: string }[] | null>(null);

  const found = useQuery(trpc.privacy.find.queryOptions(asked ?? { email: 'none@example.com' }, { enabled: asked !== null, retry: false }));
  const requests = useQuery(trpc.privacy.requests.queryOptions());
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.privacy.pathKey() })]);
  const failed = (message: string) => (err: unknown) => setNotice({ tone: 'error', message: errorMessage(err, message) });
  const exporter = useMutation(
    trpc.privacy.export.mutationOptions({
      onSuccess: (data) => {
        saveFile(
          `privacy-export-${new Date().toISOString().slice(0, 10)}.json`,
          new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
        );
        setNotice({ tone: 'success', message: 'The file was downloaded. The download is in the audit log.' });
        void refresh();
      },
      onError: failed('Error downloading the data.'),
    }),
  );
  const shower = useMutation(
    trpc.privacy.export.mutationOptions({
      onSuccess: (data) => {
        setCopy(data);
        setNotice({ tone: 'success', message: 'The access copy is below. Opening it is in the audit log.' });
        void refresh();
      },
      onError: failed('Error preparing the access copy.'),
    }),
  );
  const eraser = useMutation(
    trpc.privacy.erase.mutationOptions({
      onSuccess: (done) => {
        setConfirm('');
        setCopy(null);
        setKept(done.kept);
        setNotice({
          tone: 'success',
          message: `Erased: ${done.leads} leads, ${done.customers} customers, ${done.activityEntries} activity entries; ${done.noticesDropped} queued notices dropped. ${done.policies} policies de-identified; ${done.complianceRecordsKept} compliance records kept (required by law).`,
        });
        void refresh();
        void queryClient.invalidateQueries({ queryKey: trpc.leads.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.customers.pathKey() });
      },
      onError: failed('Error erasing the data.'),
    }),
  );

  const search = (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const q = { ...(email.trim() ? { email: email.trim() } : {}), ...(phone.trim() ? { phone: phone.trim() } : {}) };
    if (!q.email && !q.phone) return setNotice({ tone: 'error', message: 'Give an email or a phone.' });
    setCopy(null);
    setKept(null);
    setAsked(q);
  };
  const result = found.data;
  const holds = Boolean(result && (result.leads.length || result.customers.length));

  return (
    <div className="mx-auto max-w-5xl space-y-5 p-4 sm:p-6">
      <h1 className="text-2xl font-bold text-slate-900">Privacy requests</h1>
      <p className="text-sm text-slate-600">
        A person may ask for a copy of what we hold about them or for its erasure. Their do-not-contact entry, consent record and the record
        of the request are kept as the law requires.
      </p>
      <Notification notice={notice} onDismiss={() => setNotice(null)} />

      <form
        onSubmit={search}
        noValidate
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3 sm:items-end"
      >
        <div>
          <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-700">
            Email
          </label>
          <input id={`${id}-email`} type="email" value={email} onChange={(e) => setEmail(e.target.value)} className={inputClass} />
        </div>
        <div>
          <label htmlFor={`${id}-phone`} className="block text-sm font-medium text-slate-700">
            Phone
          </label>
          <input id={`${id}-phone`} type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} className={inputClass} />
        </div>
        <button type="submit" className={primaryButton}>
          Find
        </button>
      </form>

      {asked && found.isError && <ListNotice kind="error">{errorMessage(found.error, 'The search failed.')}</ListNotice>}
      {asked && result && (
        <section aria-labelledby={`${id}-found`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id={`${id}-found`} className="text-lg font-semibold text-slate-900">
            What we hold
          </h2>
          {!holds ? (
            <p className="text-sm text-slate-600">No lead or customer has this email or phone.</p>
          ) : (
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
              {result.leads.map((l) => (
                <li key={l.leadId}>
                  Lead: {l.name} ({l.status}), received {fullTime(l.createdAt)}
                </li>
              ))}
              {result.customers.map((c) => (
                <li key={c.customerId}>Customer: {c.name}, with any medical details</li>
              ))}
              {result.policies > 0 && <li>{result.policies} policies</li>}
              <li>{result.activityEntries} activity entries</li>
              <li>{result.queuedNotices} queued notices</li>
            </ul>
          )}
          {result.suppressions.length > 0 && (
            <p className="text-sm text-slate-700">
              Do not contact: {result.suppressions.filter((s) => s.active).length} active entries (kept after an erasure).
            </p>
          )}
          {holds && (
            <div className="flex flex-wrap items-end gap-3 border-t border-slate-100 pt-3">
              <button type="button" className={secondaryButton} disabled={shower.isPending} onClick={() => shower.mutate(asked)}>
                {shower.isPending ? 'Preparing...' : 'Show access copy'}
              </button>
              <button type="button" className={secondaryButton} disabled={exporter.isPending} onClick={() => exporter.mutate(asked)}>
                {exporter.isPending ? 'Preparing...' : 'Download as JSON'}
              </button>
              <div>
                <label htmlFor={`${id}-confirm`} className="block text-sm font-medium text-slate-700">
                  Type {ERASE_CONFIRMATION} to erase
                </label>
                <input id={`${id}-confirm`} value={confirm} onChange={(e) => setConfirm(e.target.value)} className={inputClass} />
              </div>
              <button
                type="button"
                className={dangerButton}
                disabled={confirm !== ERASE_CONFIRMATION || eraser.isPending}
                onClick={() => eraser.mutate({ person: asked, confirm: ERASE_CONFIRMATION })}
              >
                {eraser.isPending ? 'Erasing...' : 'Erase this person'}
              </button>
            </div>
          )}
        </section>
      )}

      {kept && (
        <section aria-labelledby={`${id}-kept`} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id={`${id}-kept`} className="text-lg font-semibold text-slate-900">
            What the erasure kept, and why
          </h2>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
            {kept.map((k) => (
              <li key={k.what}>
                {k.what}. <span className="text-slate-600">{k.why}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {copy && <AccessCopyView copy={copy} onDone={(message) => setNotice({ tone: 'success', message })} />}

      <DataTable label="Past requests" headers={['When', 'Who', 'What', 'Kept until']}>
        {requests.isPending && <TableMessageRow colSpan={4}>Loading...</TableMessageRow>}
        {requests.data?.length === 0 && <TableMessageRow colSpan={4}>No requests yet</TableMessageRow>}
        {requests.data?.map((r) => (
          <tr key={r.requestId}>
            <td className="whitespace-nowrap px-4 py-3">{fullTime(r.at)}</td>
            <td className="px-4 py-3">{r.by}</td>
            <td className="px-4 py-3">
              {r.kind === 'erase' ? 'Erased' : 'Downloaded'}:{' '}
              {Object.entries(r.counts)
                .map(([k, v]) => `${v} ${COUNT_WORDS[k] ?? k}`)
                .join(', ')}
            </td>
            <td className="whitespace-nowrap px-4 py-3">{fullTime(r.keepUntil)}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
