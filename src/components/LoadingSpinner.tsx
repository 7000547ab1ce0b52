// The spinner of a screen or page still loading, announced to screen readers.
export function LoadingSpinner({ className }: { className: string }) {
  return (
    <div className={`flex items-center justify-center ${className}`} role="status" aria-live="polite">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
