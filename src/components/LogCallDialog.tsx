// Log a call on a lead: its outcome, a note and the next follow-up (docs/product.md §10). Every error
// shows under its field at once; the server's refusal (e.g. 409, the lead is not claimed) inside the
// dialog. Closing with something typed or picked asks first, so Esc never throws a note away. Outside
// the lead's calling hours (schemas/calling-hours.ts) it warns before the call is saved.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CALL_OUTCOME_LABELS, CALL_OUTCOMES, type LeadView } from '../../schemas/lead.ts';
import { useTRPC } from '../lib/trpc.ts';
import { callingCheck } from '../../schemas/calling-hours.ts';
import { errorMessage } from '../lib/error-message.ts';
import { useLeadSaved } from '../lib/use-lead-saved.ts';
import { Alert, DialogFrame } from './DialogFrame.tsx';
import { DoNotContactCheck } from './DoNotContact.tsx';
import { MedicareAppointmentCheck, useMedicareAppointment } from './compliance/MedicareAppointmentCheck.tsx';
import { DialogActions, inputClass, secondaryButton } from './ui.tsx';
import {
  CALL_NOTE_MAX,
  checkLogCall,
  EMPTY_LOG_CALL,
  isDirty,
  QUICK_PICKS,
  toLocalInput,
  type LogCallErrors,
  type LogCallForm,
} from './log-call-form.ts';

export interface LogCallDialogProps {
  lead: Pick<LeadView, 'leadId' | 'name' | 'phone' | 'status' | 'claimedBy' | 'region' | 'recentCalls' | 'doNotContact'>;
  onClose(): void;
  /** The lead as the server left it after the call was logged. */
  onLogged(lead: LeadView): void;
}

const FAILURE = 'Error logging the call. Please try again.';
const FIELD_ORDER: (keyof LogCallForm)[] = ['outcome', 'note', 'followUp'];

