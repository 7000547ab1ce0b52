// Above the leads: the tabs with their counts, the search box, the "Overdue only" filter and the
// keyboard shortcuts hint.
import type { ReactNode } from 'react';
import { tabKey, type LeadTab } from './lead-filters.ts';
import { SHORTCUTS } from './lead-shortcuts.ts';
import { useSearchText, type ChangeView } from './use-lead-list-view.ts';

export function LeadTabs(props: {
  tabs: { tab: LeadTab; label: string }[];
  active: LeadTab;
  counts: Map<string, number>;
  onTab(tab: LeadTab): void;
}) {
  return (
    <div role="tablist" aria-label="Lead tabs" className="flex flex-wrap gap-1 border-b border-slate-200">
      {props.tabs.map(({ tab, label }) => {
        const active = tabKey(tab) === tabKey(props.active);
        return (
          <button
            key={tabKey(tab)}
            type="button"
            role="tab"
            aria-selected={active}
            onClick={() => props.onTab(tab)}
            className={`-mb-px flex min-h-11 items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium ${
              active ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {label}
            <span className={`rounded-full px-2 py-0.5 text-xs ${active ? 'bg-brand-100 text-brand-800' : 'bg-slate-100 text-slate-700'}`}>
              {props.counts.get(tabKey(tab)) ?? 0}
            </span>
          </button>
        );
      })}
    </div>
  );
}

/** The search box: its text is its own state, so typing never renders the list. */
function SearchBox({ q, change }: { q: string; change: ChangeView }) {
  const [search, setSearch] = useSearchText(q, change);
  return (
    <input
      type="search"
      aria-label="Search leads"
      placeholder="Search by name, email or phone"
      value={search}
      onChange={(e) => setSearch(e.target.value)}
      className="block min-h-11 w-full min-w-0 max-w-md flex-1 rounded-lg border border-slate-300 px-3 py-2 text-base focus:border-brand-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 sm:text-sm"
    />
  );
}

export function LeadFilters(props: {
  /** The search the list shows (the URL's). */
  q: string;
  change: ChangeView;
  overdue: boolean;
  /** How many overdue leads the tab holds, when known. */
  overdueCount: number | undefined;
  onOverdue(on: boolean): void;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <SearchBox q={props.q} change={props.change} />
      <button
        type="button"
        aria-pressed={props.overdue}
        onClick={() => props.onOverdue(!props.overdue)}
        className={`flex min-h-11 items-center gap-2 rounded-lg border px-3 text-sm font-medium ${
          props.overdue ? 'border-rose-300 bg-rose-50 text-rose-800' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
        }`}
      >
        Overdue only
        {props.overdueCount !== undefined && (
          <span className="rounded-full bg-rose-100 px-2 py-0.5 text-xs text-rose-800">{props.overdueCount}</span>
        )}
      </button>
      {props.children}
    </div>
  );
}

/** The table's keys, in a small disclosure so it costs no room until asked for. */
export function ShortcutsHint() {
  return (
    <details className="hidden text-sm text-slate-600 sm:block">
      <summary className="flex min-h-11 cursor-pointer items-center rounded-md px-2 hover:text-slate-900">Keyboard shortcuts</summary>
      <div className="mt-1 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
        <p className="mb-2">Tab into the table, then on a lead:</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {SHORTCUTS.map(([keys, what]) => (
            <div key={keys} className="contents">
              <dt>
                <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs">{keys}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
      </div>
    </details>
  );
}
