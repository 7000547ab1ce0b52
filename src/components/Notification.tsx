// An in-page notification in place of browser alerts: errors are announced at once (role alert),
// confirmations politely (role status). Success notes fade after a while; errors stay until dismissed.
import { useEffect } from 'react';

export interface Notice {
  tone: 'error' | 'success';
  message: string;
  /** A second line, e.g. the server's explanation. */
  detail?: string;
}

const SUCCESS_MS = 6000;

export function Notification({ notice, onDismiss }: { notice: Notice | null; onDismiss(): void }) {
  useEffect(() => {
    if (notice?.tone !== 'success') return;
    const timer = window.setTimeout(onDismiss, SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [notice, onDismiss]);

  if (!notice) return null;
  const error = notice.tone === 'error';
  return (
    <div
      role={error ? 'alert' : 'status'}
      className={`flex items-start justify-between gap-3 rounded-lg border px-4 py-3 text-sm shadow-sm ${
        error ? 'border-rose-200 bg-rose-50 text-rose-800' : 'border-emerald-200 bg-emerald-50 text-emerald-800'
      }`}
    >
      <div>
        <p className="font-medium">{notice.message}</p>
        {notice.detail && <p className="mt-0.5 text-xs">{notice.detail}</p>}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss notification"
        className="-my-2 -mr-2 flex h-11 w-11 shrink-0 items-center justify-center text-lg font-bold leading-none opacity-80 hover:opacity-100"
      >
        ×
      </button>
    </div>
  );
}
