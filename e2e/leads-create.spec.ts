// Adding a lead by hand from the lead list: the fields it needs, every error under its field, and a
// server failure shown where it belongs (docs/product.md §4, §8).
import { expect, test } from '@playwright/test';
import { wordsFor, answerInternalError } from './helpers.ts';
import { withListStaff, searchAsAdmin, openAsMe, row } from './lead-list-helpers.ts';
import { countLeads } from '../models/leads/index.ts';

const word = wordsFor('lw');
withListStaff();

test('the create-lead form needs name, email and phone, and a failure shows the documented alert', async ({ page }) => {
  const tag = word();
  await searchAsAdmin(page, tag);
  await expect(page.getByText('No leads found')).toBeVisible();
  await page.getByRole('button', { name: '+ New Lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Lead' });
  const create = dialog.getByRole('button', { name: 'Create' });
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Name *').fill(`${tag} Walkin`);
  await dialog.getByLabel('Email *').fill(`${tag}@example.com`);
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Phone *').fill('303-555-7000');
  await create.click();
  await expect(row(page, `${tag} Walkin`)).toContainText('Added by staff');

  await page.route('**/trpc/leads.create**', answerInternalError);
  await page.getByRole('button', { name: '+ New Lead' }).click();
  await dialog.getByLabel('Name *').fill(`${tag} Second`);
  await dialog.getByLabel('Email *').fill(`${tag}.2@example.com`);
  await dialog.getByLabel('Phone *').fill('303-555-7001');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('alert')).toContainText('Error creating lead. Please try again.');
});

test('New Lead shows every error under its field at once, focus on the first, and a server error inside the dialog', async ({ page }) => {
  const tag = word();
  await openAsMe(page, `q=${tag}`);
  await page.getByRole('button', { name: '+ New Lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Lead' });
  await dialog.getByLabel('Name *').fill(`${tag} Walkin`);
  await dialog.getByLabel('Email *').fill('not-an-email');
  await dialog.getByLabel('Phone *').fill('12');
  await dialog.getByRole('button', { name: 'Create' }).click();
  const email = dialog.getByLabel('Email *');
  const phone = dialog.getByLabel('Phone *');
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Name *')).not.toHaveAttribute('aria-invalid');
  const errorOf = async (field: typeof email) => dialog.locator(`#${await field.getAttribute('aria-describedby')}`);
  await expect(await errorOf(email)).toHaveText('Enter a valid email address');
  await expect(await errorOf(phone)).toHaveText('Phone must have 7 to 15 digits');
  expect(await countLeads({ name: `${tag} Walkin` })).toBe(0);

  await page.route('**/trpc/leads.create**', answerInternalError);
  await email.fill(`${tag}@example.com`);
  await phone.fill('303-555-7001');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Error creating lead. Please try again.');
  await expect(dialog.getByRole('alert')).toBeInViewport();
});
