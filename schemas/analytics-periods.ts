// The periods the analytics and the dashboard's conversion table are asked for, with their names on
// screen. No zod here: the dashboard's first screen imports this, and zod loads only with the forms.
export const ANALYTICS_PERIODS = ['24h', '7d', '30d', '90d', 'current-month', 'last-month', 'current-year', 'last-year'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = '24h';

export const PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  'current-month': 'This month',
  'last-month': 'Last month',
  'current-year': 'This year',
  'last-year': 'Last year',
};
