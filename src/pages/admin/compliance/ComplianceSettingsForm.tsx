// The compliance page's settings: how long a signing link lasts and how many years each record type is
// kept, checked against the shared schema before saving, the reason shown beside a refused field.
import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { LabelledInput, ListNotice, primaryButton } from '../../../components/ui.tsx';
import type { Notice } from '../../../components/Notification.tsx';
import {
  COMPLIANCE_TYPE_LABELS,
  COMPLIANCE_TYPES,
  complianceSettingsInput,
  LINK_HOURS_MAX,
  RETENTION_YEARS_MAX,
  type ComplianceSettings,
} from '../../../../schemas/compliance.ts';

type Draft = Record<string, string>;
const toDraft = (s: ComplianceSettings): Draft => ({
  linkHours: String(s.linkHours),
  ...Object.fromEntries(COMPLIANCE_TYPES.map((t) => [t, String(s.retentionYears[t])])),
});
/** An empty or non-numeric box becomes NaN, which the schema refuses with its own message. */
const num = (v: string | undefined) => (v?.trim() ? Number(v) : Number.NaN);

export function ComplianceSettingsForm({ onNotice }: { onNotice(n: Notice): void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.compliance.settings.queryOptions());
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (settings.data) setDraft(toDraft(settings.data));
  }, [settings.data]);
  const save = useMutation(
    trpc.compliance.updateSettings.mutationOptions({
      onSuccess: async () => {
        onNotice({ tone: 'success', message: 'Compliance settings saved.' });
        await queryClient.invalidateQueries({ queryKey: trpc.compliance.settings.queryKey() });
      },
      onError: (err) => onNotice({ tone: 'error', message: errorMessage(err, 'Could not save the settings.') }),
    }),
  );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    const parsed = complianceSettingsInput.safeParse({
      linkHours: num(draft.linkHours),
      retentionYears: Object.fromEntries(COMPLIANCE_TYPES.map((t) => [t, num(draft[t])])),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[issue.path.length - 1] ?? 'linkHours');
        found[key] ??= issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <section aria-labelledby="compliance-settings" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="compliance-settings" className="text-lg font-semibold text-slate-900">
        Settings
      </h2>
      {settings.error ? (
        <ListNotice kind="error">Failed to load the settings: {settings.error.message}</ListNotice>
      ) : !draft ? (
        <p className="mt-2 text-sm text-slate-600">Loading settings...</p>
      ) : (
        <form noValidate onSubmit={submit} className="mt-3 grid gap-4 sm:grid-cols-2">
          <NumberField
            label="Signing link lifetime (hours)"
            help={`From 1 to ${LINK_HOURS_MAX} hours; applies to links prepared from now on.`}
            max={LINK_HOURS_MAX}
            value={draft.linkHours ?? ''}
            error={errors.linkHours}
            onChange={(v) => setDraft({ ...draft, linkHours: v })}
          />
          {COMPLIANCE_TYPES.map((t) => (
            <NumberField
              key={t}
              label={`Keep ${COMPLIANCE_TYPE_LABELS[t]} records (years)`}
              help={`From 1 to ${RETENTION_YEARS_MAX} years; the default is 10.`}
              max={RETENTION_YEARS_MAX}
              value={draft[t] ?? ''}
              error={errors[t]}
              onChange={(v) => setDraft({ ...draft, [t]: v })}
            />
          ))}
          <div className="sm:col-span-2">
            <button type="submit" className={primaryButton} disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save settings'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function NumberField(props: { label: string; help: string; max: number; value: string; error?: string; onChange(v: string): void }) {
  const id = useId();
  return (
    <LabelledInput
      id={id}
      label={props.label}
      type="number"
      inputMode="numeric"
      min={1}
      max={props.max}
      step={1}
      value={props.value}
      aria-invalid={Boolean(props.error)}
      aria-describedby={`${id}-help${props.error ? ` ${id}-error` : ''}`}
      onValue={props.onChange}
    >
      <p id={`${id}-help`} className="mt-1 text-xs text-slate-600">
        {props.help}
      </p>
      {props.error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-rose-700">
          {props.error}
        </p>
      )}
    </LabelledInput>
  );
}
