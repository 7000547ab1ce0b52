// Marketing metrics: engagement, devices, peak hours, browsers, traffic sources and the funnel.
import { BarCard, BarList, Card, Empty, fmt, type AnalyticsReport, type BarCardProps } from './parts.tsx';

function Funnel({ report }: { report: AnalyticsReport }) {
  const f = report.marketingMetrics.conversionFunnel;
  const steps = [
    { label: 'Visits', count: f.visits, note: '' },
    {
      label: 'Contact form views',
      count: f.contactViews,
      note: f.visits ? `${Math.round((f.contactViews / f.visits) * 1000) / 10}% of visits` : '',
    },
    { label: 'Submissions', count: f.submissions, note: f.contactViews ? `${f.formConversionRate}% of form views` : '' },
  ];
  // A step can count more than the visits (form views of visitors counted apart); the bar stops at full width.
  const max = Math.max(1, f.visits);
  return (
    <Card title="Conversion funnel">
      <ol className="space-y-3" aria-label="Conversion funnel">
        {steps.map((s) => (
          <li key={s.label}>
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="text-slate-700">{s.label}</span>
              <span className="tabular-nums font-semibold text-slate-900">{fmt(s.count)}</span>
            </div>
            <div className="mt-1 h-2 rounded-full bg-slate-100">
              <div
                className="h-2 rounded-full bg-accent-500"
                style={{ width: `${Math.min(100, Math.max((s.count / max) * 100, s.count ? 2 : 0))}%` }}
              />
            </div>
            {s.note && <p className="mt-0.5 text-xs text-slate-500">{s.note}</p>}
          </li>
        ))}
      </ol>
      <p className="mt-4 text-sm text-slate-700">
        Contact rate: <strong className="tabular-nums">{f.contactRate}%</strong> of visits became a submission
      </p>
    </Card>
  );
}

/** The browsers, sources and systems visitors used, each a ranked list in a card. */
const techLists = (m: AnalyticsReport['marketingMetrics']): BarCardProps[] => [
  {
    title: 'Browsers',
    items: m.browsers.map((b) => ({ label: b.browser, count: b.count, percent: b.percent })),
    empty: 'No browser data',
  },
  {
    title: 'Traffic sources',
    items: m.referrers.map((r) => ({ label: r.referrer === 'direct' ? 'Direct' : r.referrer, count: r.count, percent: r.percent })),
    empty: 'No referrer data',
  },
  {
    title: 'Operating systems',
    items: m.operatingSystems.map((o) => ({ label: o.os, count: o.count, percent: o.percent })),
    empty: 'No operating system data',
  },
];

export function MarketingMetrics({ report }: { report: AnalyticsReport }) {
  const m = report.marketingMetrics;
  const peakMax = Math.max(1, ...m.peakHours.map((h) => h.count));
  return (
    <section aria-labelledby="marketing-heading" className="space-y-3">
      <h2 id="marketing-heading" className="text-lg font-semibold text-slate-900">
        Marketing metrics
      </h2>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
        <Card title="Engagement">
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-slate-500">Pages per session</dt>
              <dd className="text-xl font-bold tabular-nums text-slate-900">{m.avgPagesPerSession}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Bounce rate</dt>
              <dd className="text-xl font-bold tabular-nums text-slate-900">{m.bounceRate}%</dd>
            </div>
          </dl>
          <div className="mt-4">
            <h3 className="mb-2 text-sm font-medium text-slate-600">Devices</h3>
            <BarList
              label="Devices"
              items={m.devices.map((d) => ({ label: d.device, count: d.count, percent: d.percent }))}
              empty="No device data"
            />
          </div>
        </Card>
        <Card title="Peak hours">
          {m.peakHours.length === 0 ? (
            <Empty>No peak hour data</Empty>
          ) : (
            <ol aria-label="Peak hours" className="space-y-2">
              {m.peakHours.map((h) => (
                <li key={h.hour} className="flex items-center gap-3 text-sm">
                  <span className="w-14 shrink-0 text-slate-700">{h.time}</span>
                  <span className="h-2 flex-1 rounded-full bg-slate-100">
                    <span className="block h-2 rounded-full bg-brand-500" style={{ width: `${(h.count / peakMax) * 100}%` }} />
                  </span>
                  <span className="w-12 shrink-0 text-right tabular-nums text-slate-600">{fmt(h.count)}</span>
                </li>
              ))}
            </ol>
          )}
          <p className="mt-3 text-xs text-slate-500">Local time ({report.timeZone})</p>
        </Card>
        <Funnel report={report} />
        {techLists(m).map((list) => (
          <BarCard key={list.title} {...list} />
        ))}
      </div>
    </section>
  );
}
