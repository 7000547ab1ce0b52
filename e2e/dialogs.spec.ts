// The shared dialog frame and confirmation (src/components): focus moves into a dialog when it
// opens, Tab stays inside it, Escape closes it, and focus goes back to the button that opened it.
// A confirmation starts on Cancel, so a stray Enter or Escape never deletes anything.
import { expect, test } from '@playwright/test';
import { db, signIn } from './helpers.ts';
import { createLead, findLeadRecords } from '../models/leads/index.ts';

const run = Date.now().toString(36);

test('a dialog holds the focus while open and gives it back when it closes', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/leads');
  const opener = page.getByRole('button', { name: /New Lead/ });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Create New Lead' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/^Name/)).toBeFocused();

  // Create is disabled while the form is empty, so Cancel is the last stop; Tab wraps to the × button.
  await dialog.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  // Many tabs never leave the dialog.
  for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('a delete confirmation starts on Cancel and Escape keeps the lead', async ({ page }) => {
  await db();
  const name = `Keepme ${run}`;
  const lead = await createLead({ name, email: `keepme.${run}@example.com`, phone: '(303) 555-7070' });
  await signIn(page);
  await page.goto('/admin/leads');
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(`keepme.${run}`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: `Delete ${name}` }).click();

  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('cannot be undone');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(row).toBeVisible();
  expect(await findLeadRecords({ _id: lead._id }).then((r) => r[0] ?? null)).not.toBeNull();
  await expect(row.getByRole('button', { name: `Delete ${name}` })).toBeFocused();
});
