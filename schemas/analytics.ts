// Visit tracking and site analytics: the payload, the periods and the display limits (docs/product.md §3, §7, §9).
import { z } from 'zod';
import { pagePath } from './public.ts';
import { ANALYTICS_PERIODS, DEFAULT_ANALYTICS_PERIOD } from './analytics-periods.ts';

export { ANALYTICS_PERIODS, DEFAULT_ANALYTICS_PERIOD, PERIOD_LABELS, type AnalyticsPeriod } from './analytics-periods.ts';

export const analyticsPeriod = z.enum(ANALYTICS_PERIODS, {
  error: () => `Unknown period: use one of ${ANALYTICS_PERIODS.join(', ')}`,
});
export const analyticsQuery = z.object({ period: analyticsPeriod.default(DEFAULT_ANALYTICS_PERIOD) });

export { TRACK_DELAY_MS } from './public.ts';
/** The gap that ends a visitor's session. */
export const SESSION_GAP_MS = 30 * 60 * 1000;

/**
 * Bounds on what visitors can make the server store: visits counted per address and hour (a person
 * clicking through the site makes a few dozen), visits counted per request (a tRPC batch), and
 * distinct keys of one dimension in one aggregate document (the rest is counted under "other").
 */
export const VISIT_LIMITS = { perAddressPerHour: 300, perRequest: 5, keysPerBucket: 100 } as const;
export const OTHER_KEY = 'other';

/**
 * The site's own pages: the route handles' `page` values (src/routes.tsx; src/routes.test.ts keeps
 * the two in step). Only these are counted, so a visitor cannot add keys to the aggregates.
 */
export const SITE_PAGES = [
  'home',
  'about',
  'contact',
  'privacy',
  'not-found',
  'admin-login',
  'admin-home',
  'admin-dashboard',
  'admin-analytics',
  'admin-work',
  'admin-leads',
  'admin-lead-record',
  'admin-customers',
  'admin-staff',
  'admin-audit',
  'admin-office',
  'admin-privacy',
  'admin-commissions',
  'admin-compliance',
] as const;
const sitePages = new Set<string>(SITE_PAGES);
/** Paths of both hosting modes that name a site page. */
const PAGE_PATHS: Record<string, string> = {
  '/': 'home',
  '/about': 'about',
  '/contact': 'contact',
  '/privacy': 'privacy',
  '/admin': 'admin-login',
  '/login': 'admin-login',
  ...Object.fromEntries(
    ['dashboard', 'work', 'analytics', 'leads', 'customers'].flatMap((p) => [
      [`/admin/${p}`, `admin-${p}`],
      [`/${p}`, `admin-${p}`],
    ]),
  ),
};

/** The site page a tracked `page` value names (a page name or a path of one), or null for anything else. */
export function sitePageOf(page: string): string | null {
  const value = page.trim().toLowerCase().slice(0, 200);
  if (sitePages.has(value)) return value;
  if (!value.startsWith('/')) return null;
  const path = pagePath(value.replace(/[?#].*$/, ''));
  return PAGE_PATHS[path] ?? null;
}

/**
 * The visit tracking payload (docs/product.md §3): any strings are accepted (the caller ignores the answer);
 * the server decides what is counted. Only a payload not of this shape is refused.
 */
export const trackVisitInput = z.object({
  page: z.string({ error: (iss) => (iss.input === undefined ? 'Page is required' : 'Page must be a string') }),
  userAgent: z.string({ error: 'userAgent must be a string' }).default(''),
  referrer: z.string({ error: 'referrer must be a string' }).default('direct'),
});
export type TrackVisitInput = z.infer<typeof trackVisitInput>;

/** How many entries each list of the analytics answer holds (docs/product.md §9). */
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
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  PR: 'Puerto Rico',
};

/** "14" -> "2 PM". */
export function hourLabel(hour: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h} ${hour < 12 ? 'AM' : 'PM'}`;
}
