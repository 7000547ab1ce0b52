// Visit tracking and site analytics: the payload, the periods and the display limits (SPEC.md §3, §7, §9).
import { z } from 'zod';

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

export const analyticsPeriod = z.enum(ANALYTICS_PERIODS, {
  error: () => `Unknown period: use one of ${ANALYTICS_PERIODS.join(', ')}`,
});
export const analyticsQuery = z.object({ period: analyticsPeriod.default(DEFAULT_ANALYTICS_PERIOD) });

export { TRACK_DELAY_MS } from './public.ts';
/** The gap that ends a visitor's session. */
export const SESSION_GAP_MS = 30 * 60 * 1000;

/** Page names are the route handles' `page` values: short lower-case words joined by dashes. */
export const pageName = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Page is required')
  .max(40, 'Page must be at most 40 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Page must be a page name such as home or admin-leads');

/** The visit tracking payload (SPEC.md §3). Unknown fields are dropped; long values are refused. */
export const trackVisitInput = z.object({
  page: pageName,
  userAgent: z.string().max(1000, 'userAgent must be at most 1000 characters').default(''),
  referrer: z.string().max(2000, 'referrer must be at most 2000 characters').default('direct'),
});
export type TrackVisitInput = z.infer<typeof trackVisitInput>;

/** How many entries each list of the analytics answer holds (SPEC.md §9). */
export const ANALYTICS_LIMITS = {
  states: 50,
  pages: 8,
  countries: 5,
  cities: 5,
  browsers: 4,
  referrers: 4,
  devices: 3,
  operatingSystems: 5,
  peakHours: 6,
} as const;

/** The page whose views count as contact-form views in the funnel. */
export const CONTACT_PAGE = 'contact';

/** US states and territories by the postal code the GeoIP data reports. */
export const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
  PR: 'Puerto Rico',
};

/** "14" -> "2 PM". */
export function hourLabel(hour: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h} ${hour < 12 ? 'AM' : 'PM'}`;
}
