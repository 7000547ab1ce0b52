// A modal frame: title, × button, scrollable body; Escape closes it unless a save is running.
import { useEffect, useId, type ReactNode } from 'react';

export function DialogFrame(props: { title: string; onClose(): void; busy?: boolean; wide?: boolean; children: ReactNode }) {
  const titleId = useId();
  const { onClose, busy } = props;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !busy) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [busy, onClose]);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4">
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className={`flex max-h-[92vh] w-full flex-col rounded-2xl bg-white shadow-2xl ${props.wide ? 'max-w-3xl' : 'max-w-md'}`}>
        <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {props.title}
          </h2>
          <button type="button" onClick={onClose} disabled={busy} aria-label="Close" className="rounded-md p-1 text-2xl leading-none text-slate-500 hover:bg-slate-100 disabled:opacity-50">
            ×
          </button>
        </div>
        <div className="overflow-y-auto px-6 py-5">{props.children}</div>
      </div>
    </div>
  );
}

export function Alert({ children, onDismiss }: { children: ReactNode; onDismiss?: () => void }) {
  return (
    <div role="alert" className="flex items-start justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      <div>{children}</div>
      {onDismiss && (
        <button type="button" onClick={onDismiss} aria-label="Dismiss" className="text-lg leading-none text-red-500 hover:text-red-700">
          ×
        </button>
      )}
    </div>
  );
}

export const primaryButton = 'rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButton = 'rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50';
