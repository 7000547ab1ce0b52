// The dashboard's newest unclaimed lead shows its phone formatted like every other screen: a North
// American number at once, without loading libphonenumber (the first screen's budget: README, "Speed"), and
// another country's number in international form once the full formatter has loaded.
// The database is shared by the whole suite: each test makes its own lead, the newest of them all, stored
// in E.164 as the API stores it.
import { expect, test, type Page } from '@playwright/test';
import { db, signIn } from './helpers.ts';
import { createLead } from '../models/leads/index.ts';

const run = Date.now().toString(36);

/** Script paths the page fetches from now on. */
function scriptsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') urls.push(new URL(res.url()).pathname);
  });
  return urls;
}

async function newestLead(page: Page, name: string, phone: string) {
  await db();
  await createLead({ name, email: `${name.replace(/\W+/g, '.').toLowerCase()}@example.com`, phone });
  await signIn(page);
  const scripts = scriptsOf(page);
  await page.goto('/admin/dashboard');
  const newest = page.getByRole('region', { name: 'Newest unclaimed lead' });
  await expect(newest.getByRole('link', { name })).toBeVisible({ timeout: 15_000 });
  return { newest, scripts };
}

test('a North American number reads formatted with no phone library loaded', async ({ page }) => {
  const { newest, scripts } = await newestLead(page, `Phone ${run} Local`, '+17205553141');
  await expect(newest.getByRole('link', { name: '(720) 555-3141' })).toHaveAttribute('href', 'tel:+17205553141');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => s.includes('libphonenumber'))).toEqual([]);
});

test("another country's number reads in international form once the formatter has loaded", async ({ page }) => {
  const { newest } = await newestLead(page, `Phone ${run} Abroad`, '+442079460958');
  await expect(newest.getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute('href', 'tel:+442079460958');
});
