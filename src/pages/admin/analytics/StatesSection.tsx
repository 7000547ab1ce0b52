// Visits by US state: a bar chart of up to 50 states beside the shaded map.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, Empty, type AnalyticsReport } from './parts.tsx';
import { UsMap } from './UsMap.tsx';

export function StatesSection({ report }: { report: AnalyticsReport }) {
  const states = report.locationStats.byState;
  const byName = new Map(states.map((s) => [s.name, s.count]));
  return (
    <Card title="Visits by US state">
      {states.length === 0 ? (
        <Empty>No location data</Empty>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="overflow-x-auto">
            <div
              style={{ height: Math.max(160, states.length * 22 + 40) }}
              className="min-w-[280px]"
              role="img"
              aria-label={`Visits by state: ${states.map((s) => `${s.name} ${s.count}`).join(', ')}`}
            >
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={states} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" horizontal={false} />
                  <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11, fill: '#64748b' }} />
                  <YAxis type="category" dataKey="state" width={36} tick={{ fontSize: 11, fill: '#334155' }} interval={0} />
                  <Tooltip
                    formatter={(value) => [value, 'Visits']}
                    labelFormatter={(code) => states.find((s) => s.state === code)?.name ?? String(code)}
                  />
                  <Bar dataKey="count" fill="#1f6f9f" radius={[0, 4, 4, 0]} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </div>
          <UsMap visitsByName={byName} />
        </div>
      )}
    </Card>
  );
}
