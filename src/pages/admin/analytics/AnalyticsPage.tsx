// Site Analytics (docs/product.md §2): period selector, visits hero, stat cards, states chart and map,
// visits over time, most visited pages, locations and marketing metrics, all measured. The period
// lives in the address (`?period=7d`), so a reload or a shared link shows the same figures.
import { lazy, Suspense, useEffect, useId } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { clearSession } from '../../../lib/session.ts';
import { adminPath, isAdminHost } from '../../../../schemas/host-mode.ts';
import { useClientConfig } from '../../../lib/client-config.tsx';
import { ANALYTICS_PERIODS, DEFAULT_ANALYTICS_PERIOD, type AnalyticsPeriod } from '../../../../schemas/analytics.ts';
import { PeriodSelect } from '../../../components/PeriodSelect.tsx';
import { BarCard, Skeleton, pageLabel, type AnalyticsReport, type BarCardProps } from './parts.tsx';
import { StatCards, VisitsHero } from './StatCards.tsx';
import { MarketingMetrics } from './MarketingMetrics.tsx';

const isPeriod = (value: string | null): value is AnalyticsPeriod => (ANALYTICS_PERIODS as readonly (string | null)[]).includes(value);
// The charts and the map (recharts, d3-geo and the states' shapes) are most of this page's code:
// they load beside the report, so the figures show without waiting for them.
const VisitsChart = lazy(() => import('./VisitsChart.tsx').then((m) => ({ default: m.VisitsChart })));
const StatesSection = lazy(() => import('./StatesSection.tsx').then((m) => ({ default: m.StatesSection })));

const isUnauthorized = (err: unknown) => (err as { data?: { code?: string } } | null)?.data?.code === 'UNAUTHORIZED';

export default function AnalyticsPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { adminHosts } = useClientConfig();
  const [params, setParams] = useSearchParams();
  const asked = params.get('period');
  const period: AnalyticsPeriod = isPeriod(asked) ? asked : DEFAULT_ANALYTICS_PERIOD;
  const setPeriod = (next: AnalyticsPeriod) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('period', next);
        return updated;
      },
      { replace: true },
    );
  const selectId = useId();
  const query = useQuery({
    ...trpc.analytics.report.queryOptions({ period }),
    retry: (count, err) => !isUnauthorized(err) && count < 1,
  });

  // An expired or revoked session goes back to the login (docs/product.md §4, §8).
  useEffect(() => {
    if (query.error && isUnauthorized(query.error)) {
      clearSession();
      navigate(adminPath(isAdminHost(window.location.hostname, adminHosts), 'login'), { replace: true });
    }
  }, [query.error, navigate, adminHosts]);

  return (
    <div className="mx-auto max-w-7xl space-y-4 px-3 py-4 sm:space-y-6 sm:px-6 sm:py-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Site Analytics</h1>
          <p className="text-sm text-slate-600">Visits to the website, measured on our own server. No cookies.</p>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
            Time period
          </label>
          <PeriodSelect
            id={selectId}
            value={period}
            onChange={setPeriod}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500"
          />
        </div>
      </header>

      {query.isPending ? (
        <LoadingSkeleton />
      ) : query.isError ? (
        isUnauthorized(query.error) ? null : (
          <div role="alert" className="rounded-xl border border-rose-200 bg-rose-50 p-6 text-center">
            <p className="text-rose-800">Failed to load analytics data. Please try again.</p>
            <button
              type="button"
              onClick={() => void query.refetch()}
              disabled={query.isFetching}
              className="mt-4 min-h-11 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {query.isFetching ? 'Trying…' : 'Try Again'}
            </button>
          </div>
        )
      ) : (
        <Report report={query.data} />
      )}
    </div>
  );
}

/** The pages and places visitors came from, each a ranked list in a card. */
const placeLists = (report: AnalyticsReport): BarCardProps[] => [
  {
    title: 'Most visited pages',
    items: report.topPages.map((p) => ({ label: pageLabel(p.page), count: p.count, percent: p.percent })),
    empty: 'No page data available',
  },
  {
    title: 'Countries',
    items: report.locationStats.byCountry.map((c) => ({ label: c.country, count: c.count, percent: c.percent })),
    empty: 'No location data',
  },
  {
    title: 'Cities',
    items: report.locationStats.byCity.map((c) => ({ label: c.city, count: c.count, percent: c.percent })),
    empty: 'No city data',
  },
];

function Report({ report }: { report: AnalyticsReport }) {
  const loc = report.locationStats;
  return (
    <div className="space-y-4 sm:space-y-6">
      <VisitsHero report={report} />
      <StatCards report={report} />
      <Suspense fallback={<Skeleton className="h-72" />}>
        <VisitsChart report={report} />
      </Suspense>
      <Suspense fallback={<Skeleton className="h-96" />}>
        <StatesSection report={report} />
      </Suspense>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
        {placeLists(report).map((list) => (
          <BarCard key={list.title} {...list} />
        ))}
      </div>
      <MarketingMetrics report={report} />
      <p className="text-xs text-slate-500">
        Places come from the visitor&apos;s address, looked up in {loc.source.source} data
        {loc.source.date ? ` of ${loc.source.date}` : ''}; the address itself is not stored.{' '}
        <a href={loc.source.url} className="underline" rel="noreferrer" target="_blank">
          {loc.source.text}
        </a>
      </p>
    </div>
  );
}

function LoadingSkeleton() {
  return (
    <div role="status" aria-busy="true" className="space-y-4 sm:space-y-6">
      <span className="sr-only">Loading analytics…</span>
      <Skeleton className="h-36" />
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
      <Skeleton className="h-72" />
      <Skeleton className="h-80" />
      <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-48" />
        ))}
      </div>
    </div>
  );
}
