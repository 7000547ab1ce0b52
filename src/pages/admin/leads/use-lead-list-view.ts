// The lead list's view kept in the URL (lead-view.ts): changing tab, page, sort or the Overdue filter is a
// history step (the back button returns), the search box writes its text after a short pause in place.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { leadViewParams, readLeadView, type LeadListState } from './lead-view.ts';

/** Typing pauses this long before the search is asked (and written to the URL). */
const SEARCH_DELAY_MS = 250;

export function useLeadListView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readLeadView(params), [params]);

  /** Shows another view: a new history entry unless `replace`. Any other view change starts at page 1. */
  const change = useCallback(
    (patch: Partial<LeadListState>, options: { replace?: boolean } = {}) => {
      setParams((current) => leadViewParams({ ...readLeadView(current), page: 0, ...patch }), { replace: options.replace });
    },
    [setParams],
  );

  // The box shows what is typed; the URL follows after the pause, and a URL change (back button) refills the box.
  const [search, setSearch] = useState(view.q);
  useEffect(() => {
    setSearch((typed) => (typed.trim() === view.q ? typed : view.q));
  }, [view.q]);
  useEffect(() => {
    if (search.trim() === view.q) return;
    const timer = window.setTimeout(() => change({ q: search.trim() }, { replace: true }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search, view.q, change]);

  /** Identifies the view, so what belongs to one view (kept rows, the selection) is dropped when it changes. */
  const key = leadViewParams(view).toString();
  return { view, key, change, search, setSearch, linkedLead: params.get('lead') };
}
