// Office settings, assignment part: how new leads find an agent (manual, round robin, offer) and the
// escalation ladder's minutes (empty: the step is off; otherwise 1 minute to a week, checked before
// saving with the reason under the field). Saved through the page's mutation.
import { useEffect, useId, useState } from 'react';
import type { AssignmentMode, EscalationLadder, OfficeSettingsInput } from '../../../../schemas/office.ts';
import { inputClass, primaryButton } from '../../../components/ui.tsx';

const MODES: { value: AssignmentMode; label: string; help: string }[] = [
  { value: 'manual', label: 'Manual', help: 'Agents claim leads from the pool.' },
  { value: 'round-robin', label: 'Round robin', help: 'Each lead goes to the next available agent licensed in its state.' },
  { value: 'offer', label: 'Offer', help: 'The alert goes to the eligible agents; the first to claim gets the lead.' },
];

const STEPS: { key: keyof EscalationLadder; label: string }[] = [
  { key: 'remindAfterMin', label: 'Remind the holder after (minutes)' },
  { key: 'returnAfterMin', label: 'Return to the pool after (minutes)' },
  { key: 'adminsAfterMin', label: 'Tell the admins after (minutes)' },
];

const text = (v: number | null) => (v === null ? '' : String(v));

/** The form's bounds: at least a minute (shorter steps are for tests, through the API), at most a week. */
export const LADDER_MIN = 1;
export const LADDER_MAX = 7 * 24 * 60;

/** Why a step's value cannot be saved, or null (empty turns the step off). */
export function ladderError(value: string): string | null {
  if (value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return 'Enter a number of minutes, or leave it empty';
  if (n < LADDER_MIN) return `At least ${LADDER_MIN} minute`;
  if (n > LADDER_MAX) return `At most ${LADDER_MAX} minutes (a week)`;
  return null;
}

export function AssignmentSettings(props: {
  mode: AssignmentMode;
  ladder: EscalationLadder;
  pending: boolean;
  save: (change: OfficeSettingsInput) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(() => STEPS.map((s) => text(props.ladder[s.key])));
  const [errors, setErrors] = useState<(string | null)[]>([]);
  useEffect(() => setDraft(STEPS.map((s) => text(props.ladder[s.key]))), [props.ladder]);
  const saveLadder = (e: React.FormEvent) => {
    e.preventDefault();
    const found = draft.map(ladderError);
    setErrors(found);
    const first = found.findIndex(Boolean);
    if (first >= 0) return document.getElementById(`${id}-${first}`)?.focus();
    const value = (v: string) => (v.trim() === '' ? null : Number(v));
    props.save({
      escalation: { remindAfterMin: value(draft[0]!), returnAfterMin: value(draft[1]!), adminsAfterMin: value(draft[2]!) },
    });
  };
  return (
    <>
      <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <fieldset>
          <legend className="text-lg font-semibold text-slate-900">Lead assignment</legend>
          <div className="mt-3 space-y-2">
            {MODES.map((mode) => (
              <div key={mode.value}>
                <label className="flex min-h-11 items-center gap-3">
                  <input
                    type="radio"
                    name="assignment-mode"
                    className="h-5 w-5 border-slate-300 text-brand-600"
                    checked={props.mode === mode.value}
                    disabled={props.pending}
                    onChange={() => props.save({ assignmentMode: mode.value })}
                  />
                  <span className="text-slate-900">{mode.label}</span>
                </label>
                <p className="ml-8 text-sm text-slate-600">{mode.help}</p>
              </div>
            ))}
          </div>
        </fieldset>
      </section>
      <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">Escalation when nobody calls</h2>
        <p className="text-sm text-slate-600">Leave a step empty to turn it off. The 20-hour reminder stays either way.</p>
        <form className="mt-3 grid gap-3 sm:grid-cols-3" onSubmit={saveLadder} noValidate>
          {STEPS.map((step, i) => (
            <div key={step.key}>
              <label htmlFor={`${id}-${i}`} className="block text-sm font-medium text-slate-900">
                {step.label}
              </label>
              <input
                id={`${id}-${i}`}
                type="number"
                min={LADDER_MIN}
                max={LADDER_MAX}
                step="1"
                inputMode="numeric"
                placeholder="Off"
                className={inputClass}
                value={draft[i]}
                aria-invalid={errors[i] ? true : undefined}
                aria-describedby={errors[i] ? `${id}-${i}-error` : undefined}
                onChange={(e) => {
                  setDraft(draft.map((d, j) => (j === i ? e.target.value : d)));
                  setErrors(errors.map((err, j) => (j === i ? null : err)));
                }}
              />
              {errors[i] && (
                <p id={`${id}-${i}-error`} className="mt-1 text-sm text-red-700">
                  {errors[i]}
                </p>
              )}
            </div>
          ))}
          <div className="sm:col-span-3">
            <button type="submit" disabled={props.pending} className={primaryButton}>
              Save escalation
            </button>
          </div>
        </form>
      </section>
    </>
  );
}
