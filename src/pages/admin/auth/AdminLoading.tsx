// The neutral state of an admin screen while the stored session is not known yet: the server
// and the hydrating browser render this alike, whatever is in localStorage.
export function AdminLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50" role="status" aria-live="polite">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
