// Adding an authenticator app: the setup (after a fresh proof when the sign-in is old), a QR code of
// the otpauth link drawn in the browser (qrcode-generator: no outside service sees the secret) with
// the setup key below it, then a code from the app to turn it on.
import { useMemo, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import qrcode from 'qrcode-generator';
import { useTRPC } from '../../../lib/trpc.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { Alert } from '../../../components/DialogFrame.tsx';
import { TextField, primaryButton } from '../../../components/ui.tsx';
import { STEP_UP_INTRO, StepUpForm, needsStepUp, type Proof } from './StepUp.tsx';

/** The otpauth link as a QR code image (a data URL), error correction M as authenticator apps read it. */
function qrImage(url: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(url);
  qr.make();
  return qr.createDataURL(4, 4);
}

export function AddAuthenticator({ onAdded }: { onAdded: (codes: string[], token: string) => void }) {
  const trpc = useTRPC();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** Which call is waiting for a fresh proof. */
  const [asking, setAsking] = useState<'setup' | 'confirm' | null>(null);
  const onFailure = (step: 'setup' | 'confirm', fallback: string) => (e: unknown) => {
    if (needsStepUp(e)) {
      setError(null);
      setAsking(step);
    } else setError(errorMessage(e, fallback));
  };
  const setup = useMutation(
    trpc.auth.totpSetup.mutationOptions({ onSuccess: () => setAsking(null), onError: onFailure('setup', 'Setup failed') }),
  );
  const confirm = useMutation(
    trpc.auth.totpConfirm.mutationOptions({
      onSuccess: (r) => onAdded(r.recoveryCodes, r.token),
      onError: onFailure('confirm', 'The code could not be checked'),
    }),
  );
  const image = useMemo(() => (setup.data ? qrImage(setup.data.otpauthUrl) : null), [setup.data]);
  const stepUp = (
    <StepUpForm
      intro={STEP_UP_INTRO}
      submitLabel="Continue"
      busy={setup.isPending || confirm.isPending}
      error={error}
      onCancel={() => {
        setAsking(null);
        setError(null);
      }}
      onSubmit={(proof: Proof) => {
        setError(null);
        if (asking === 'setup') setup.mutate(proof);
        else confirm.mutate({ code, ...proof });
      }}
    />
  );
  if (!setup.data)
    return (
      <div className="space-y-2">
        {asking === 'setup' ? (
          stepUp
        ) : (
          <>
            {error && <Alert>{error}</Alert>}
            <button type="button" className={primaryButton} disabled={setup.isPending} onClick={() => setup.mutate(undefined)}>
              Add an authenticator app
            </button>
          </>
        )}
      </div>
    );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    confirm.mutate({ code });
  };
  // The proof's own form sits below this one (forms do not nest).
  return (
    <div className="space-y-3">
      <form onSubmit={onSubmit} className="space-y-3">
        <p className="text-sm text-slate-700">
          Scan this QR code with your authenticator app (or type the setup key below, or open the link on the phone), then enter the 6-digit
          code it shows.
        </p>
        {image && (
          <img
            src={image}
            alt="QR code for your authenticator app"
            width={192}
            height={192}
            className="h-48 w-48 rounded border border-slate-200"
          />
        )}
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
        {asking !== 'confirm' && (
          <>
            {error && <Alert>{error}</Alert>}
            <button type="submit" className={primaryButton} disabled={confirm.isPending}>
              Turn on
            </button>
          </>
        )}
      </form>
      {asking === 'confirm' && stepUp}
    </div>
  );
}
