// The lead list by keyboard: the table is one Tab stop, and keys move between rows, claim, open the notes
// and open the record (docs/product.md §8).
import { expect, test } from '@playwright/test';
import { wordsFor } from './helpers.ts';
import { ME, withListStaff, makeListLeads, openAsMe } from './lead-list-helpers.ts';
import { readLead } from '../models/leads/index.ts';

const word = wordsFor('lk');
withListStaff();

test('the table is one Tab stop: arrows and j/k move between rows, c claims, n opens notes, Enter opens the record', async ({ page }) => {
  const tag = word();
  const leads = await makeListLeads(tag, 3);
  await openAsMe(page, `q=${tag}`);
  await expect(page.locator('tbody tr')).toHaveCount(3);
  await expect(page.locator('tbody tr[tabindex="0"]')).toHaveCount(1);
  // Only the current row's controls are in the Tab order.
  expect(
    await page
      .locator('tbody tr')
      .nth(1)
      .locator('a, button, input')
      .evaluateAll((els) => els.every((e) => e.tabIndex === -1)),
  ).toBe(true);
  await expect(page.getByText('Keyboard shortcuts')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search leads' }).focus();
  const rows = page.locator('tbody tr');
  await rows.first().focus();
  await page.keyboard.press('j');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(2)).toBeFocused();
  await page.keyboard.press('k');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(rows.first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(rows.nth(2)).toBeFocused();
  await expect(page.locator('tbody tr[tabindex="0"]')).toHaveCount(1);

  // Newest first: the focused last row is Person0.
  await page.keyboard.press('c');
  await expect(page.getByRole('status')).toContainText(`Claimed ${tag} Person0 for ${ME}.`);
  await expect.poll(async () => (await readLead(leads[0]!._id))?.claimedBy).toBe(ME);

  await rows.nth(2).focus();
  await page.keyboard.press('n');
  const notes = page.getByRole('dialog', { name: `Notes for ${tag} Person0` });
  await expect(notes).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(notes).toHaveCount(0);
  await expect(rows.nth(2)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/leads/${leads[0]!.id}$`));
});
