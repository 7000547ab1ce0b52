// Visits over time: hourly for 24 hours, daily for day periods, monthly for years. Two lines,
// visits and unique visitors, named in a legend beside the chart.
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, Empty, type AnalyticsReport } from './parts.tsx';

export function VisitsChart({ report }: { report: AnalyticsReport }) {
  const { points, resolution } = report.visitsOverTime;
  const total = points.reduce((n, p) => n + p.visits, 0);
  const per = resolution === 'hour' ? 'hour' : resolution === 'day' ? 'day' : 'month';
  const series = [
    { key: 'visits', label: 'Visits', colour: '#1f6f9f', line: 'h-1' },
    { key: 'visitors', label: 'Unique visitors', colour: '#14a37f', line: 'h-0.5' },
  ];
  return (
    <Card title="Visits over time">
      {total === 0 ? (
        <Empty>No visits in this period yet</Empty>
      ) : (
        <>
          <ul aria-label="Legend" className="mb-2 flex flex-wrap gap-4 text-sm text-slate-700">
            {series.map((s) => (
              <li key={s.key} className="flex items-center gap-2">
                <span aria-hidden="true" className={`inline-block w-5 rounded-full ${s.line}`} style={{ backgroundColor: s.colour }} />
                {s.label} per {per}
              </li>
            ))}
          </ul>
          <div
            className="h-64 w-full"
            role="img"
            aria-label={`Visits and unique visitors per ${per}: ${points.map((p) => `${p.label} ${p.visits} visits, ${p.visitors} visitors`).join('; ')}`}
          >
            <ResponsiveContainer width="100%" height="100%">
              <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                <defs>
                  <linearGradient id="visitsFill" x1="0" y1="0" x2="0" y2="1">
                    <stop offset="0%" stopColor="#1f6f9f" stopOpacity={0.35} />
                    <stop offset="100%" stopColor="#1f6f9f" stopOpacity={0.02} />
                  </linearGradient>
                </defs>
                <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 11, fill: '#64748b' }} interval="preserveStartEnd" minTickGap={16} />
                <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: '#64748b' }} width={48} />
                <Tooltip formatter={(value, name) => [value, name === 'visits' ? 'Visits' : 'Visitors']} />
                <Area type="monotone" dataKey="visits" stroke="#1f6f9f" strokeWidth={2} fill="url(#visitsFill)" isAnimationActive={false} />
                <Area type="monotone" dataKey="visitors" stroke="#14a37f" strokeWidth={1.5} fill="none" isAnimationActive={false} />
              </AreaChart>
            </ResponsiveContainer>
          </div>
        </>
      )}
    </Card>
  );
}