export function LogCallDialog({ lead, onClose, onLogged }: LogCallDialogProps) {
  const trpc = useTRPC();
  const leadSaved = useLeadSaved();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<LogCallForm>(EMPTY_LOG_CALL);
  const [errors, setErrors] = useState<LogCallErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  // Checked when the dialog opens: outside the lead's hours or over Florida's cap, saving still logs
  // the call and the server notes the override in the activity log (models/leads/calls.ts).
  const [warning] = useState(() => callingCheck(lead.region, new Date(), lead.recentCalls.length).warning);
  /** A person who asked not to be contacted: the call is logged only once the caller ticks that they know. */
  const [overrideDoNotContact, setOverrideDoNotContact] = useState(false);
  const asksFirst = Boolean(lead.doNotContact) && form.outcome !== 'do-not-contact';
  /** A Medicare appointment: without a valid Scope of Appointment it needs a reason (docs/compliance.md). */
  const medicare = useMedicareAppointment(lead.leadId);

  const logCall = useMutation(
    trpc.leads.logCall.mutationOptions({
      onSuccess: (saved) => {
        void leadSaved(saved);
        medicare.logged();
        onLogged(saved);
      },
      onError: (err) => {
        console.error('Error logging call:', err);
        setFailure(errorMessage(err, FAILURE));
      },
    }),
  );
  const saving = logCall.isPending;

  const change = (patch: Partial<LogCallForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    // An error goes once its field is edited; the others stay until the next Save.
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
  };

  /** Esc, × and Cancel: straight out when nothing was entered, else ask first; Esc on the question keeps editing. */
  const requestClose = () => {
    if (saving) return;
    if (confirmDiscard) setConfirmDiscard(false);
    else if (isDirty(form)) setConfirmDiscard(true);
    else onClose();
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const checked = checkLogCall(lead.leadId, form);
    if ('errors' in checked) {
      setErrors(checked.errors);
      const first = FIELD_ORDER.find((f) => checked.errors[f]);
      formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    if (asksFirst && !overrideDoNotContact) {
      setFailure(`${lead.name} asked not to be contacted. Tick the box to log this call anyway.`);
      return;
    }
    if (medicare.missingReason) {
      setFailure('No valid Scope of Appointment is on file. Give a reason to log the Medicare appointment anyway.');
      return;
    }
    logCall.mutate({ ...checked.input, ...(asksFirst ? { confirmDoNotContact: true } : {}), ...medicare.input });
  }

  const describedBy = (field: keyof LogCallForm) => (errors[field] ? `${id}-${field}-error` : undefined);
  const fieldError = (field: keyof LogCallForm) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm text-red-700">
        {errors[field]}
      </p>
    );

  return (
    <DialogFrame title={`Log a call with ${lead.name}`} onClose={requestClose} busy={saving}>
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
        {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
        {warning && (
          <div role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <p className="font-semibold">{warning}.</p>
            <p className="mt-1">Saving logs the call anyway and notes it in the activity log.</p>
          </div>
        )}
        {lead.doNotContact && (
          <DoNotContactCheck mark={lead.doNotContact} checked={overrideDoNotContact} disabled={saving} onChange={setOverrideDoNotContact} />
        )}
        <MedicareAppointmentCheck state={medicare} disabled={saving} />

        <div
          role="radiogroup"
          aria-labelledby={`${id}-outcome-label`}
          aria-invalid={errors.outcome ? true : undefined}
          aria-describedby={describedBy('outcome')}
        >
          <p id={`${id}-outcome-label`} className="text-sm font-medium text-slate-700">
            How did the call go? *
          </p>
          <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {CALL_OUTCOMES.map((outcome, i) => (
              <label
                key={outcome}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 text-sm text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name={`${id}-outcome`}
                  value={outcome}
                  checked={form.outcome === outcome}
                  onChange={() => change({ outcome })}
                  disabled={saving}
                  data-field={i === 0 ? 'outcome' : undefined}
                  className="h-5 w-5"
                />
                {CALL_OUTCOME_LABELS[outcome]}
              </label>
            ))}
          </div>
          {fieldError('outcome')}
        </div>

        <div>
          <label htmlFor={`${id}-note`} className="block text-sm font-medium text-slate-700">
            Note
          </label>
          <textarea
            id={`${id}-note`}
            rows={3}
            value={form.note}
            onChange={(e) => change({ note: e.target.value })}
            disabled={saving}
            maxLength={CALL_NOTE_MAX + 500}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={describedBy('note')}
            data-field="note"
            className={inputClass}
          />
          {fieldError('note')}
        </div>

        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Schedule a follow-up</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {QUICK_PICKS.map((pick) => (
              <button
                key={pick.label}
                type="button"
                className={secondaryButton}
                disabled={saving}
                onClick={() => change({ followUp: toLocalInput(pick.at(new Date())) })}
              >
                {pick.label}
              </button>
            ))}
          </div>
          <label htmlFor={`${id}-followUp`} className="mt-3 block text-sm text-slate-700">
            Follow-up date and time (your time)
          </label>
          <div className="flex items-center gap-2">
            <input
              id={`${id}-followUp`}
              type="datetime-local"
              value={form.followUp}
              onChange={(e) => change({ followUp: e.target.value })}
              disabled={saving}
              aria-invalid={errors.followUp ? true : undefined}
              aria-describedby={describedBy('followUp')}
              data-field="followUp"
              className={inputClass}
            />
            {form.followUp && (
              <button type="button" className={`${secondaryButton} mt-1`} disabled={saving} onClick={() => change({ followUp: '' })}>
                Clear
              </button>
            )}
          </div>
          {fieldError('followUp')}
        </fieldset>

        {confirmDiscard ? (
          <div role="alert" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <p>Discard this call log? What you entered will be lost.</p>
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" className={secondaryButton} onClick={() => setConfirmDiscard(false)} autoFocus>
                Keep editing
              </button>
              <button
                type="button"
                className="min-h-11 rounded-lg bg-rose-600 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-700"
                onClick={onClose}
              >
                Discard
              </button>
            </div>
          </div>
        ) : (
          <DialogActions onCancel={requestClose} busy={saving} label="Save call" busyLabel="Saving..." />
        )}
      </form>
    </DialogFrame>
  );
}
