// The choice of an analytics period (schemas/analytics.ts) as a select: the analytics page and the
// dashboard's conversion table, each with its own label.
import { ANALYTICS_PERIODS, PERIOD_LABELS, type AnalyticsPeriod } from '../../schemas/analytics-periods.ts';

export function PeriodSelect(props: { id: string; value: AnalyticsPeriod; onChange(period: AnalyticsPeriod): void; className: string }) {
  return (
    <select
      id={props.id}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as AnalyticsPeriod)}
      className={props.className}
    >
      {ANALYTICS_PERIODS.map((p) => (
        <option key={p} value={p}>
          {PERIOD_LABELS[p]}
        </option>
      ))}
    </select>
  );
}
