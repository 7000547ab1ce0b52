// The lead list's search box and deep links, at 1440 and 390 px: the box never loses a keystroke while
// the address follows it, Back and Forward bring a search back, and a link with ?lead= to a lead on a
// later page opens that page with the lead in view.
import { expect, test, type Page } from '@playwright/test';
import { atBothWidths } from './auth-helpers.ts';
import { db, signIn } from './helpers.ts';
import { createLead } from '../models/leads/index.ts';
import { nameKey, writeAroundLeadModel } from '../models/leads/testing.ts';
import { digitsOf } from '../schemas/lead.ts';

const run = Date.now().toString(36);
let n = 0;
const word = () => `zs${run}x${++n}`;

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search leads' });
/** A lead as listed at either width: its table row at 1440 px, its card at 390 px. */
const listed = (page: Page, name: string) =>
  page
    .locator('tbody tr, article')
    .filter({ has: page.getByText(name, { exact: true }) })
    .locator('visible=true');

atBothWidths(() => {
  test('typing key by key keeps every key in the box, the address follows, and Back brings a search back', async ({ page }) => {
    const tag = word();
    await db();
    for (const i of [1, 12, 123]) await createLead({ name: `${tag} P${i}`, email: `${tag}.${i}@example.com`, phone: '(303) 555-3100' });
    await signIn(page);
    await page.goto('/admin/leads');
    await expect(page.locator('tbody tr, article').locator('visible=true').first()).toBeVisible();
    // Keys at about the search's pause, so some pauses end mid-word and the address changes while typing,
    // on a slowed processor (as a loaded machine), so a key can land while the address change renders.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The rows stay while the next search loads: the empty state never shows between keys.
    await page.evaluate(() => {
      const w = window as unknown as { sawEmpty?: boolean };
      new MutationObserver(() => {
        const panel = document.querySelector('[role="tabpanel"] > p');
        if (panel?.textContent === 'No leads found') w.sawEmpty = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const text = `${tag} P123`;
    for (const delay of [90, 120, 260]) {
      await searchBox(page).fill('');
      await searchBox(page).pressSequentially(text, { delay });
      await expect(searchBox(page)).toHaveValue(text);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}(\\+|%20)P123(&|$)`));
      await expect(listed(page, `${tag} P123`)).toHaveCount(1);
      await expect(listed(page, `${tag} P12`)).toHaveCount(0);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    expect(await page.evaluate(() => (window as unknown as { sawEmpty?: boolean }).sawEmpty)).toBeUndefined();
    // Each key replaced the address: one history step away is the list before the search.
    await page.getByRole('tab', { name: /^Unclaimed/ }).click();
    await expect(page).toHaveURL(/tab=unclaimed/);
    await searchBox(page).fill(`${tag} P1`);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}(\\+|%20)P1(&|$)`));
    await expect(listed(page, `${tag} P12`)).toHaveCount(1);
    await page.goBack();
    await expect(searchBox(page)).toHaveValue(text);
    await expect(listed(page, `${tag} P12`)).toHaveCount(0);
    await expect(listed(page, `${tag} P123`)).toHaveCount(1);
    await page.goForward();
    await expect(searchBox(page)).toHaveValue(`${tag} P1`);
    await expect(page.locator('tbody tr, article').filter({ hasText: tag }).locator('visible=true')).toHaveCount(3);
  });

  test('a link with ?lead= to a lead on a later page opens that page with the lead in view', async ({ page }) => {
    const tag = word();
    await db();
    const target = await createLead({ name: `${tag} Target`, email: `${tag}.t@example.com`, phone: '(303) 555-3200' });
    const arrived = target.createdAt.getTime();
    // 210 newer leads, stored in bulk: the linked lead is on page 5 of All (50 a page, newest first) or later.
    const newer = await writeAroundLeadModel((Lead) =>
      Lead.insertMany(
        Array.from({ length: 210 }, (_, i) => ({
          name: `${tag} Newer${i}`,
          nameKey: nameKey(`${tag} Newer${i}`),
          email: `${tag}.n${i}@example.com`,
          phone: '(303) 555-3201',
          phoneDigits: digitsOf('(303) 555-3201'),
          createdAt: new Date(arrived + 1000 + i),
        })),
        { lean: true },
      ),
    );
    try {
      await signIn(page);
      await page.goto(`/admin/leads?lead=${target.id}`);
      // Located, then its page read past 200 newer leads: slower than one page, on a busy machine more so.
      await expect(listed(page, `${tag} Target`)).toBeInViewport({ timeout: 15_000 });
      await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText(/Page ([5-9]|\d\d+) of/);
      await expect(page).toHaveURL(/[?&]page=([5-9]|\d\d+)(&|$)/);
      // The page stays (a refetch or the next answer does not take the list back to page 1).
      await page.waitForTimeout(1000);
      await expect(listed(page, `${tag} Target`)).toBeVisible();
    } finally {
      await writeAroundLeadModel((Lead) => Lead.deleteMany({ _id: { $in: newer.map((l) => l._id) } }));
    }
  });
});
