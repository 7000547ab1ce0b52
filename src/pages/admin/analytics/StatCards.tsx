// The visits hero and the stat cards, each with its measured change against the previous period.
import { ANALYTICS_PERIODS, PERIOD_LABELS } from '../../../../schemas/analytics.ts';
import { ChangeBadge, fmt, type AnalyticsReport, type Comparison } from './parts.tsx';

export function VisitsHero({ report }: { report: AnalyticsReport }) {
  const label = ANALYTICS_PERIODS.includes(report.period) ? PERIOD_LABELS[report.period] : report.period;
  const v = report.totalVisits;
  return (
    <section aria-label="Total visits" className="rounded-xl bg-gradient-to-br from-brand-700 to-brand-500 p-5 text-white shadow-sm sm:p-6">
      <p className="text-sm font-medium text-brand-100">Total visits · {label}</p>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <p className="text-4xl font-bold tabular-nums sm:text-5xl" data-testid="total-visits">
          {fmt(v.current)}
        </p>
        <span className="mb-1 rounded-full bg-white/95 text-sm">
          <ChangeBadge value={v} />
        </span>
      </div>
      <p className="mt-2 text-sm text-brand-100">
        {fmt(v.previous)} in the previous {report.previousRange.days === 1 ? '24 hours' : `${report.previousRange.days} days`}
      </p>
    </section>
  );
}

function Stat({
  title,
  value,
  comparison,
  hint,
  higherIsBetter = true,
}: {
  title: string;
  value: string;
  comparison: Comparison;
  hint: string;
  higherIsBetter?: boolean;
}) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm font-medium text-slate-600">{title}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{value}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <ChangeBadge value={comparison} higherIsBetter={higherIsBetter} />
        <span className="text-xs text-slate-500">{hint}</span>
      </div>
    </div>
  );
}

export function StatCards({ report }: { report: AnalyticsReport }) {
  const c = report.comparisons;
  const f = report.marketingMetrics.conversionFunnel;
  return (
    <section aria-label="Key figures" className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
      <Stat
        title="Unique visitors"
        value={fmt(report.uniqueVisitors.current)}
        comparison={report.uniqueVisitors}
        hint={`was ${fmt(report.uniqueVisitors.previous)}`}
      />
      <Stat
        title="Daily visitors"
        value={fmt(report.dailyVisitors.current)}
        comparison={report.dailyVisitors}
        hint={`avg over ${report.range.days} ${report.range.days === 1 ? 'day' : 'days'}`}
      />
      <Stat
        title="Pages per session"
        value={String(report.marketingMetrics.avgPagesPerSession)}
        comparison={c.avgPagesPerSession}
        hint={`${fmt(report.marketingMetrics.sessions)} sessions`}
      />
      <Stat
        title="Bounce rate"
        value={`${report.marketingMetrics.bounceRate}%`}
        comparison={c.bounceRate}
        hint="single-page sessions"
        higherIsBetter={false}
      />
      <Stat
        title="Contact form views"
        value={fmt(f.contactViews)}
        comparison={c.contactViews}
        hint={`was ${fmt(c.contactViews.previous)}`}
      />
      <Stat title="Submissions" value={fmt(f.submissions)} comparison={c.submissions} hint={`${f.contactRate}% of visits`} />
    </section>
  );
}
