// The Change Password dialog (docs/product.md §2, §4, §5, §8). The parent mounts it to open it and
// unmounts it to close it, so every opening starts with empty fields and no messages.
import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { beginTokenRotation, replaceToken } from '../../../lib/session.ts';
import { checkNewPassword, PASSWORD_MIN_LENGTH } from '../../../../schemas/auth.ts';
import { Alert, DialogFrame, useCloseAfter } from '../../../components/DialogFrame.tsx';
import { TextField, primaryButton, secondaryButton } from '../../../components/ui.tsx';
import { errorMessage } from '../../../lib/error-message.ts';

const CLOSE_AFTER_SUCCESS_MS = 2000;

/**
 * `onClose` runs after a success; ×, Cancel and Escape run `onCancel` when given (the forced change
 * after an admin's reset signs out instead of closing), with `notice` saying why it is asked.
 */
export function ChangePasswordDialog({
  onClose,
  onCancel,
  cancelLabel = 'Cancel',
  notice,
}: {
  onClose: () => void;
  onCancel?: () => void;
  cancelLabel?: string;
  notice?: string;
}) {
  const trpc = useTRPC();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  // While the change is under way, a 401 for the old token waits for the new one (src/lib/trpc.ts).
  const endRotation = useRef<(() => void) | null>(null);
  const change = useMutation(
    trpc.auth.changePassword.mutationOptions({
      onMutate: () => {
        endRotation.current = beginTokenRotation();
      },
      onSettled: () => endRotation.current?.(),
      onSuccess: (result) => {
        // The old token ended with the old password; this browser carries on with the new one.
        replaceToken(result.token);
        setSuccess('Password changed successfully!');
        setCurrentPassword('');
        setNewPassword('');
        setConfirmPassword('');
      },
      onError: (err) => setError(errorMessage(err, 'Failed to change password')),
    }),
  );
  const busy = change.isPending;

  useCloseAfter(success !== null, CLOSE_AFTER_SUCCESS_MS, onClose);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    setSuccess(null);
    // Empty fields get the browser's own "required" prompt; the form skips the length prompt
    // (noValidate) so the messages below (docs/product.md §8) come in their order.
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
    <DialogFrame title="Change Password" onClose={onCancel ?? onClose} busy={busy}>
      <form ref={form} onSubmit={onSubmit} noValidate className="space-y-4">
        {notice && <p className="text-sm text-slate-700">{notice}</p>}
        <TextField
          type="password"
          label="Current Password"
          value={currentPassword}
          onChange={setCurrentPassword}
          disabled={busy}
          autoComplete="current-password"
        />
        <TextField
          type="password"
          label="New Password"
          value={newPassword}
          onChange={setNewPassword}
          disabled={busy}
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
        />
        <TextField
          type="password"
          label="Confirm New Password"
          value={confirmPassword}
          onChange={setConfirmPassword}
          disabled={busy}
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
        />

        {error && <Alert>{error}</Alert>}
        {success && (
          <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-700">
            {success}
          </p>
        )}

        <div className="flex justify-end gap-3 pt-2">
          <button type="button" onClick={onCancel ?? onClose} disabled={busy} className={secondaryButton}>
            {cancelLabel}
          </button>
          <button type="submit" disabled={busy} className={primaryButton}>
            {busy ? 'Changing...' : 'Change Password'}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
