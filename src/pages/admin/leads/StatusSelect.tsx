// A claimed lead's status drop-down. Arrow keys only move the choice; Enter or leaving the control commits
// it, and a pick with the mouse (or any change not made by a key) commits at once, as before.
import { useEffect, useRef, useState } from 'react';
import { WORKING_STATUSES, type LeadView } from '../../../../schemas/lead.ts';
import type { WorkingStatus } from './use-row-mutations.ts';

export function StatusSelect({
  lead,
  busy,
  tabbable,
  onCommit,
  className,
}: {
  lead: LeadView;
  busy: boolean;
  tabbable: boolean;
  onCommit(status: WorkingStatus): void;
  className: string;
}) {
  const current = lead.status === 'unclaimed' ? '' : lead.status;
  const [choice, setChoice] = useState(current);
  /** The last change came from a key (arrows, type-ahead): wait for Enter or blur. */
  const keyed = useRef(false);
  /** What was last sent, so Enter followed by the blur of the disabled control sends once. */
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (busy) return;
    setChoice(current);
    sent.current = null;
  }, [busy, current]);

  function commit(value: string) {
    if (!value || value === current || value === sent.current) return;
    sent.current = value;
    onCommit(value as WorkingStatus);
    // Closing opens the customer form; until it saves, the lead keeps its status.
    if (value === 'closed') {
      setChoice(current);
      sent.current = null;
    }
  }

  return (
    <select
      aria-label={`Status for ${lead.name}`}
      value={choice}
      disabled={busy}
      tabIndex={tabbable ? undefined : -1}
      onPointerDown={() => (keyed.current = false)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          e.stopPropagation();
          commit(choice);
        } else if (e.key !== 'Tab' && e.key !== 'Shift') keyed.current = true;
        if (e.key.length === 1 || e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End') e.stopPropagation();
      }}
      onChange={(e) => {
        setChoice(e.target.value);
        if (!keyed.current) commit(e.target.value);
      }}
      onBlur={() => commit(choice)}
      className={className}
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
