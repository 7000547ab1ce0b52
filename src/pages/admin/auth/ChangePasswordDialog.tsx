// The Change Password dialog (SPEC.md §2, §4, §5, §8). The parent mounts it to open it and
// unmounts it to close it, so every opening starts with empty fields and no messages.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { replaceToken } from '../../../lib/session.ts';
import { checkNewPassword, PASSWORD_MIN_LENGTH } from '../../../shared/auth.ts';

export const CLOSE_AFTER_SUCCESS_MS = 2000;

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:bg-slate-100 disabled:text-slate-500';

export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const titleId = useId();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const firstField = useRef<HTMLInputElement>(null);

  const change = useMutation(
    trpc.auth.changePassword.mutationOptions({
      onSuccess: (result) => {
        // The old token ended with the old password; this browser carries on with the new one.
        replaceToken(result.token);
        setSuccess('Password changed successfully!');
        setCurrentPassword('');
        setNewPassword('');
        setConfirmPassword('');
      },
      onError: (err) => setError(err.message || 'Failed to change password'),
    }),
  );
  const busy = change.isPending;

  useEffect(() => {
    firstField.current?.focus();
  }, []);

  // The parent may re-render meanwhile; the 2-second close must not start over.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => close.current(), CLOSE_AFTER_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [success]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !busy) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [busy, onClose]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    setSuccess(null);
    // Empty fields get the browser's own "required" prompt; the form skips the length prompt
    // (noValidate) so the SPEC.md messages below come in their order.
    const empty = Array.from(form.current?.elements ?? []).find(
      (el): el is HTMLInputElement => el instanceof HTMLInputElement && el.validity.valueMissing,
    );
    if (empty) {
      empty.reportValidity();
      return;
    }
    const problem = checkNewPassword(newPassword, confirmPassword);
    if (problem) {
      setError(problem);
      return;
    }
    change.mutate({ currentPassword, newPassword });
  }

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4">
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="w-full max-w-md rounded-2xl bg-white shadow-2xl">
        <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            Change Password
          </h2>
          <button
            type="button"
            onClick={onClose}
            disabled={busy}
            aria-label="Close"
            className="rounded-md p-1 text-2xl leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-700 disabled:opacity-50"
          >
            ×
          </button>
        </div>

        <form ref={form} onSubmit={onSubmit} noValidate className="space-y-4 px-6 py-5">
          <PasswordField label="Current Password" value={currentPassword} onChange={setCurrentPassword} disabled={busy} autoComplete="current-password" inputRef={firstField} />
          <PasswordField label="New Password" value={newPassword} onChange={setNewPassword} disabled={busy} autoComplete="new-password" minLength={PASSWORD_MIN_LENGTH} />
          <PasswordField label="Confirm New Password" value={confirmPassword} onChange={setConfirmPassword} disabled={busy} autoComplete="new-password" minLength={PASSWORD_MIN_LENGTH} />

          {error && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          )}
          {success && (
            <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-700">
              {success}
            </p>
          )}

          <div className="flex justify-end gap-3 pt-2">
            <button
              type="button"
              onClick={onClose}
              disabled={busy}
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
            >
              Cancel
            </button>
            <button
              type="submit"
              disabled={busy}
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {busy ? 'Changing...' : 'Change Password'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

function PasswordField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  autoComplete: string;
  minLength?: number;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {props.label}
      </label>
      <input
        id={id}
        ref={props.inputRef}
        type="password"
        required
        minLength={props.minLength}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        disabled={props.disabled}
        className={inputClass}
      />
    </div>
  );
}
