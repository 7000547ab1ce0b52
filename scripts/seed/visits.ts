// Demo visits for `npm run seed:demo`: four months of realistic traffic (weekday rhythm, busy
// hours, multi-page sessions, visitors from across the US and a few other countries), written
// through the same aggregation as live tracking so the Site Analytics page shows them at once.
import { loadConfig } from '../../server/config.ts';
import { VisitSaltModel, resetVisitorState, storeVisits, type EnrichedVisit } from '../../models/visits/index.ts';

const DAYS = 120;
const MARK = 'demo-seed-visits';

/** Deterministic pseudo-random numbers, so every demo database looks alike. */
function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Weighted<T> = [T, number][];
function picker(random: () => number) {
  return <T>(items: Weighted<T>): T => {
    const total = items.reduce((n, [, w]) => n + w, 0);
    let r = random() * total;
    for (const [item, w] of items) if ((r -= w) < 0) return item;
    return items[items.length - 1]![0];
  };
}

const PLACES: Weighted<{ country: string; state: string | null; city: string }> = [
  [{ country: 'US', state: 'CO', city: 'Denver, CO' }, 30],
  [{ country: 'US', state: 'CO', city: 'Aurora, CO' }, 8],
  [{ country: 'US', state: 'CO', city: 'Colorado Springs, CO' }, 8],
  [{ country: 'US', state: 'CO', city: 'Boulder, CO' }, 5],
  [{ country: 'US', state: 'AZ', city: 'Phoenix, AZ' }, 5],
  [{ country: 'US', state: 'CA', city: 'Los Angeles, CA' }, 6],
  [{ country: 'US', state: 'CA', city: 'San Diego, CA' }, 3],
  [{ country: 'US', state: 'TX', city: 'Dallas, TX' }, 5],
  [{ country: 'US', state: 'TX', city: 'Austin, TX' }, 3],
  [{ country: 'US', state: 'IL', city: 'Chicago, IL' }, 4],
  [{ country: 'US', state: 'NY', city: 'New York, NY' }, 4],
  [{ country: 'US', state: 'FL', city: 'Miami, FL' }, 3],
  [{ country: 'US', state: 'WA', city: 'Seattle, WA' }, 2],
  [{ country: 'US', state: 'GA', city: 'Atlanta, GA' }, 2],
  [{ country: 'US', state: 'UT', city: 'Salt Lake City, UT' }, 3],
  [{ country: 'US', state: 'NM', city: 'Albuquerque, NM' }, 2],
  [{ country: 'US', state: 'NV', city: 'Las Vegas, NV' }, 2],
  [{ country: 'US', state: 'WY', city: 'Cheyenne, WY' }, 1],
  [{ country: 'US', state: 'NE', city: 'Omaha, NE' }, 1],
  [{ country: 'US', state: 'MN', city: 'Minneapolis, MN' }, 1],
  [{ country: 'US', state: 'OR', city: 'Portland, OR' }, 1],
  [{ country: 'US', state: null, city: '' }, 3],
  [{ country: 'CA', state: null, city: 'Toronto, Canada' }, 1],
  [{ country: 'GB', state: null, city: 'London, United Kingdom' }, 1],
  [{ country: 'MX', state: null, city: 'Mexico City, Mexico' }, 1],
];
const CLIENTS: Weighted<{ browser: string; os: string; device: string }> = [
  [{ browser: 'Chrome', os: 'Windows', device: 'Desktop' }, 22],
  [{ browser: 'Safari', os: 'iOS', device: 'Mobile' }, 24],
  [{ browser: 'Chrome', os: 'Android', device: 'Mobile' }, 14],
  [{ browser: 'Safari', os: 'macOS', device: 'Desktop' }, 10],
  [{ browser: 'Edge', os: 'Windows', device: 'Desktop' }, 8],
  [{ browser: 'Chrome', os: 'macOS', device: 'Desktop' }, 7],
  [{ browser: 'Safari', os: 'iOS', device: 'Tablet' }, 5],
  [{ browser: 'Firefox', os: 'Windows', device: 'Desktop' }, 4],
  [{ browser: 'Samsung Internet', os: 'Android', device: 'Mobile' }, 3],
];
const REFERRERS: Weighted<string> = [
  ['direct', 38],
  ['google.com', 34],
  ['facebook.com', 9],
  ['bing.com', 6],
  ['yelp.com', 4],
  ['linkedin.com', 3],
  ['healthcare.gov', 2],
];
const LANDING: Weighted<string> = [
  ['home', 60],
  ['about', 15],
  ['contact', 25],
];
const NEXT: Record<string, Weighted<string>> = {
  home: [
    ['about', 45],
    ['contact', 55],
  ],
  about: [
    ['contact', 70],
    ['home', 30],
  ],
  contact: [
    ['about', 50],
    ['home', 50],
  ],
};
/** Share of sessions by local hour: quiet nights, busy late mornings and evenings. */
const HOURS: Weighted<number> = Array.from({ length: 24 }, (_, h) => [
  h,
  h < 6 ? 1 : h < 9 ? 4 : h < 13 ? 10 : h < 17 ? 7 : h < 22 ? 8 : 3,
]);

export async function seedVisits(): Promise<string> {
  if (await VisitSaltModel.exists({ _id: MARK })) return 'already there';
  const { TIME_ZONE } = loadConfig({ ...process.env, NODE_ENV: 'development' });
  const random = mulberry32(20240601);
  const pick = picker(random);
  const now = Date.now();
  const visits: EnrichedVisit[] = [];
  let visitorNo = 0;
  for (let dayAgo = DAYS - 1; dayAgo >= 0; dayAgo--) {
    const dayStart = now - dayAgo * 86_400_000;
    const weekday = new Date(dayStart).getUTCDay();
    const growth = 0.6 + 0.4 * ((DAYS - dayAgo) / DAYS);
    const sessions = Math.round((weekday === 0 || weekday === 6 ? 35 : 60) * growth * (0.8 + random() * 0.4));
    for (let s = 0; s < sessions; s++) {
      const hour = pick(HOURS);
      // Local time is roughly UTC-7 in Denver; the aggregation works out the exact hour.
      let at = Math.floor(dayStart / 86_400_000) * 86_400_000 + ((hour + 7) % 24) * 3_600_000 + Math.floor(random() * 3_600_000);
      if (at > now) continue;
      const visitor = `demo-${++visitorNo}`;
      const client = pick(CLIENTS);
      const place = pick(PLACES);
      const referrer = pick(REFERRERS);
      let page = pick(LANDING);
      const pages = random() < 0.42 ? 1 : 1 + Math.ceil(random() * 3);
      for (let p = 0; p < pages && at <= now; p++) {
        visits.push({
          at: new Date(at),
          page,
          ...client,
          country: place.country,
          state: place.state,
          city: place.city || null,
          referrer,
          visitor,
        });
        page = pick(NEXT[page]!);
        at += 30_000 + Math.floor(random() * 240_000);
      }
    }
  }
  visits.sort((a, b) => +a.at - +b.at);
  resetVisitorState();
  for (let i = 0; i < visits.length; i += 5000) await storeVisits(visits.slice(i, i + 5000), TIME_ZONE);
  await VisitSaltModel.create({ _id: MARK, salt: 'seeded' });
  return `${visits.length} visits over ${DAYS} days`;
}
