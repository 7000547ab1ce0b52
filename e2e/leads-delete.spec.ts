// Deleting a lead from the lead list, after a confirmation (docs/product.md §4).
import { expect, test } from '@playwright/test';
import { wordsFor } from './helpers.ts';
import { withListStaff, makeListLeads, searchAsAdmin, row } from './lead-list-helpers.ts';
import { countLeads } from '../models/leads/index.ts';

const word = wordsFor('lx');
withListStaff();

test('deleting asks for confirmation first', async ({ page }) => {
  const tag = word();
  await makeListLeads(tag, 1);
  await searchAsAdmin(page, tag);
  await row(page, `${tag} Person0`)
    .getByRole('button', { name: `Delete ${tag} Person0` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete Lead' });
  await expect(dialog).toContainText(`Delete ${tag} Person0?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, `${tag} Person0`)).toBeVisible();
  await row(page, `${tag} Person0`)
    .getByRole('button', { name: `Delete ${tag} Person0` })
    .click();
  await page.getByRole('dialog', { name: 'Delete Lead' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No leads found')).toBeVisible();
  expect(await countLeads({ name: `${tag} Person0` })).toBe(0);
});
