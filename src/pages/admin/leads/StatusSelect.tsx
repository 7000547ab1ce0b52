// A claimed lead's status control that saves on purpose: a pick with the mouse or Enter commits, and
// so does leaving the control; arrow keys on the closed control only move the choice (docs/product.md §10).
import { useRef, useState } from 'react';
import { WORKING_STATUSES, type LeadStatus } from '../../../../schemas/lead.ts';

export type WorkingStatus = (typeof WORKING_STATUSES)[number];

export function StatusSelect(props: { label: string; status: LeadStatus; disabled?: boolean; onCommit(status: WorkingStatus): void }) {
  const current = props.status === 'unclaimed' ? '' : props.status;
  const [draft, setDraft] = useState<string | null>(null);
  // Set by an arrow key just before the change event it causes, so that change is only a draft.
  const stepping = useRef(false);
  const value = draft ?? current;

  const commit = (next: string) => {
    setDraft(null);
    if (next && next !== current) props.onCommit(next as WorkingStatus);
  };

  return (
    <select
      aria-label={props.label}
      value={value}
      disabled={props.disabled}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit(value);
        } else if (e.key === 'Escape' && draft !== null) {
          e.stopPropagation();
          setDraft(null);
        } else {
          stepping.current = e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End' || (e.key.length === 1 && e.key !== ' ');
        }
      }}
      onChange={(e) => {
        if (stepping.current) setDraft(e.target.value);
        else commit(e.target.value);
        stepping.current = false;
      }}
      onBlur={() => draft !== null && commit(draft)}
      className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base sm:text-sm"
    >
      <option value="" disabled>
        Set status
      </option>
      {WORKING_STATUSES.map((s) => (
        <option key={s} value={s}>
          {s}
        </option>
      ))}
    </select>
  );
}
