// The Compliance panel on a lead's record and a customer's card (docs/compliance.md): what exists, what is
// missing and what expires soon per type, the records with their text version, the signing links sent, and
// preparing a new link. The full text of a record is read on demand (each read is audited by the server).
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { COMPLIANCE_TYPE_LABELS, SOA_PRODUCT_LABELS } from '../../../schemas/compliance.ts';
import { secondaryButton } from '../ui.tsx';
import { SignLinkForm } from './SignLinkForm.tsx';
import { CapturedRecordForm } from './CapturedRecordForm.tsx';
import { useClientConfig } from '../../lib/client-config.tsx';
import { downloadFile } from '../../lib/download.ts';

type Subject = { leadId: string } | { customerId: string };
const when = (d: Date | string) => new Date(d).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const METHOD = { 'signed-link': 'signed from a link', 'recorded-call': 'recorded call', paper: 'paper form' } as const;

export function CompliancePanel({ subject, name }: { subject: Subject; name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const panel = useQuery(trpc.compliance.panel.queryOptions(subject));
  const me = useQuery(trpc.auth.me.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  const [preparing, setPreparing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const { apiBase, adminHosts } = useClientConfig();
  const [open, setOpen] = useState<string | null>(null);
  const full = useQuery(trpc.compliance.record.queryOptions({ recordId: open ?? '' }, { enabled: Boolean(open) }));
  const cancel = useMutation(
    trpc.compliance.cancel.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.compliance.pathKey() }),
    }),
  );
  const id = 'leadId' in subject ? subject.leadId : subject.customerId;
  const now = Date.now();

  return (
    <section
      aria-labelledby={`compliance-${id}`}
      className="mt-6 space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`compliance-${id}`} className="text-lg font-semibold text-slate-900">
          Compliance
        </h2>
        <div className="flex flex-wrap gap-2">
          {!adding && (
            <button type="button" className={secondaryButton} onClick={() => setAdding(true)}>
              Add call or paper record
            </button>
          )}
          {!preparing && (
            <button type="button" className={secondaryButton} onClick={() => setPreparing(true)}>
              Prepare signing link
            </button>
          )}
        </div>
      </div>
      {preparing && <SignLinkForm subject={subject} onClose={() => setPreparing(false)} />}
      {adding && <CapturedRecordForm subject={subject} name={name} onClose={() => setAdding(false)} />}
      {fileError && (
        <p role="alert" className="text-sm text-red-700">
          {fileError}
        </p>
      )}
      {panel.isPending ? (
        <p className="text-sm text-slate-600">Loading compliance records...</p>
      ) : panel.isError ? (
        <p className="text-sm text-red-700">
          {errorMessage(panel.error, 'Failed to load compliance records', 'Error loading compliance records')}
        </p>
      ) : (
        <>
          <ul aria-label="Compliance status" className="grid gap-2 text-sm sm:grid-cols-3">
            {panel.data.status.map((s) => (
              <li key={s.type} className="rounded-lg border border-slate-200 p-2">
                <span className="font-medium text-slate-900">{COMPLIANCE_TYPE_LABELS[s.type]}: </span>
                {s.current ? (
                  <span className={s.expiresSoon ? 'text-amber-800' : 'text-emerald-800'}>
                    on file{s.validUntil ? `, valid until ${when(s.validUntil)}` : ''}
                    {s.expiresSoon ? ' (expires soon)' : ''}
                  </span>
                ) : (
                  <span className="text-rose-800">
                    missing{s.lastUsedAt ? ` (the last one was used at the appointment on ${when(s.lastUsedAt)})` : ''}
                  </span>
                )}
              </li>
            ))}
          </ul>
          {panel.data.records.length === 0 && <p className="text-sm text-slate-600">No compliance records for {name} yet.</p>}
          {panel.data.records.length > 0 && (
            <ul aria-label="Compliance records" className="space-y-2 text-sm">
              {panel.data.records.map((r) => (
                <li key={r.recordId} className="rounded-lg border border-slate-200 p-3">
                  <p className="font-semibold text-slate-900">
                    {COMPLIANCE_TYPE_LABELS[r.type]}
                    {r.kind !== 'original' && ` (${r.kind})`}
                  </p>
                  <p className="text-slate-700">
                    Signed by {r.signerName} on {when(r.signedAt)} · {METHOD[r.captureMethod]} · text version {r.textVersion} (
                    {r.language === 'es' ? 'Spanish' : 'English'})
                  </p>
                  {r.products.length > 0 && (
                    <p className="text-slate-600">
                      {r.products.map((p) => SOA_PRODUCT_LABELS[p].en).join(', ')}
                      {r.appointmentDate && ` · appointment ${r.appointmentDate}`}
                    </p>
                  )}
                  {r.usedAt && <p className="font-medium text-slate-800">Used at the Medicare appointment on {when(r.usedAt)}</p>}
                  {r.captureMethod === 'recorded-call' && (
                    <p className="break-words text-slate-600">
                      Recording: {r.recordingSystem ? `${r.recordingSystem} · ` : ''}
                      {r.reference}
                    </p>
                  )}
                  {r.captureMethod === 'paper' && r.reference && <p className="break-words text-slate-600">Original kept: {r.reference}</p>}
                  {r.note && <p className="text-slate-600">{r.note}</p>}
                  {r.paperType && (
                    <button
                      type="button"
                      className={`${secondaryButton} mt-2 mr-2`}
                      onClick={() => {
                        setFileError(null);
                        const ext = r.paperType === 'jpeg' ? 'jpg' : r.paperType;
                        downloadFile(`${apiBase}/api/admin/compliance/records/${r.recordId}/paper`, `${r.type}-${r.recordId}.${ext}`, {
                          adminHosts,
                          failure: 'Failed to download the paper form',
                        }).catch((err: unknown) => setFileError(errorMessage(err, 'Failed to download the paper form')));
                      }}
                    >
                      Download paper form ({r.paperType.toUpperCase()})
                    </button>
                  )}
                  <button
                    type="button"
                    className={`${secondaryButton} mt-2`}
                    aria-expanded={open === r.recordId}
                    onClick={() => setOpen(open === r.recordId ? null : r.recordId)}
                  >
                    {open === r.recordId ? 'Hide text' : 'Show signed text'}
                  </button>
                  {open === r.recordId && full.data && (
                    <pre className="mt-2 whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-sans text-slate-800">
                      {full.data.text}
                    </pre>
                  )}
                </li>
              ))}
            </ul>
          )}
          {panel.data.requests.length > 0 && (
            <div>
              <h3 className="text-sm font-semibold text-slate-900">Signing links sent</h3>
              <ul aria-label="Signing links sent" className="mt-1 space-y-1 text-sm">
                {panel.data.requests.map((q) => {
                  const state = q.usedAt ? 'used' : new Date(q.expiresAt).getTime() <= now ? 'expired' : 'waiting for signature';
                  return (
                    <li key={q.requestId} className="flex flex-wrap items-center gap-2 text-slate-700">
                      <span>
                        {COMPLIANCE_TYPE_LABELS[q.type]} · by {q.createdBy} on {when(q.createdAt)} · {state}
                      </span>
                      {state === 'waiting for signature' && q.createdBy === me.data?.name && (
                        <button
                          type="button"
                          className={secondaryButton}
                          disabled={cancel.isPending}
                          onClick={() => cancel.mutate({ requestId: q.requestId })}
                        >
                          Withdraw link
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </>
      )}
    </section>
  );
}
