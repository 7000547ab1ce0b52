// The admin login (docs/product.md §2, §4, §8): email and password, or Google when configured,
// then the second step (SecondStepForm) for an account with a second factor.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { inputClass } from '../../../components/ui.tsx';
import { useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { useClientConfig } from '../../../lib/client-config.tsx';
import { adminPath } from '../../../../schemas/host-mode.ts';
import { saveSession, useAdminHost, useStoredSession } from '../../../lib/session.ts';
import { GoogleSignInButton } from './GoogleSignInButton.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { SecondStepForm, type SecondStep } from './SecondStepForm.tsx';
import { SignInButton, SignInError } from './sign-in-parts.tsx';

export default function LoginPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const adminHost = useAdminHost();
  const { googleClientId } = useClientConfig();
  const { token } = useStoredSession();
  const [error, setError] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const errorId = useId();

  // A stored token (already signed in, or just now) goes straight to the dashboard.
  useEffect(() => {
    if (token) navigate(adminPath(adminHost, 'dashboard'), { replace: true });
  }, [token, adminHost, navigate]);

  /** A session goes to the dashboard; an account with a second factor is asked for it first. */
  const onAnswer = (answer: { token: string; user: { name: string; email: string } } | SecondStep) => {
    if ('mfaRequired' in answer) setSecondStep(answer);
    else saveSession(answer.token, answer.user);
  };
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: onAnswer,
      onError: (err) => setError(errorMessage(err, 'Login failed')),
    }),
  );
  const googleLogin = useMutation(
    trpc.auth.googleLogin.mutationOptions({
      onSuccess: onAnswer,
      onError: (err) => setError(errorMessage(err, 'Google login failed')),
    }),
  );
  const busy = login.isPending || googleLogin.isPending;
  // Until the page has hydrated a click would submit the form natively: keep the button off till then.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    // Read from the form itself: what someone typed before the page hydrated is kept.
    const form = new FormData(e.currentTarget);
    login.mutate({ email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') });
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 to-slate-100 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl ring-1 ring-slate-200">
        <div className="mb-8 text-center">
          <h1 className="text-3xl font-bold text-brand-900">Admin Dashboard</h1>
          <p className="mt-2 text-sm text-slate-600">Sign in to manage leads, customers and site analytics.</p>
        </div>

        {secondStep ? (
          <SecondStepForm step={secondStep} onCancel={() => setSecondStep(null)} />
        ) : (
          <>
            <form method="post" onSubmit={onSubmit} className="space-y-5" aria-describedby={error ? errorId : undefined}>
              <div>
                <label htmlFor="login-email" className="block text-sm font-medium text-slate-700">
                  Email Address
                </label>
                <input id="login-email" type="email" name="email" autoComplete="username" required disabled={busy} className={inputClass} />
              </div>
              <div>
                <label htmlFor="login-password" className="block text-sm font-medium text-slate-700">
                  Password
                </label>
                <input
                  id="login-password"
                  type="password"
                  name="password"
                  autoComplete="current-password"
                  required
                  disabled={busy}
                  className={inputClass}
                />
              </div>

              <SignInError id={errorId} error={error} />

              <SignInButton disabled={busy || !hydrated}>{login.isPending ? 'Signing in...' : 'Sign In'}</SignInButton>
            </form>

            {/* The divider is always there; without Google, what stands under it says why there is no button. */}
            <div className="my-6 flex items-center gap-3" role="separator" aria-label="OR">
              <span className="h-px flex-1 bg-slate-200" />
              <span className="text-xs font-semibold tracking-wider text-slate-500" aria-hidden="true">
                OR
              </span>
              <span className="h-px flex-1 bg-slate-200" />
            </div>
            {googleClientId ? (
              <div>
                <GoogleSignInButton
                  clientId={googleClientId}
                  onCredential={(credential) => {
                    setError(null);
                    googleLogin.mutate({ credential });
                  }}
                />
                {googleLogin.isPending && (
                  <p className="mt-2 text-center text-sm text-slate-600" role="status">
                    Signing in with Google...
                  </p>
                )}
              </div>
            ) : (
              <p className="text-center text-sm text-slate-600">Google sign-in is not set up for this office.</p>
            )}
          </>
        )}

        <p className="mt-6 text-center text-sm text-slate-600">
          Access is restricted to authorized personnel only. If you need an account, please contact the system administrator.
        </p>
      </div>
    </main>
  );
}
