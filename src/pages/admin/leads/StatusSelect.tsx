// A claimed lead's status drop-down. A pick with the mouse (or from the opened list) commits at once. From
// the keyboard, arrows and type-ahead only move the choice: Enter commits it, Escape puts the lead's status
// back, and leaving the control (Tab) without Enter puts it back too, so nothing is saved by passing through.
// "closed" and "follow-up" open their dialog (customer form, follow-up date); the status shows unchanged
// until that dialog saves.
import { useEffect, useRef, useState } from 'react';
import { WORKING_STATUSES, type LeadView } from '../../../../schemas/lead.ts';
import type { WorkingStatus } from './use-row-mutations.ts';

/** Statuses chosen through a dialog: the drop-down goes back to the current status meanwhile. */
const ASKS_FIRST: readonly string[] = ['closed', 'follow-up'];

/** Keys that open the native list: the next change is a pick from it, committed at once. */
const opensList = (e: { key: string; altKey: boolean }) => e.key === 'F4' || e.key === ' ' || (e.altKey && e.key.startsWith('Arrow'));

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
  /** The last change came from a key (arrows, type-ahead): wait for Enter. */
  const keyed = useRef(false);
  /** What was last sent, so Enter followed by the blur of the disabled control sends once. */
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (busy) return;
    setChoice(current);
    sent.current = null;
  }, [busy, current]);

  function commit(value: string) {
    keyed.current = false;
    if (!value || value === current || value === sent.current) return;
    sent.current = value;
    onCommit(value as WorkingStatus);
    if (ASKS_FIRST.includes(value)) {
      setChoice(current);
      sent.current = null;
    }
  }

  /** Back to the lead's status, nothing sent. */
  function undo() {
    keyed.current = false;
    setChoice(current);
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
        } else if (e.key === 'Escape') {
          // Only an unsaved choice takes the Escape; otherwise it goes on (a dialog around closes).
          if (choice !== current) {
            e.preventDefault();
            e.stopPropagation();
            undo();
          }
        } else if (opensList(e)) keyed.current = false;
        else if (e.key !== 'Tab' && e.key !== 'Shift') keyed.current = true;
        if (e.key.length === 1 || e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End') e.stopPropagation();
      }}
      onChange={(e) => {
        setChoice(e.target.value);
        if (!keyed.current) commit(e.target.value);
      }}
      onBlur={() => choice !== current && choice !== sent.current && undo()}
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
