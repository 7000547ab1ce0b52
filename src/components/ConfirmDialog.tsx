// An in-app confirmation of a destructive action, in place of window.confirm: Cancel has focus
// first, so Enter or Escape never destroys anything by accident.
import { DialogFrame } from './DialogFrame.tsx';
import { secondaryButton } from './ui.tsx';

export function ConfirmDialog(props: {
  title: string;
  message: string;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs, e.g. "Deleting...". */
  busyLabel?: string;
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const { busy = false } = props;
  return (
    <DialogFrame title={props.title} onClose={props.onClose} busy={busy}>
      <p className="text-sm text-slate-700">{props.message}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={props.onClose} disabled={busy} autoFocus>
          Cancel
        </button>
        <button
          type="button"
          onClick={props.onConfirm}
          disabled={busy}
          className="min-h-11 rounded-lg bg-rose-600 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-700 disabled:opacity-60"
        >
          {busy ? (props.busyLabel ?? `${props.confirmLabel}...`) : props.confirmLabel}
        </button>
      </div>
    </DialogFrame>
  );
}
