// Small building blocks of the Site Analytics page: cards, skeletons, empty states, change badges
// and percent bar lists.
import type { ReactNode } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../routers/index.ts';

export type AnalyticsReport = inferRouterOutputs<AppRouter>['analytics']['report'];
export type Comparison = AnalyticsReport['totalVisits'];

export const fmt = (n: number) => n.toLocaleString('en-US');

export function Card({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  const id = `card-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={`min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}>
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-slate-50 px-3 py-6 text-center text-sm text-slate-500">{children}</p>;
}

export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-lg bg-slate-200 ${className}`} />;
}

/**
 * "+12.5% vs previous period". For figures where a rise is bad (bounce rate) the colours swap.
 * A figure with nothing to compare with reads "New".
 */
export function ChangeBadge({ value, higherIsBetter = true }: { value: Comparison; higherIsBetter?: boolean }) {
  const good = value.trend === 'stable' ? null : (value.trend === 'up') === higherIsBetter;
  const colour = good === null ? 'bg-slate-100 text-slate-600' : good ? 'bg-emerald-50 text-emerald-700' : 'bg-rose-50 text-rose-700';
  const arrow = value.trend === 'up' ? '▲' : value.trend === 'down' ? '▼' : '●';
  const text = value.change === null ? 'New' : `${value.change > 0 ? '+' : ''}${value.change}%`;
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${colour}`}>
      <span aria-hidden="true">{arrow}</span>
      <span>
        {text}
        <span className="sr-only"> ({value.trend}) compared with the previous period</span>
      </span>
    </span>
  );
}

export interface BarItem {
  label: string;
  count: number;
  percent: number;
}

/** A ranked list with each entry's share of all visits as a bar. */
export function BarList({ items, empty, label }: { items: BarItem[]; empty: string; label: string }) {
  if (items.length === 0) return <Empty>{empty}</Empty>;
  return (
    <ol aria-label={label} className="space-y-2">
      {items.map((item) => (
        <li key={item.label} className="text-sm">
          <div className="flex items-baseline justify-between gap-3">
            <span className="truncate text-slate-700" title={item.label}>
              {item.label}
            </span>
            <span className="shrink-0 tabular-nums text-slate-600">
              {fmt(item.count)} <span className="text-slate-600">· {item.percent}%</span>
            </span>
          </div>
          <div className="mt-1 h-1.5 rounded-full bg-slate-100">
            <div className="h-1.5 rounded-full bg-brand-500" style={{ width: `${Math.min(100, Math.max(item.percent, 1))}%` }} />
          </div>
        </li>
      ))}
    </ol>
  );
}

/** One ranked list in its own card, the list named after the card. */
export interface BarCardProps {
  title: string;
  items: BarItem[];
  empty: string;
}

export function BarCard({ title, items, empty }: BarCardProps) {
  return (
    <Card title={title}>
      <BarList label={title} items={items} empty={empty} />
    </Card>
  );
}

/** Page names as people read them: "admin-leads" -> "Admin leads". */
export const pageLabel = (page: string) => (page === 'home' ? 'Home' : page.charAt(0).toUpperCase() + page.slice(1).replace(/-/g, ' '));
