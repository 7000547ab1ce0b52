// The fresh proof a factor change asks for (models/auth/step-up.ts): the current password or a current
// code, typed in one field. Shown when the server answers that the sign-in is too old, and always
// before removing a factor.
import { useState, type FormEvent, type ReactNode } from 'react';
import { STEP_UP_REQUIRED } from '../../../../schemas/second-factor.ts';
import { httpStatusOf } from '../../../lib/error-message.ts';
import { Alert } from '../../../components/DialogFrame.tsx';
import { TextField, primaryButton, secondaryButton } from '../../../components/ui.tsx';

export interface Proof {
  currentPassword?: string;
  currentCode?: string;
}

/** Whether a failed call is the server asking for a fresh proof. */
export const needsStepUp = (err: unknown) => httpStatusOf(err) === 403 && err instanceof Error && err.message === STEP_UP_REQUIRED;

/** Six digits, or a recovery code's groups (older 5-character and current 6-character ones), are a code; anything else the password. */
export function proofOf(text: string): Proof {
  const t = text.trim();
  return /^\d{6}$/.test(t) || /^[a-z0-9]{5,6}(-[a-z0-9]{5,6}){1,2}$/i.test(t) ? { currentCode: t } : { currentPassword: text };
}

export function StepUpForm(props: {
  intro: ReactNode;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit(proof: Proof): void;
  onCancel(): void;
}) {
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit(proofOf(text));
  };
  return (
    <form onSubmit={submit} className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3" aria-label="Confirm it is you">
      <p className="text-sm text-slate-800">{props.intro}</p>
      <TextField
        label="Current password or a code"
        type="password"
        value={text}
        onChange={setText}
        autoComplete="current-password"
        disabled={props.busy}
      />
      {props.error && <Alert>{props.error}</Alert>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={props.busy}>
          {props.submitLabel}
        </button>
        <button type="button" className={secondaryButton} onClick={props.onCancel} disabled={props.busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export const STEP_UP_INTRO =
  'Your sign-in is more than 5 minutes old. Enter your current password or a code from your authenticator app to continue.';
