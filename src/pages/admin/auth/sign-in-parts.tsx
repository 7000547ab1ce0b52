// The pieces both steps of the sign-in share: the refusal shown above the button, and the full-width
// submit button (LoginPage.tsx for the password, SecondStepForm.tsx for the code).
import type { ReactNode } from 'react';

/** The step's refusal, announced; `id` is what the inputs name in `aria-describedby`. */
export function SignInError({ id, error }: { id: string; error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {error}
    </p>
  );
}

export function SignInButton({ disabled, children }: { disabled: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={disabled}
      className="min-h-11 w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {children}
    </button>
  );
}
