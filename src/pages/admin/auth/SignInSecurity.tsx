// Sign-in security: one's second factors with their last use, adding an authenticator app
// (AddAuthenticator.tsx: a QR code and the setup key) or a passkey (AddPasskey.tsx), removing one
// passkey or every factor (asked to confirm, then for the current password or a code), and new
// recovery codes (RecoveryCodes.tsx: Copy and Download). A change from a sign-in more than 5 minutes
// old asks for a fresh proof first (StepUp.tsx). Used in the dialog opened from the settings menu and
// on the enrolment screen the office's requirement leads to.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { replaceToken } from '../../../lib/session.ts';
import { AddPasskey } from './AddPasskey.tsx';
import { AddAuthenticator } from './AddAuthenticator.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { STEP_UP_INTRO, StepUpForm, needsStepUp } from './StepUp.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { Alert } from '../../../components/DialogFrame.tsx';
import { primaryButton, secondaryButton } from '../../../components/ui.tsx';

const when = (d: Date | string | null) => (d ? new Date(d).toLocaleString() : 'never');

/** What is being removed: one passkey (by id and name) or every factor. */
type Removal = { kind: 'passkey'; id: string; name: string } | { kind: 'all' };

/** Removing a factor: first "are you sure", then the current password or a code. */
function RemoveFlow({ removal, onDone, onCancel }: { removal: Removal; onDone: () => void; onCancel: () => void }) {
  const trpc = useTRPC();
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const options = { onSuccess: onDone, onError: (e: unknown) => setError(errorMessage(e, 'Removal failed')) };
  const removePasskey = useMutation(trpc.auth.removePasskey.mutationOptions(options));
  const removeAll = useMutation(trpc.auth.removeFactors.mutationOptions(options));
  const what =
    removal.kind === 'passkey'
      ? `the passkey "${removal.name}"`
      : 'every second factor (authenticator app, passkeys and recovery codes): your password alone will sign you in';
  if (!confirmed)
    return (
      <div role="group" aria-label="Confirm removal" className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-3">
        <p className="text-sm text-slate-800">Remove {what}? Your other sessions will be signed out.</p>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={primaryButton} onClick={() => setConfirmed(true)}>
            Yes, remove
          </button>
          <button type="button" className={secondaryButton} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    );
  return (
    <StepUpForm
      intro="To remove it, enter your current password or a code from your authenticator app."
      submitLabel={removal.kind === 'passkey' ? 'Remove passkey' : 'Remove second factor'}
      busy={removePasskey.isPending || removeAll.isPending}
      error={error}
      onCancel={onCancel}
      onSubmit={(proof) => {
        setError(null);
        if (removal.kind === 'passkey') removePasskey.mutate({ id: removal.id, ...proof });
        else removeAll.mutate(proof);
      }}
    />
  );
}

/** `onEnrolled` runs once a first factor is on and its codes are saved (the enrolment screen moves on). */
export function SignInSecurity({ onEnrolled }: { onEnrolled?: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const factors = useQuery(trpc.auth.factors.queryOptions());
  const [codes, setCodes] = useState<{ codes: string[]; token?: string } | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [askingProof, setAskingProof] = useState(false);
  const [regenerateError, setRegenerateError] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.auth.factors.queryKey() });
  const passkeyAdded = (c: string[] | null, token: string) => {
    if (c) setCodes({ codes: c, token });
    else {
      replaceToken(token);
      refresh();
    }
  };
  const regenerate = useMutation(
    trpc.auth.regenerateRecoveryCodes.mutationOptions({
      onSuccess: (r) => {
        setAskingProof(false);
        setCodes({ codes: r.recoveryCodes });
      },
      onError: (e) => {
        if (needsStepUp(e)) setAskingProof(true);
        else setRegenerateError(errorMessage(e, 'New recovery codes could not be made'));
      },
    }),
  );

  if (codes)
    return (
      <RecoveryCodes
        codes={codes.codes}
        onDone={() => {
          if (codes.token) replaceToken(codes.token);
          setCodes(null);
          refresh();
          if (codes.token) onEnrolled?.();
        }}
      />
    );
  if (factors.isPending) return <p className="text-sm text-slate-600">Loading…</p>;
  if (factors.isError) return <Alert>{errorMessage(factors.error, 'Could not load your sign-in methods')}</Alert>;
  if (factors.data.length === 0)
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">No second factor yet: your password alone signs you in.</p>
        <AddAuthenticator onAdded={(c, token) => setCodes({ codes: c, token })} />
        <AddPasskey onAdded={passkeyAdded} />
      </div>
    );
  const removed = () => {
    setRemoval(null);
    refresh();
  };
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
        {factors.data.map((f) => (
          <li key={f.id ?? f.kind} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
            <div>
              <p className="font-medium text-slate-900">
                {f.kind === 'totp'
                  ? 'Authenticator app'
                  : f.kind === 'passkey'
                    ? `Passkey: ${f.name}`
                    : `Recovery codes (${f.remaining ?? 0} left)`}
              </p>
              <p className="text-slate-600">
                Added {when(f.addedAt)} · last used {when(f.lastUsedAt)}
              </p>
            </div>
            {f.kind === 'passkey' && (
              <button
                type="button"
                className={secondaryButton}
                aria-label={`Remove passkey ${f.name}`}
                onClick={() => setRemoval({ kind: 'passkey', id: f.id!, name: f.name ?? 'Passkey' })}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      {removal && (
        <RemoveFlow
          key={removal.kind === 'passkey' ? removal.id : 'all'}
          removal={removal}
          onDone={removed}
          onCancel={() => setRemoval(null)}
        />
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={secondaryButton}
          disabled={regenerate.isPending}
          onClick={() => {
            setRegenerateError(null);
            regenerate.mutate(undefined);
          }}
        >
          New recovery codes
        </button>
        <button type="button" className={secondaryButton} onClick={() => setRemoval({ kind: 'all' })}>
          Remove…
        </button>
      </div>
      {askingProof && (
        <StepUpForm
          intro={STEP_UP_INTRO}
          submitLabel="Make new recovery codes"
          busy={regenerate.isPending}
          error={regenerateError}
          onCancel={() => setAskingProof(false)}
          onSubmit={(proof) => {
            setRegenerateError(null);
            regenerate.mutate(proof);
          }}
        />
      )}
      {!askingProof && regenerateError && <Alert>{regenerateError}</Alert>}
      <AddPasskey onAdded={passkeyAdded} />
    </div>
  );
}
