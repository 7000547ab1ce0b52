// A modal frame: title, × button, scrollable body. Focus moves into the dialog when it opens, Tab
// stays inside it, and focus returns to what had it before once the dialog closes. Escape closes it
// unless a save is running. On a phone the dialog fits the screen (the dynamic viewport height) and
// its body scrolls inside, with the Cancel/Submit row (`dialog-actions`) kept in view.
import { useEffect, useId, useRef, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function DialogFrame(props: { title: string; onClose(): void; busy?: boolean; wide?: boolean; children: ReactNode }) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // What had focus when the dialog opened, read before autoFocus moves it (dialogs only open in the browser).
  const opener = useRef<HTMLElement | null | undefined>(undefined);
  if (opener.current === undefined)
    opener.current = typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const { onClose, busy } = props;
  // The latest values for the key handler, so it is attached once per dialog.
  const state = useRef({ onClose, busy });
  state.current = { onClose, busy };

  useEffect(() => {
    const before = opener.current;
    const root = panel.current;
    // An element with autoFocus already took focus; otherwise the first field or button gets it.
    if (root && !root.contains(document.activeElement)) {
      const first = root.querySelector<HTMLElement>(`.dialog-body :is(${FOCUSABLE})`) ?? root.querySelector<HTMLElement>(FOCUSABLE);
      (first ?? root).focus();
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !state.current.busy) {
        e.stopPropagation();
        state.current.onClose();
        return;
      }
      if (e.key !== 'Tab' || !root) return;
      const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      if (items.length === 0) {
        e.preventDefault();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      if (e.shiftKey && (document.activeElement === first || !root.contains(document.activeElement))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !root.contains(document.activeElement))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (before && before.isConnected) before.focus();
    };
  }, []);

  return (
    // A dialog opened from a table cell would inherit its text settings (`whitespace-nowrap` of an actions
    // cell cut the title and text off at the right edge): they are reset here.
    <div className="fixed inset-0 z-50 flex items-center justify-center whitespace-normal bg-slate-900/50 p-2 text-left text-base font-normal normal-case tracking-normal sm:p-4">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`flex max-h-[calc(100dvh-1rem)] w-full min-w-0 flex-col rounded-2xl bg-white shadow-2xl outline-none sm:max-h-[calc(100dvh-2rem)] ${props.wide ? 'max-w-3xl' : 'max-w-md'}`}
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 py-2 pl-4 pr-2 sm:pl-6">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {props.title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            disabled={busy}
            aria-label="Close"
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-2xl leading-none text-slate-600 hover:bg-slate-100 disabled:opacity-50"
          >
            ×
          </button>
        </div>
        <div className="dialog-body min-h-0 overflow-y-auto overscroll-contain px-4 py-4 sm:px-6 sm:py-5">{props.children}</div>
      </div>
    </div>
  );
}

/** Closes a dialog `ms` after `done` turns true; a parent re-rendering meanwhile does not restart the wait. */
export function useCloseAfter(done: boolean, ms: number, onClose: () => void) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => close.current(), ms);
    return () => window.clearTimeout(timer);
  }, [done, ms]);
}

export function Alert({ children, onDismiss }: { children: ReactNode; onDismiss?: () => void }) {
  return (
    <div
      role="alert"
      className="flex items-start justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
    >
      <div>{children}</div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="-my-2 -mr-2 flex h-11 w-11 shrink-0 items-center justify-center text-lg leading-none text-red-600 hover:text-red-800"
        >
          ×
        </button>
      )}
    </div>
  );
}
