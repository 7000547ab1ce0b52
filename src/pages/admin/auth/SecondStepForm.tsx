// The second step of a sign-in: a passkey, a six-digit code from the authenticator app, or a
// recovery code.
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { saveSession } from '../../../lib/session.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { inputClass } from '../../../components/ui.tsx';
import { PasskeyButton } from './PasskeyButton.tsx';
import { SignInButton, SignInError } from './sign-in-parts.tsx';

/** What the password step answered an account with a second factor. */
export interface SecondStep {
  mfaRequired: true;
  mfaToken: string;
  methods: string[];
}

export function SecondStepForm({ step, onCancel }: { step: SecondStep; onCancel: () => void }) {
  const trpc = useTRPC();
  const hasTotp = step.methods.includes('totp');
  const [useRecovery, setUseRecovery] = useState(!hasTotp);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const mfa = useMutation(
    trpc.auth.mfa.mutationOptions({
      onSuccess: (session) => saveSession(session.token, session.user),
      onError: (err) => setError(errorMessage(err, 'The code could not be checked')),
    }),
  );

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    mfa.mutate({ mfaToken: step.mfaToken, code: String(new FormData(e.currentTarget).get('code') ?? '') });
  }

  const label = useRecovery ? 'Recovery code' : 'Authentication code';
  return (
    <form onSubmit={onSubmit} className="space-y-5" aria-describedby={error ? errorId : undefined}>
      <h2 className="text-lg font-semibold text-slate-900">Second step</h2>
      {step.methods.includes('passkey') && <PasskeyButton mfaToken={step.mfaToken} onError={setError} />}
      <p className="text-sm text-slate-600">
        {useRecovery
          ? 'Enter one of the recovery codes you saved. Each works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <div>
        <label htmlFor="login-code" className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <input
          key={label}
          id="login-code"
          name="code"
          required
          autoFocus
          autoComplete="one-time-code"
          inputMode={useRecovery ? 'text' : 'numeric'}
          disabled={mfa.isPending}
          className={inputClass}
        />
      </div>
      <SignInError id={errorId} error={error} />
      <SignInButton disabled={mfa.isPending}>{mfa.isPending ? 'Checking...' : 'Verify'}</SignInButton>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        {hasTotp && step.methods.includes('recovery') && (
          <button type="button" className="min-h-11 text-brand-700 underline" onClick={() => setUseRecovery(!useRecovery)}>
            {useRecovery ? 'Use an authenticator code' : 'Use a recovery code'}
          </button>
        )}
        <button type="button" className="min-h-11 text-slate-600 underline" onClick={onCancel}>
          Start over
        </button>
      </div>
    </form>
  );
}
