// Office settings, assignment part (issue 27): how new leads find an agent (manual, round robin,
// offer) and the escalation ladder's minutes (empty: the step is off). Saved through the page's mutation.
import { useEffect, useState } from 'react';
import type { AssignmentMode, EscalationLadder, OfficeSettingsInput } from '../../../../schemas/office.ts';

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

export function AssignmentSettings(props: {
  mode: AssignmentMode;
  ladder: EscalationLadder;
  pending: boolean;
  save: (change: OfficeSettingsInput) => void;
}) {
  const [draft, setDraft] = useState(() => STEPS.map((s) => text(props.ladder[s.key])));
  useEffect(() => setDraft(STEPS.map((s) => text(props.ladder[s.key]))), [props.ladder]);
  const saveLadder = (e: React.FormEvent) => {
    e.preventDefault();
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
        <form className="mt-3 grid gap-3 sm:grid-cols-3" onSubmit={saveLadder}>
          {STEPS.map((step, i) => (
            <label key={step.key} className="block text-sm font-medium text-slate-900">
              {step.label}
              <input
                type="number"
                min="0.05"
                step="any"
                inputMode="decimal"
                className="mt-1 block w-full rounded-md border-slate-300"
                value={draft[i]}
                onChange={(e) => setDraft(draft.map((d, j) => (j === i ? e.target.value : d)))}
              />
            </label>
          ))}
          <div className="sm:col-span-3">
            <button type="submit" disabled={props.pending} className="min-h-11 rounded-md bg-brand-600 px-4 font-medium text-white">
              Save escalation
            </button>
          </div>
        </form>
      </section>
    </>
  );
}
