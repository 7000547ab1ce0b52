// The dashboard when its calls fail (docs/product.md §8): a failed load is logged with the activity's
// empty state, and a 401 ends the session.
import { expect, test } from '@playwright/test';
import { signIn, openDashboard } from './helpers.ts';

test.use({ timezoneId: 'America/Denver' });

test('a failed dashboard load is logged, and failed activity shows the empty state', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  // The tRPC calls that carry the stats or the activity (batched or not) never reach the server.
  await page.route(/\/trpc\/.*(leads\.stats|activity\.list)/, (route) => route.abort('failed'));
  await openDashboard(page);
  await expect(page.getByText('No recent activity to display')).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => errors.some((e) => e.includes('Error loading dashboard')), { timeout: 20_000 }).toBe(true);
  // No figures, no browser alert, and the session is kept (only a 401 ends it).
  await expect(page.getByRole('region', { name: 'Overall' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('a 401 on the dashboard ends the session and opens the login', async ({ page }) => {
  // The stats call goes out with a token the server refuses, so the server answers a real 401.
  await page.route(/\/trpc\/.*leads\.stats/, (route) =>
    route.continue({ headers: { ...route.request().headers(), authorization: 'Bearer not-a-valid-token' } }),
  );
  await signIn(page);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
});
