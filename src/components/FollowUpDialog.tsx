// Choosing the status "follow-up" asks when: a date and time prefilled with 10:00 on the next business
// day in the lead's zone (follow-up-form.ts), with the lead's own time of the pick beneath. Saving sets the
// status and the follow-up together, so the lead shows in its agent's My work; Cancel leaves the status.
import { useId, useState, type FormEvent } from 'react';
import type { LeadView } from '../../schemas/lead.ts';
import { errorMessage } from '../lib/error-message.ts';
import { useLeadUpdate } from '../lib/use-lead-saved.ts';
import { Alert, DialogFrame } from './DialogFrame.tsx';
import { DialogActions, inputClass } from './ui.tsx';
import { checkFollowUp, defaultFollowUpInput, leadLocalTime } from './follow-up-form.ts';

export function FollowUpDialog({
  lead,
  onClose,
  onSaved,
}: {
  lead: Pick<LeadView, 'leadId' | 'name' | 'region'>;
  onClose(): void;
  onSaved(lead: LeadView): void;
}) {
  const id = useId();
  const [value, setValue] = useState(() => defaultFollowUpInput(lead.region, new Date()));
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useLeadUpdate(onSaved, (err) => setFailure(errorMessage(err, 'Error updating lead status. Please try again.')));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const checked = checkFollowUp(lead.leadId, value);
    if ('error' in checked) {
      setError(checked.error);
      document.getElementById(`${id}-at`)?.focus();
      return;
    }
    save.mutate({ leadId: lead.leadId, status: 'follow-up', followUpAt: checked.at });
  };
  const theirs = leadLocalTime(value, lead.region);
  return (
    <DialogFrame title={`Follow up with ${lead.name}`} onClose={onClose} busy={save.isPending}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
        <div>
          <label htmlFor={`${id}-at`} className="block text-sm font-medium text-slate-700">
            Follow-up date and time
          </label>
          <input
            id={`${id}-at`}
            type="datetime-local"
            className={inputClass}
            value={value}
            disabled={save.isPending}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            autoFocus
          />
          <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
            {theirs ? `${theirs} for ${lead.name}.` : 'Pick a date and a time.'} It shows in My work when it is due.
          </p>
          {error && (
            <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
        <DialogActions onCancel={onClose} busy={save.isPending} label="Set follow-up" busyLabel="Saving..." />
      </form>
    </DialogFrame>
  );
}
