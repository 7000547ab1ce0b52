// "Use a passkey" on the sign-in's second step: asks the server for a challenge for this attempt,
// lets the browser's passkey prompt sign it (SimpleWebAuthn's browser library, loaded only here),
// and sends the answer back for a session.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { saveSession } from '../../../lib/session.ts';
import { errorMessage } from '../../../lib/error-message.ts';

const PROMPT_FAILED = 'The passkey prompt was closed or timed out. Try again, or use a code.';

export function PasskeyButton({ mfaToken, onError }: { mfaToken: string; onError: (message: string | null) => void }) {
  const trpc = useTRPC();
  const [prompting, setPrompting] = useState(false);
  const options = useMutation(trpc.auth.passkeyOptions.mutationOptions());
  const verify = useMutation(trpc.auth.passkeyMfa.mutationOptions());

  async function signInWithPasskey() {
    onError(null);
    setPrompting(true);
    try {
      const optionsJSON = await options.mutateAsync({ mfaToken });
      const { startAuthentication } = await import('@simplewebauthn/browser');
      let response;
      try {
        response = await startAuthentication({ optionsJSON });
      } catch {
        onError(PROMPT_FAILED);
        return;
      }
      const session = await verify.mutateAsync({ mfaToken, response });
      saveSession(session.token, session.user);
    } catch (err) {
      onError(errorMessage(err, 'The passkey could not be checked'));
    } finally {
      setPrompting(false);
    }
  }

  return (
    <button
      type="button"
      disabled={prompting}
      onClick={() => void signInWithPasskey()}
      className="min-h-11 w-full rounded-lg border border-brand-600 bg-white px-4 py-2.5 font-semibold text-brand-700 shadow-sm transition hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {prompting ? 'Waiting for the passkey...' : 'Use a passkey'}
    </button>
  );
}
