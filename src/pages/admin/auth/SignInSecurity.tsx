// Sign-in security: one's second factors with their last use, adding an authenticator app (the
// secret and otpauth URL to type or paste into the app, then a code to confirm) or a passkey
// (AddPasskey.tsx), removing one passkey, new recovery
// codes, and removing the factor with the current password or a code. Used in the dialog opened
// from the settings menu and on the enrolment screen the office's requirement leads to.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { replaceToken } from '../../../lib/session.ts';
import { AddPasskey } from './AddPasskey.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { Alert } from '../../../components/DialogFrame.tsx';
import { TextField, primaryButton, secondaryButton } from '../../../components/ui.tsx';

const when = (d: Date | string | null) => (d ? new Date(d).toLocaleString() : 'never');

/** The codes shown once after they are made; the caller decides what "Done" does. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section aria-label="Recovery codes" className="space-y-3">
      <p className="text-sm text-slate-700">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are not shown again.
      </p>
      <ul className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-3 font-mono text-sm">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <button type="button" className={primaryButton} onClick={onDone}>
        I saved my recovery codes
      </button>
    </section>
  );
}

function AddAuthenticator({ onAdded }: { onAdded: (codes: string[], token: string) => void }) {
  const trpc = useTRPC();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const setup = useMutation(trpc.auth.totpSetup.mutationOptions({ onError: (e) => setError(errorMessage(e, 'Setup failed')) }));
  const confirm = useMutation(
    trpc.auth.totpConfirm.mutationOptions({
      onSuccess: (r) => onAdded(r.recoveryCodes, r.token),
      onError: (e) => setError(errorMessage(e, 'The code could not be checked')),
    }),
  );
  if (!setup.data)
    return (
      <div className="space-y-2">
        {error && <Alert>{error}</Alert>}
        <button type="button" className={primaryButton} disabled={setup.isPending} onClick={() => setup.mutate()}>
          Add an authenticator app
        </button>
      </div>
    );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    confirm.mutate({ code });
  };
  return (
    <form onSubmit={onSubmit} className="space-y-3">
      <p className="text-sm text-slate-700">
        In your authenticator app, add an account with this setup key (or open the link on the phone), then enter the 6-digit code it shows.
      </p>
      <dl className="space-y-2 rounded-lg bg-slate-100 p-3 text-sm">
        <dt className="font-medium text-slate-700">Setup key</dt>
        <dd className="break-all font-mono" data-testid="totp-secret">
          {setup.data.secret}
        </dd>
        <dt className="font-medium text-slate-700">Setup link</dt>
        <dd className="break-all font-mono">
          <a href={setup.data.otpauthUrl} className="text-brand-700 underline">
            {setup.data.otpauthUrl}
          </a>
        </dd>
      </dl>
      <TextField label="Code from the app" value={code} onChange={setCode} autoComplete="one-time-code" disabled={confirm.isPending} />
      {error && <Alert>{error}</Alert>}
      <button type="submit" className={primaryButton} disabled={confirm.isPending}>
        Turn on
      </button>
    </form>
  );
}

function RemoveFactor({ onRemoved }: { onRemoved: () => void }) {
  const trpc = useTRPC();
  const [proof, setProof] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation(
    trpc.auth.removeFactors.mutationOptions({ onSuccess: onRemoved, onError: (e) => setError(errorMessage(e, 'Removal failed')) }),
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    // A code is six digits or a recovery code's shape; anything else is the password.
    const isCode = /^\d{6}$/.test(proof.trim()) || /^[a-z0-9]{5}-[a-z0-9]{5}$/i.test(proof.trim());
    remove.mutate(isCode ? { code: proof } : { password: proof });
  };
  return (
    <form onSubmit={onSubmit} className="space-y-3 border-t border-slate-200 pt-3">
      <TextField label="Current password or a code" type="password" value={proof} onChange={setProof} autoComplete="current-password" />
      {error && <Alert>{error}</Alert>}
      <button type="submit" className={secondaryButton} disabled={remove.isPending}>
        Remove second factor
      </button>
    </form>
  );
}

/** `onEnrolled` runs once a first factor is on and its codes are saved (the enrolment screen moves on). */
export function SignInSecurity({ onEnrolled }: { onEnrolled?: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const factors = useQuery(trpc.auth.factors.queryOptions());
  const [codes, setCodes] = useState<{ codes: string[]; token?: string } | null>(null);
  const [removing, setRemoving] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.auth.factors.queryKey() });
  const removePasskey = useMutation(trpc.auth.removePasskey.mutationOptions({ onSuccess: refresh }));
  const passkeyAdded = (c: string[] | null, token: string) => {
    if (c) setCodes({ codes: c, token });
    else {
      replaceToken(token);
      refresh();
    }
  };
  const regenerate = useMutation(
    trpc.auth.regenerateRecoveryCodes.mutationOptions({ onSuccess: (r) => setCodes({ codes: r.recoveryCodes }) }),
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
                disabled={removePasskey.isPending}
                onClick={() => removePasskey.mutate({ id: f.id! })}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} disabled={regenerate.isPending} onClick={() => regenerate.mutate()}>
          New recovery codes
        </button>
        <button type="button" className={secondaryButton} onClick={() => setRemoving(!removing)}>
          Remove…
        </button>
      </div>
      {removePasskey.isError && <Alert>{errorMessage(removePasskey.error, 'The passkey could not be removed')}</Alert>}
      <AddPasskey onAdded={passkeyAdded} />
      {removing && (
        <RemoveFactor
          onRemoved={() => {
            setRemoving(false);
            refresh();
          }}
        />
      )}
    </div>
  );
}
