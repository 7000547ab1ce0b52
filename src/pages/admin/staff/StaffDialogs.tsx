// The Staff page's dialogs: add an account (with a first password its owner replaces at first
// sign-in) and reset an account's password to a temporary one.
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { PASSWORD_MIN_LENGTH } from '../../../../schemas/auth.ts';
import { Alert, DialogFrame } from '../../../components/DialogFrame.tsx';
import { DialogActions, TextField } from '../../../components/ui.tsx';
import { errorMessage } from '../../../lib/error-message.ts';

function Check(props: { label: string; checked: boolean; onChange(v: boolean): void; disabled: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
        disabled={props.disabled}
        className="h-4 w-4 rounded border-slate-300"
      />
      {props.label}
    </label>
  );
}

export function AddStaffDialog({ onClose, onAdded }: { onClose(): void; onAdded(name: string): void }) {
  const trpc = useTRPC();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isAgent, setAgent] = useState(false);
  const [isAdmin, setAdmin] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = useMutation(
    trpc.staff.add.mutationOptions({
      onSuccess: () => onAdded(name.trim()),
      onError: (err) => setError(errorMessage(err, 'Could not add the account.')),
    }),
  );
  const busy = add.isPending;
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    add.mutate({ name, email, password, isAgent, isAdmin });
  }
  return (
    <DialogFrame title="Add Staff" onClose={onClose} busy={busy}>
      <form onSubmit={onSubmit} className="space-y-4">
        <TextField label="Name" value={name} onChange={setName} disabled={busy} />
        <TextField label="Email" type="email" value={email} onChange={setEmail} disabled={busy} />
        <NewPasswordField label="First Password" value={password} onChange={setPassword} disabled={busy} />
        <p className="text-xs text-slate-500">Give this password to the new colleague; they choose their own at first sign-in.</p>
        <div className="flex gap-6">
          <Check label="Agent" checked={isAgent} onChange={setAgent} disabled={busy} />
          <Check label="Admin" checked={isAdmin} onChange={setAdmin} disabled={busy} />
        </div>
        {error && <Alert>{error}</Alert>}
        <DialogActions busy={busy} onCancel={onClose} label="Add Staff" busyLabel="Adding..." />
      </form>
    </DialogFrame>
  );
}

/** A password an admin chooses for someone else: at least PASSWORD_MIN_LENGTH, never filled from the admin's own. */
function NewPasswordField(props: { label: string; value: string; onChange(value: string): void; disabled: boolean }) {
  return <TextField {...props} type="password" minLength={PASSWORD_MIN_LENGTH} autoComplete="new-password" />;
}

export function ResetPasswordDialog({
  staff,
  onClose,
  onReset,
}: {
  staff: { id: string; name: string; email: string };
  onClose(): void;
  onReset(): void;
}) {
  const trpc = useTRPC();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = useMutation(
    trpc.staff.resetPassword.mutationOptions({
      onSuccess: onReset,
      onError: (err) => setError(errorMessage(err, 'Could not reset the password.')),
    }),
  );
  const busy = reset.isPending;
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    reset.mutate({ staffId: staff.id, temporaryPassword: password });
  }
  return (
    <DialogFrame title="Reset Password" onClose={onClose} busy={busy}>
      <form onSubmit={onSubmit} className="space-y-4">
        <p className="text-sm text-slate-700">
          {staff.name} ({staff.email}) is signed out everywhere and must choose a new password after signing in with this temporary one.
        </p>
        <NewPasswordField label="Temporary Password" value={password} onChange={setPassword} disabled={busy} />
        {error && <Alert>{error}</Alert>}
        <DialogActions busy={busy} onCancel={onClose} label="Reset Password" busyLabel="Resetting..." />
      </form>
    </DialogFrame>
  );
}
