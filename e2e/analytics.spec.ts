// Visit tracking in a real browser and the Site Analytics page.
// Headless Chromium announces itself as a bot (and is dropped), so these visitors use ordinary
// browsers' user agents.
import { expect, test, type Browser, type Page, type Request } from '@playwright/test';
import { answerInternalError, db, ensureStaff, signIn, atEachSize, DESKTOP, PHONE } from './helpers.ts';
import { storeVisits } from '../models/visits/index.ts';

const AGENTS = {
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
};

function trackedVisits(page: Page) {
  const calls: { at: number; body: { page: string; userAgent: string; referrer: string } }[] = [];
  page.on('request', (req: Request) => {
    if (req.url().endsWith('/api/track-visit') && req.method() === 'POST') calls.push({ at: Date.now(), body: req.postDataJSON() });
  });
  return calls;
}

/** Installs the page clock stopped before the page loads: only runFor moves it. */
async function pausedClock(page: Page) {
  const start = new Date('2030-01-15T18:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(+start + 1000));
}

let visitorNo = 0;
/** Browses as a visitor of its own: a user agent and an address (the rest of the suite shares loopback's). */
async function browse(browser: Browser, userAgent: string, paths: string[]) {
  const address = `198.51.100.${++visitorNo}`;
  const context = await browser.newContext({ userAgent, extraHTTPHeaders: { 'x-forwarded-for': address } });
  const page = await context.newPage();
  for (const path of paths) {
    await page.goto(path);
    await page.waitForResponse((r) => r.url().endsWith('/api/track-visit'), { timeout: 5000 });
  }
  await context.close();
}

test.describe('visit tracking', () => {
  test.use({ userAgent: AGENTS.edge });

  test('reports a page one second after it mounts, once per page per browser session', async ({ page, browser }) => {
    // The page's clock is driven by the test: no sleep decides what "one second" means.
    await pausedClock(page);
    const calls = trackedVisits(page);
    await page.goto('/');
    await page.clock.runFor(900);
    expect(calls).toHaveLength(0);
    await page.clock.runFor(200);
    await expect.poll(() => calls.length, { timeout: 4000 }).toBe(1);
    expect(calls[0]!.body).toEqual({ page: 'home', userAgent: AGENTS.edge, referrer: 'direct' });

    // Another page of the same session reports itself; coming back to the first does not: the
    // next page's report (contact) is the first to arrive after it.
    await page.getByRole('link', { name: 'About' }).first().click();
    await page.clock.runFor(1100);
    await expect.poll(() => calls.map((c) => c.body.page), { timeout: 4000 }).toEqual(['home', 'about']);
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.clock.runFor(1100);
    await page.reload();
    await page.clock.runFor(1100);
    await page.goto('/contact');
    await page.clock.runFor(1100);
    await expect.poll(() => calls.length, { timeout: 4000 }).toBe(3);
    expect(calls.map((c) => c.body.page)).toEqual(['home', 'about', 'contact']);

    // A new browser session reports again.
    const fresh = await browser.newContext({ userAgent: AGENTS.edge });
    const again = await fresh.newPage();
    const freshCalls = trackedVisits(again);
    await again.goto('/');
    await expect.poll(() => freshCalls.length, { timeout: 4000 }).toBe(1);
    await fresh.close();
  });

  test('a page left within the first second is not reported', async ({ page }) => {
    await pausedClock(page);
    const calls = trackedVisits(page);
    await page.goto('/contact');
    await page.clock.runFor(500);
    await page.getByRole('link', { name: 'About' }).first().click();
    await page.clock.runFor(1100);
    // Contact's report would have come first; About's is the only one.
    await expect.poll(() => calls.length, { timeout: 4000 }).toBe(1);
    expect(calls.map((c) => c.body.page)).toEqual(['about']);
  });
});

test.describe('Site Analytics page', () => {
  const VIEWER = { name: 'Analytics Viewer', email: 'analytics-viewer@e2e.local' };
  test.beforeAll(async () => {
    await ensureStaff(VIEWER);
  });
  test('shows measured figures after a few visits from different browsers', async ({ browser, page, request }) => {
    await browse(browser, AGENTS.firefox, ['/', '/about']);
    await browse(browser, AGENTS.iphone, ['/contact']);
    await browse(browser, AGENTS.edge, ['/']);
    const { token } = await signIn(page, VIEWER.email);
    await expect
      .poll(async () => {
        const res = await request.get('/api/admin/analytics?period=24h', { headers: { authorization: `Bearer ${token}` } });
        return ((await res.json()) as { marketingMetrics: { browsers: { browser: string }[] } }).marketingMetrics.browsers.map(
          (b) => b.browser,
        );
      })
      .toEqual(expect.arrayContaining(['Firefox', 'Safari', 'Edge']));
    const api = await (await request.get('/api/admin/analytics?period=24h', { headers: { authorization: `Bearer ${token}` } })).json();

    await page.goto('/admin/analytics');
    await expect(page.getByRole('heading', { name: 'Site Analytics' })).toBeVisible();
    await expect(page.getByLabel('Time period')).toHaveValue('24h');
    await expect(page.getByTestId('total-visits')).toHaveText(api.totalVisits.current.toLocaleString('en-US'));
    // Each row of a list shows the API's count and share for its label, in the API's order.
    type Row = { count: number; percent: number };
    const m = (api as { marketingMetrics: Record<string, (Row & Record<string, unknown>)[]> }).marketingMetrics;
    const lists: [string, (Row & Record<string, unknown>)[], (r: Record<string, unknown>) => string][] = [
      ['Browsers', m.browsers, (r) => String(r.browser)],
      ['Devices', m.devices, (r) => String(r.device)],
      ['Traffic sources', m.referrers, (r) => (r.referrer === 'direct' ? 'Direct' : String(r.referrer))],
    ];
    for (const [name, rows, label] of lists) {
      const items = page.getByRole('list', { name }).getByRole('listitem');
      await expect(items).toHaveCount(rows.length);
      for (const [i, row] of rows.entries()) {
        await expect(items.nth(i)).toContainText(label(row));
        await expect(items.nth(i)).toContainText(`${row.count.toLocaleString('en-US')} · ${row.percent}%`);
      }
    }
    // Our visitors: Firefox (home, about), an iPhone (contact) and Edge (home), so these are listed.
    expect(m.browsers.map((b) => b.browser)).toEqual(expect.arrayContaining(['Firefox', 'Safari', 'Edge']));
    expect(m.devices.map((d) => d.device)).toEqual(expect.arrayContaining(['Mobile', 'Desktop']));
    const pages = (api as { topPages: { page: string }[] }).topPages.map((p) => p.page);
    expect(pages).toEqual(expect.arrayContaining(['home', 'about', 'contact']));
    await expect(page.getByRole('list', { name: 'Most visited pages' }).getByRole('listitem')).toHaveCount(pages.length);
    // These visitors have no location (test addresses); the cities shown are the other tests' stored visits, if any.
    const firstCity = (api as { locationStats: { byCity: { city: string }[] } }).locationStats.byCity[0]?.city;
    await expect(firstCity ? page.getByText(firstCity).first() : page.getByText('No city data')).toBeVisible();

    await page.getByLabel('Time period').selectOption('7d');
    await expect(page.getByText('Total visits · Last 7 days')).toBeVisible();
  });

  test('shows every empty state for a period without visits', async ({ page }) => {
    await signIn(page, VIEWER.email);
    await page.goto('/admin/analytics');
    await page.getByLabel('Time period').selectOption('last-year');
    await expect(page.getByTestId('total-visits')).toHaveText('0');
    for (const text of [
      'No page data available',
      'No location data',
      'No city data',
      'No peak hour data',
      'No browser data',
      'No referrer data',
    ]) {
      await expect(page.getByText(text).first()).toBeVisible();
    }
  });

  test('says when loading failed and loads again with Try Again', async ({ page }) => {
    await signIn(page, VIEWER.email);
    let failures = 0;
    await page.route('**/trpc/*analytics.report*', async (route) => {
      if (failures < 2) {
        failures++;
        await answerInternalError(route);
      } else {
        await route.continue();
      }
    });
    await page.goto('/admin/analytics');
    await expect(page.getByText('Failed to load analytics data. Please try again.')).toBeVisible();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('total-visits')).toBeVisible();
    await expect(page.getByText('Failed to load analytics data. Please try again.')).toHaveCount(0);
  });

  test('an expired session goes back to the login', async ({ page }) => {
    await signIn(page, VIEWER.email);
    await page.route('**/trpc/*analytics.report*', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: '[{"error":{"json":{"message":"Your session has expired. Please sign in again.","code":-32001,"data":{"code":"UNAUTHORIZED","httpStatus":401}}}}]',
      }),
    );
    await page.goto('/admin/analytics');
    await expect(page).toHaveURL(/\/admin$/);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  });

  test('is readable on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, VIEWER.email);
    await page.goto('/admin/analytics');
    await expect(page.getByTestId('total-visits')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

atEachSize(
  [DESKTOP, PHONE],
  (size) => `the visits chart and the period at ${size.name} size`,
  (size) => {
    test('the two-line chart has a legend and a text version, and the period in the address survives a reload', async ({ page }) => {
      test.setTimeout(60_000);
      await db();
      const run = `${Date.now().toString(36)}-${size.name}`;
      const now = Date.now();
      await storeVisits(
        Array.from({ length: 6 }, (_, i) => ({
          at: new Date(now - (i + 1) * 26 * 60 * 60_000),
          page: 'home',
          browser: 'Chrome',
          os: 'macOS',
          device: 'Desktop',
          country: 'US',
          state: 'CO',
          city: 'Denver, CO',
          referrer: 'direct',
          visitor: `chart-${run}-${i % 3}`,
        })),
        'America/Denver',
        { raw: false },
      );
      await signIn(page);
      await page.goto('/admin/analytics?period=7d');
      const chart = page.getByRole('region', { name: 'Visits over time' });
      const legend = chart.getByRole('list', { name: 'Legend' });
      await expect(legend.getByRole('listitem')).toHaveText(['Visits per day', 'Unique visitors per day'], { timeout: 20_000 });
      await expect(chart.getByRole('img', { name: /^Visits and unique visitors per day: .+ \d+ visits, \d+ visitors/ })).toBeAttached();
      await expect(page.getByLabel('Time period')).toHaveValue('7d');

      await page.reload();
      await expect(page.getByLabel('Time period')).toHaveValue('7d');
      await expect(legend.getByRole('listitem')).toHaveText(['Visits per day', 'Unique visitors per day'], { timeout: 20_000 });
      await page.getByLabel('Time period').selectOption('24h');
      await expect(page).toHaveURL(/\/admin\/analytics\?period=24h$/);
    });
  },
);
