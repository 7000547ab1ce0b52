// The log-call form's rules: the follow-up quick picks, the datetime-local value (the browser's own
// time zone) and the checks, which are the shared logCallInput's so the dialog and the server agree.
import { CALL_NOTE_MAX, logCallInput, type CallOutcome, type LogCallInput } from '../../schemas/lead.ts';

export interface LogCallForm {
  outcome: CallOutcome | '';
  note: string;
  /** A datetime-local value, "2026-11-25T09:00", or '' for no follow-up. */
  followUp: string;
}

export type LogCallErrors = Partial<Record<keyof LogCallForm, string>>;

export const EMPTY_LOG_CALL: LogCallForm = { outcome: '', note: '', followUp: '' };

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date as a datetime-local value in the browser's time zone. */
export const toLocalInput = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** A datetime-local value read in the browser's time zone; null when it is no complete date and time. */
export function fromLocalInput(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number);
  const d = new Date(year, month - 1, day, hour, minute);
  // new Date rolls Feb 30 over into March: such a date was never typed.
  return d.getMonth() === month - 1 && d.getDate() === day ? d : null;
}

/** 9:00 in the morning, `days` days after `now`. */
function morningIn(days: number, now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, 9, 0);
}

/** The follow-up quick picks: a call-back at 9:00 the next morning, in two days, or in a week. */
export const QUICK_PICKS: { label: string; at(now: Date): Date }[] = [
  { label: 'Tomorrow 9:00', at: (now) => morningIn(1, now) },
  { label: 'In 2 days', at: (now) => morningIn(2, now) },
  { label: 'Next week', at: (now) => morningIn(7, now) },
];

/** Whether closing the form would throw away something typed or picked. */
export const isDirty = (form: LogCallForm) => form.outcome !== '' || form.note.trim() !== '' || form.followUp !== '';

/** Every error at once, under its field's name; or the input for the server. */
export function checkLogCall(leadId: string, form: LogCallForm): { errors: LogCallErrors } | { input: LogCallInput } {
  const errors: LogCallErrors = {};
  if (!form.outcome) errors.outcome = 'Choose how the call went';
  let followUpAt: Date | null = null;
  if (form.followUp) {
    followUpAt = fromLocalInput(form.followUp);
    if (!followUpAt) errors.followUp = 'Enter a valid follow-up date and time';
  }
  const parsed = logCallInput.safeParse({ leadId, outcome: form.outcome || 'reached', note: form.note, followUpAt });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'followUpAt' ? 'followUp' : issue.path[0] === 'note' ? 'note' : null;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (Object.keys(errors).length || !parsed.success) return { errors };
  return { input: parsed.data };
}

export { CALL_NOTE_MAX };
