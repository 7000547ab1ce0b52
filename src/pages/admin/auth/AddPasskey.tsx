// Adding a passkey from the Sign-in security page: a name to tell it apart, then the browser's
// passkey prompt (SimpleWebAuthn's browser library, loaded only here) over the server's options,
// which ask for a fresh proof first when the sign-in is more than 5 minutes old (StepUp.tsx).
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { Alert } from '../../../components/DialogFrame.tsx';
import { TextField, primaryButton } from '../../../components/ui.tsx';
import { STEP_UP_INTRO, StepUpForm, needsStepUp, type Proof } from './StepUp.tsx';

const PROMPT_FAILED = 'The passkey prompt was closed or timed out, or this device already holds a passkey for you.';

/** `onAdded` gets the recovery codes when this is the first factor (else null) and a fresh session token. */
export function AddPasskey({ onAdded }: { onAdded: (codes: string[] | null, token: string) => void }) {
  const trpc = useTRPC();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [askingProof, setAskingProof] = useState(false);
  const options = useMutation(trpc.auth.passkeyRegisterOptions.mutationOptions());
  const register = useMutation(trpc.auth.passkeyRegister.mutationOptions());

  async function add(proof?: Proof) {
    setError(null);
    setBusy(true);
    try {
      let optionsJSON;
      try {
        optionsJSON = await options.mutateAsync(proof);
      } catch (err) {
        if (!needsStepUp(err)) throw err;
        setAskingProof(true);
        return;
      }
      setAskingProof(false);
      const { startRegistration } = await import('@simplewebauthn/browser');
      let response;
      try {
        response = await startRegistration({ optionsJSON });
      } catch {
        setError(PROMPT_FAILED);
        return;
      }
      const added = await register.mutateAsync({ name: name.trim() || 'Passkey', response });
      setName('');
      onAdded(added.recoveryCodes, added.token);
    } catch (err) {
      setError(errorMessage(err, 'The passkey could not be added'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2 border-t border-slate-200 pt-3">
      <TextField label="Passkey name (optional)" value={name} onChange={setName} disabled={busy} />
      {askingProof ? (
        <StepUpForm
          intro={STEP_UP_INTRO}
          submitLabel="Continue"
          busy={busy}
          error={error}
          onCancel={() => {
            setAskingProof(false);
            setError(null);
          }}
          onSubmit={(proof) => void add(proof)}
        />
      ) : (
        <>
          {error && <Alert>{error}</Alert>}
          <button type="button" className={primaryButton} disabled={busy} onClick={() => void add()}>
            {busy ? 'Waiting for the passkey...' : 'Add a passkey'}
          </button>
        </>
      )}
    </div>
  );
}
