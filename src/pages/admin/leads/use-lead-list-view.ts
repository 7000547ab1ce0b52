// The lead list's view kept in the URL (lead-view.ts): changing tab, page, sort or the Overdue filter is a
// history step (the back button returns), the search box writes its text after a short pause in place.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { leadViewParams, readLeadView, searchOf, type LeadListState } from './lead-view.ts';

/**
 * Typing pauses this long before the search is asked (and written to the URL): short, so a search's
 * leads show within 150 ms of the last key (`npm run bench console`: the pause, the answer and the
 * render), yet keys typed in a run, under 70 ms apart, ask once.
 */
export const SEARCH_DELAY_MS = 70;

/** Changes the view: a new history entry unless `replace`. */
export type ChangeView = (patch: Partial<LeadListState>, options?: { replace?: boolean }) => void;

export function useLeadListView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readLeadView(params), [params]);

  /**
   * Shows another view: a new history entry unless `replace`. Any other view change starts at page 1.
   * Built from the address as it is now, not from this render's params: location updates render as
   * transitions, so a change made after an await, or while an earlier one is still rendering, would
   * otherwise undo that earlier one. A ?lead= link is spent by any change.
   */
  const change: ChangeView = useCallback(
    (patch, options = {}) => {
      const next = leadViewParams({ ...readLeadView(new URLSearchParams(window.location.search)), page: 0, ...patch });
      setParams(next, { replace: options.replace });
    },
    [setParams],
  );

  /** Identifies the view, so what belongs to one view (kept rows, the selection) is dropped when it changes. */
  const key = leadViewParams(view).toString();
  return { view, key, change, linkedLead: params.get('lead') };
}

/**
 * The search box's text. It lives in the box alone, so a key press renders the box and not the list;
 * the URL follows it after the pause (replacing the history entry), and only a URL change the box did
 * not write (Back, Forward, a link) refills the box.
 */
export function useSearchText(q: string, change: ChangeView) {
  const [search, setSearch] = useState(q);
  /** Searches this box wrote to the URL whose render has not come yet, oldest first. */
  const written = useRef<string[]>([]);
  useEffect(() => {
    const echo = written.current.indexOf(q);
    if (echo >= 0) {
      written.current.splice(0, echo + 1);
      return;
    }
    written.current = [];
    setSearch((typed) => (searchOf(typed) === q ? typed : q));
  }, [q]);
  useEffect(() => {
    const next = searchOf(search);
    if (next === q) return;
    const timer = window.setTimeout(() => {
      written.current.push(next);
      change({ q: next }, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search, q, change]);
  return [search, setSearch] as const;
}
