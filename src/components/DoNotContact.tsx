// "Asked not to be contacted" on screen (README.md, Contact rules): the badge of the lists, the warning that replaces a
// call link, the record's panel with both dates (the request and any newer form submission), the
// one-tap action that records it, and an admin's lift with a reason.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DoNotContactView } from '../../schemas/privacy.ts';
import { useTRPC } from '../lib/trpc.ts';
import { errorMessage } from '../lib/error-message.ts';
import { fullTime } from '../lib/when.ts';
import { Alert, DialogFrame } from './DialogFrame.tsx';
import { DialogActions, inputClass, secondaryButton } from './ui.tsx';

export const DO_NOT_CONTACT = 'Asked not to be contacted';
/** The action that records a request: a verb, so it never reads like the person's state. */
export const MARK_DO_NOT_CONTACT = 'Mark do not contact';

const badgeClass = 'inline-flex items-center rounded-full bg-rose-100 px-2 py-0.5 text-xs font-semibold text-rose-800';

/** The lists' badge. */
export const DoNotContactBadge = ({ mark }: { mark?: DoNotContactView | null }) =>
  mark ? (
    <span className={badgeClass} title={`${DO_NOT_CONTACT} on ${fullTime(mark.since)}`} data-testid="dnc-badge">
      Do not contact
    </span>
  ) : null;

/** In place of a call link: the number is shown, not dialled. */
export const NoCallWarning = ({ phone, className = '' }: { phone: ReactNode; className?: string }) => (
  <span className={`inline-flex min-h-11 items-center gap-1 font-medium text-rose-800 ${className}`} role="note">
    <span aria-hidden="true">⚠</span> Do not call {phone}
  </span>
);

/** "Asked not to be contacted on <date>; sent a new request on <date>" (the newer request only when there is one). */
export function doNotContactLine(mark: DoNotContactView, requestAt?: Date): string {
  const asked = `${DO_NOT_CONTACT} on ${fullTime(mark.since)}`;
  return requestAt && requestAt.getTime() > mark.since.getTime() ? `${asked}; sent a new request on ${fullTime(requestAt)}` : asked;
}

type Target = { leadId: string } | { customerId: string };

/** A reason dialog shared by marking (reason optional) and lifting (reason required, admins). */
function ReasonDialog(props: { target: Target; lift: boolean; name: string; onClose(): void; onDone(message: string): void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const done = (message: string) => () => {
    void queryClient.invalidateQueries({ queryKey: trpc.leads.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.customers.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.activity.pathKey() });
    props.onDone(message);
  };
  const onError = (err: unknown) => setFailure(errorMessage(err, 'Error saving. Please try again.'));
  const mark = useMutation(trpc.privacy.doNotContact.mutationOptions({ onSuccess: done('Marked: do not contact.'), onError }));
  const lift = useMutation(trpc.privacy.liftDoNotContact.mutationOptions({ onSuccess: done('Do not contact lifted.'), onError }));
  const busy = mark.isPending || lift.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (props.lift) {
      if (reason.trim().length < 3) return setFailure('Say why the person may be contacted again.');
      lift.mutate({ ...props.target, reason });
    } else mark.mutate({ ...props.target, reason });
  };
  return (
    <DialogFrame
      title={props.lift ? `Lift do not contact for ${props.name}` : `Record that ${props.name} asked not to be contacted`}
      onClose={props.onClose}
      busy={busy}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
        <p className="text-sm text-slate-700">
          {props.lift
            ? 'Calls, emails and notices to this phone and email start again.'
            : 'Every lead and customer with this phone or email is marked; calls, emails and notices stop.'}
        </p>
        <div>
          <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-700">
            {props.lift ? 'Why may they be contacted again? *' : 'How did they ask? (optional)'}
          </label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            disabled={busy}
            className={inputClass}
          />
        </div>
        <DialogActions onCancel={props.onClose} busy={busy} label={props.lift ? 'Lift' : 'Mark do not contact'} busyLabel="Saving..." />
      </form>
    </DialogFrame>
  );
}

/**
 * The record's and the customer card's panel: the mark with its dates, reason and who recorded it, and
 * Lift for admins; or, unmarked, the one action "Mark do not contact".
 */
export function DoNotContactPanel(props: {
  target: Target;
  name: string;
  mark: DoNotContactView | null | undefined;
  /** When this lead came in: a request newer than the mark is shown beside it. */
  requestAt?: Date;
  isAdmin: boolean;
  onDone(message: string): void;
}) {
  const [open, setOpen] = useState<'mark' | 'lift' | null>(null);
  const finish = (message: string) => {
    setOpen(null);
    props.onDone(message);
  };
  return (
    <div>
      {props.mark ? (
        <div
          role="note"
          className="space-y-2 rounded-lg border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900"
          data-testid="dnc-panel"
        >
          <p className="font-semibold">{doNotContactLine(props.mark, props.requestAt)}</p>
          <p>
            Recorded by {props.mark.by}
            {props.mark.reason ? `: “${props.mark.reason}”` : ''}. No calls, emails or notices.
          </p>
          {props.isAdmin && (
            <button type="button" className={secondaryButton} onClick={() => setOpen('lift')}>
              Lift do not contact
            </button>
          )}
        </div>
      ) : (
        <button type="button" className={secondaryButton} onClick={() => setOpen('mark')}>
          {MARK_DO_NOT_CONTACT}…
        </button>
      )}
      {open && (
        <ReasonDialog target={props.target} lift={open === 'lift'} name={props.name} onClose={() => setOpen(null)} onDone={finish} />
      )}
    </div>
  );
}

/** The Log call dialog's question before a call to a person who asked not to be contacted. */
export function DoNotContactCheck(props: { mark: DoNotContactView; checked: boolean; disabled: boolean; onChange(v: boolean): void }) {
  return (
    <div role="note" className="space-y-2 rounded-lg border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900">
      <p className="font-semibold">{doNotContactLine(props.mark)}.</p>
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={props.checked}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.target.checked)}
        />
        I know, and log this call anyway (it is recorded)
      </label>
    </div>
  );
}

/** A list row's compact action: "Mark do not contact" when unmarked, "Lift do not contact" for admins when marked. */
export function DoNotContactAction(props: {
  target: Target;
  name: string;
  mark: DoNotContactView | null | undefined;
  isAdmin: boolean;
  className: string;
  onDone(message: string): void;
}) {
  const [open, setOpen] = useState(false);
  const lift = Boolean(props.mark);
  if (lift && !props.isAdmin) return null;
  return (
    <>
      <button
        type="button"
        className={props.className}
        onClick={() => setOpen(true)}
        // The name starts with the words shown, so a voice user says what they see (WCAG 2.5.3).
        aria-label={lift ? `Lift do not contact for ${props.name}` : `${MARK_DO_NOT_CONTACT}: ${props.name}`}
      >
        {lift ? 'Lift do not contact' : MARK_DO_NOT_CONTACT}
      </button>
      {open && (
        <ReasonDialog
          target={props.target}
          lift={lift}
          name={props.name}
          onClose={() => setOpen(false)}
          onDone={(message) => {
            setOpen(false);
            props.onDone(message);
          }}
        />
      )}
    </>
  );
}
