// The lead list's view: tab, search, sort and the Overdue filter kept in the URL, the Received order, and
// every tab's empty state (docs/product.md §4).
import { expect, test } from '@playwright/test';
import { wordsFor } from './helpers.ts';
import { AGENT_A, withListStaff, makeListLeads, searchAsAdmin, openAsMe, tab, header } from './lead-list-helpers.ts';
import { writeAroundLeadModel } from '../models/leads/testing.ts';

const word = wordsFor('lv');
withListStaff();

test('tab, search, sort and the Overdue filter are in the URL: a reload keeps them, the back button undoes them', async ({ page }) => {
  const tag = word();
  // Overdue: a day and an hour old (written around the model, so the list's index is rebuilt from the leads).
  for (const lead of await makeListLeads(tag, 2))
    await writeAroundLeadModel((Lead) =>
      Lead.collection.updateOne({ _id: lead._id }, { $set: { createdAt: new Date(Date.now() - 25 * 3_600_000) } }),
    );
  await openAsMe(page, '');
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  await tab(page, 'Unclaimed').click();
  await expect(page).toHaveURL(/tab=unclaimed/);
  await header(page, 'Name').getByRole('button').click();
  await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=name&order=asc/);
  const overdue = page.getByRole('button', { name: /^Overdue only/ });
  await overdue.click();
  await expect(overdue).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/overdue=1/);

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search leads' })).toHaveValue(tag);
  await expect(tab(page, 'Unclaimed')).toHaveAttribute('aria-selected', 'true');
  await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header(page, 'Received')).toHaveAttribute('aria-sort', 'none');
  await expect(page.getByRole('button', { name: /^Overdue only/ })).toHaveAttribute('aria-pressed', 'true');

  await page.goBack();
  await expect(page.getByRole('button', { name: /^Overdue only/ })).toHaveAttribute('aria-pressed', 'false');
  await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'ascending');
  await page.goBack();
  await expect(header(page, 'Received')).toHaveAttribute('aria-sort', 'descending');
  await expect(tab(page, 'Unclaimed')).toHaveAttribute('aria-selected', 'true');
});

test('Received sorts newest first by default and oldest first when asked, also after a reload', async ({ page }) => {
  const tag = word();
  await makeListLeads(tag, 3);
  await openAsMe(page, `q=${tag}`);
  await expect(page.locator('tbody tr').first()).toContainText(`${tag} Person2`);
  await header(page, 'Received').getByRole('button').click();
  await expect(page).toHaveURL(/order=asc/);
  await expect(header(page, 'Received')).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.locator('tbody tr').first()).toContainText(`${tag} Person0`);
  await page.reload();
  await expect(page.locator('tbody tr').first()).toContainText(`${tag} Person0`);
});

test('every tab has its empty state', async ({ page }) => {
  await searchAsAdmin(page, word());
  for (const [label, text] of [
    ['All', 'No leads found'],
    ['Unclaimed', 'No unclaimed leads'],
    [`${AGENT_A}'s`, 'No claimed leads'],
    ['Closed', 'No closed deals'],
    ['Lost', 'No lost leads'],
  ]) {
    await tab(page, label).click();
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
});
