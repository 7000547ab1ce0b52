// The compliance page's texts: per record type and language the version in force, an editor that saves
// a new version (signed records keep their own copy), and the earlier versions, read-only.
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { ListNotice, primaryButton, secondaryButton, inputClass } from '../../../components/ui.tsx';
import type { Notice } from '../../../components/Notification.tsx';
import {
  COMPLIANCE_TYPE_LABELS,
  COMPLIANCE_TYPES,
  TEXT_MAX,
  textUpdateInput,
  type ComplianceType,
  type Language,
} from '../../../../schemas/compliance.ts';

const LANGUAGE_LABELS: Record<Language, string> = { en: 'English', es: 'Spanish' };

interface TextVersionView {
  type: ComplianceType;
  language: Language;
  version: number;
  body: string;
  by: string;
  createdAt: Date | string | null;
}

/** Who saved a version and when; the shipped text has neither. */
const savedBy = (v: { by: string; createdAt: Date | string | null }) =>
  v.createdAt ? `Saved by ${v.by}, ${new Date(v.createdAt).toLocaleString()}` : v.by;

export function ComplianceTexts({ texts, onNotice }: { texts: TextVersionView[]; onNotice(n: Notice): void }) {
  return (
    <section aria-labelledby="compliance-texts" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="compliance-texts" className="text-lg font-semibold text-slate-900">
        Texts
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Saving a text creates a new version for new signing links. Records already signed keep the exact text, version and hash they were
        signed with and are never altered.
      </p>
      <div className="mt-4 space-y-4">
        {COMPLIANCE_TYPES.map((type) => (
          <div key={type} className="space-y-3">
            <h3 className="font-semibold text-slate-800">{COMPLIANCE_TYPE_LABELS[type]}</h3>
            {texts
              .filter((t) => t.type === type)
              .map((t) => (
                <TextCard key={t.language} current={t} onNotice={onNotice} />
              ))}
          </div>
        ))}
      </div>
    </section>
  );
}

function TextCard({ current, onNotice }: { current: TextVersionView; onNotice(n: Notice): void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [showHistory, setShowHistory] = useState(false);
  const title = `${COMPLIANCE_TYPE_LABELS[current.type]}, ${LANGUAGE_LABELS[current.language]}`;
  const save = useMutation(
    trpc.compliance.saveText.mutationOptions({
      onSuccess: async (saved) => {
        setDraft(null);
        onNotice({ tone: 'success', message: `${title}: version ${saved.version} saved.` });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.compliance.texts.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.compliance.textVersions.queryKey() }),
        ]);
      },
      onError: (err) => setError(errorMessage(err, 'Could not save the text.')),
    }),
  );
  const submit = () => {
    const parsed = textUpdateInput.safeParse({ type: current.type, language: current.language, body: draft ?? '' });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the text');
    setError('');
    save.mutate(parsed.data);
  };
  return (
    <article aria-label={title} className="rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-slate-800">
          {LANGUAGE_LABELS[current.language]} · <span data-testid="current-version">Version {current.version}</span>
        </h4>
        <div className="flex gap-2">
          <button type="button" className={secondaryButton} aria-expanded={showHistory} onClick={() => setShowHistory((s) => !s)}>
            {showHistory ? 'Hide earlier versions' : 'Earlier versions'}
          </button>
          {draft === null && (
            <button type="button" className={primaryButton} onClick={() => setDraft(current.body)} aria-label={`Edit ${title}`}>
              Edit
            </button>
          )}
        </div>
      </div>
      <p className="mt-1 text-xs text-slate-500">{savedBy(current)}</p>
      {draft === null ? (
        <pre className="mt-2 whitespace-pre-wrap break-words rounded bg-slate-50 p-2 text-sm text-slate-800">{current.body}</pre>
      ) : (
        <div className="mt-2">
          <label htmlFor={id} className="block text-sm font-medium text-slate-700">
            New text: {title}
          </label>
          <textarea
            id={id}
            rows={10}
            maxLength={TEXT_MAX}
            value={draft}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setDraft(e.target.value)}
            className={inputClass}
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-rose-700">
              {error}
            </p>
          )}
          <div className="mt-2 flex gap-2">
            <button type="button" className={primaryButton} disabled={save.isPending} onClick={submit}>
              {save.isPending ? 'Saving...' : 'Save as new version'}
            </button>
            <button type="button" className={secondaryButton} disabled={save.isPending} onClick={() => (setDraft(null), setError(''))}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {showHistory && <TextHistory current={current} title={title} />}
    </article>
  );
}

function TextHistory({ current, title }: { current: TextVersionView; title: string }) {
  const trpc = useTRPC();
  const versions = useQuery(trpc.compliance.textVersions.queryOptions({ type: current.type, language: current.language }));
  if (versions.error) return <ListNotice kind="error">Failed to load the earlier versions: {versions.error.message}</ListNotice>;
  if (!versions.data) return <p className="mt-2 text-sm text-slate-600">Loading earlier versions...</p>;
  const earlier = versions.data.filter((v) => v.version !== current.version);
  if (!earlier.length) return <p className="mt-2 text-sm text-slate-600">No earlier versions.</p>;
  return (
    <ul aria-label={`Earlier versions of ${title}`} className="mt-2 space-y-2">
      {earlier.map((v) => (
        <li key={v.version} className="rounded border border-slate-200 p-2">
          <p className="text-sm font-medium text-slate-800">
            Version {v.version} <span className="font-normal text-slate-500">· {savedBy(v)}</span>
          </p>
          <pre className="mt-1 whitespace-pre-wrap break-words text-xs text-slate-700">{v.body}</pre>
        </li>
      ))}
    </ul>
  );
}
