// Customer Management in the browser: add, edit, search, filter, delete, the messages and the empty state.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { db, signIn } from './helpers.ts';
import { CustomerModel } from '../models/customers/customer.ts';
import { readLead } from '../models/leads/index.ts';
import { writeAroundLeadModel } from '../models/leads/testing.ts';

const run = Date.now().toString(36);
const uniqueName = (who: string) => `${who} ${run}`;

async function openCustomers(page: Page) {
  await signIn(page);
  await page.goto('/admin/customers');
  await expect(page.getByRole('heading', { name: 'Customer Management' })).toBeVisible();
}

function dialog(page: Page) {
  return page.getByRole('dialog');
}

test('add a customer with the modal, find it by search and filters, edit and delete it', async ({ page }) => {
  await openCustomers(page);
  const name = uniqueName('Paula Hart');

  await page.getByRole('button', { name: 'Add Customer' }).click();
  const modal = dialog(page);
  await expect(modal.getByRole('heading', { name: 'Add Customer' })).toBeVisible();
  // The defaults of docs/product.md §5.
  await expect(modal.getByLabel('Insurance Type')).toHaveValue('individual');
  await expect(modal.getByLabel('Plan Type')).toHaveValue('PPO');
  // Kids fields show only with "Has kids".
  await expect(modal.getByLabel('Number of Children')).toHaveCount(0);
  await modal.getByLabel('Has kids').check();
  await expect(modal.getByLabel('Number of Children')).toBeVisible();

  await modal.getByLabel('Name').fill(name);
  await modal.getByRole('spinbutton', { name: /^Age/ }).fill('38');
  await modal.getByLabel('Email').fill(`paula.${run}@example.com`);
  await modal.getByLabel('Phone').fill('(303) 555-8181');
  await modal.getByLabel('Number of Children').fill('2');
  await modal.getByLabel('Kids Ages').fill('4,9');
  await modal.getByLabel('Insurance Type').selectOption('family');
  await modal.getByLabel('Plan Type').selectOption('HMO');
  await modal.getByLabel('Insurance Provider').selectOption('Cigna');
  await modal.getByLabel('Previous Insurance').fill('Employer plan');
  await modal.getByLabel('Medical History').fill('Seasonal allergies');
  await modal.getByRole('button', { name: 'Add Customer' }).click();
  await expect(modal).toHaveCount(0);

  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Family · HMO');
  await expect(row).toContainText('Cigna');
  await expect(row).toContainText('Employer plan');

  // Search by name, by email, and by phone digits whatever the formatting.
  const search = page.getByLabel('Search customers');
  await search.fill(run);
  await expect(row).toBeVisible();
  await search.fill('303.555.8181');
  await expect(row).toBeVisible();
  await search.fill(`paula.${run}`);
  await expect(row).toBeVisible();
  await search.fill(`nobody-${run}`);
  await expect(page.getByText('No customers found')).toBeVisible();
  await search.fill(name);
  await page.getByLabel('Filter by insurance type').selectOption('group');
  await expect(page.getByText('No customers found')).toBeVisible();
  await page.getByLabel('Filter by insurance type').selectOption('family');
  await page.getByLabel('Filter by plan type').selectOption('HMO');
  await page.getByLabel('Filter by provider').selectOption('Cigna');
  await expect(row).toBeVisible();
  await page.getByLabel('Filter by provider').selectOption('Aetna');
  await expect(row).toHaveCount(0);
  await page.getByLabel('Filter by provider').selectOption('');

  // Edit: the medical history loads into the form, the change shows in the table.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(dialog(page).getByLabel('Medical History')).toHaveValue('Seasonal allergies');
  await dialog(page).getByLabel('Previous Insurance').fill('Marketplace Silver');
  await dialog(page).getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(row).toContainText('Marketplace Silver');

  // The CSV holds the filtered rows, without medical details.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  expect(csv.split('\n')[0]).toMatch(/^customerId,name,email/);
  expect(csv).toContain(name);
  expect(csv.trim().split('\n')).toHaveLength(2);
  expect(csv).not.toContain('Seasonal allergies');

  // Delete asks in the page first; Cancel keeps it.
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(dialog(page)).toContainText(`Delete ${name}?`);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No customers found')).toBeVisible();
  await db();
  expect(await CustomerModel.countDocuments({ name })).toBe(0);
});

test("the modal shows the server's refusal, and the page its dismissible load and delete errors", async ({ page }) => {
  await openCustomers(page);
  await page.getByRole('button', { name: 'Add Customer' }).click();
  const modal = dialog(page);
  await modal.getByLabel('Name').fill(uniqueName('Bad Age'));
  await modal.getByRole('spinbutton', { name: /^Age/ }).fill('130');
  await modal.getByLabel('Email').fill(`bad.${run}@example.com`);
  await modal.getByLabel('Phone').fill('(303) 555-8282');
  await modal.getByLabel('Insurance Provider').selectOption('Aetna');
  // The shared rule shows under the field (e2e/forms.spec.ts covers the other fields); nothing is saved.
  await modal.getByRole('button', { name: 'Add Customer' }).click();
  const age = modal.getByRole('spinbutton', { name: /^Age/ });
  await expect(age).toHaveAttribute('aria-invalid', 'true');
  await expect(age).toHaveAccessibleDescription('Age must be between 1 and 120');
  await modal.getByRole('button', { name: 'Cancel' }).click();

  // A customer deleted meanwhile elsewhere: the delete fails with the page's message.
  await db();
  const gone = await CustomerModel.create({
    name: uniqueName('Gone Soon'),
    email: `gone.${run}@example.com`,
    phone: '3035558383',
    age: 30,
    leadKey: `manual:e2e-${run}`,
  });
  await page.reload();
  await page.getByRole('button', { name: `Delete ${gone.name}` }).click();
  await CustomerModel.deleteOne({ _id: gone._id });
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Error deleting customer: Customer not found/);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The list failing to load. The console batches its first queries into one call, so only the list's
  // answer in that batch is replaced by the error; the others go through.
  await page.route('**/trpc/*customers.list*', async (route) => {
    const names = decodeURIComponent(new URL(route.request().url()).pathname.split('/trpc/')[1] ?? '').split(',');
    const real = (await (await route.fetch()).json()) as unknown[];
    const down = {
      error: { json: { message: 'Database is down', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } },
    };
    await route.fulfill({
      status: names.length > 1 ? 207 : 500,
      contentType: 'application/json',
      body: JSON.stringify(names.map((name, i) => (name === 'customers.list' ? down : real[i]))),
    });
  });
  await page.reload();
  await expect(page.getByRole('alert')).toContainText(/Error loading customers|Failed to load customers/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('closing a lead from the leads page: a failed save keeps the lead, a saved one creates its customer linked back', async ({ page }) => {
  await signIn(page);
  await db();
  const name = uniqueName('Closing Lead');
  const email = `closing.${run}@example.com`;
  const lead = await writeAroundLeadModel((Lead) =>
    Lead.create({
      name,
      email,
      phone: '(720) 555-8484',
      phoneDigits: '7205558484',
      status: 'called',
      claimedBy: 'Test Admin',
      claimedAt: new Date(),
      contactedAt: new Date(),
    }),
  );
  await page.goto('/admin/leads');
  const statusSelect = page.getByLabel(`Status for ${name}`);
  const statusOf = async () => (await readLead(lead._id))?.status;

  // Choosing closed opens the form prefilled from the lead; the lead is not closed yet.
  const form = page.getByRole('dialog', { name: 'Customer Information' });
  // Cancelling the form leaves the lead as it was.
  await statusSelect.selectOption('closed');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);
  await expect(statusSelect).toHaveValue('called');

  await statusSelect.selectOption('closed');
  await expect(form.getByLabel('Name')).toHaveValue(name);
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expect(form.getByLabel('Phone')).toHaveValue('(720) 555-8484');
  await expect(form.getByLabel('Number of Children')).toHaveCount(0);
  await form.getByLabel('Has kids').check();
  await form.getByLabel('Number of Children').fill('2');
  await form.getByLabel('Kids Ages').fill('6, 11');
  await form.getByRole('spinbutton', { name: /^Age/ }).fill('44');
  expect(await statusOf()).toBe('called');

  // The save fails: the message shows, nothing is created, the lead stays as it was.
  await page.route('**/trpc/customers.closeLead**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify([
        {
          error: {
            json: {
              message: 'Something went wrong. Please try again later.',
              code: -32603,
              data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
            },
          },
        },
      ]),
    }),
  );
  await form.getByRole('button', { name: 'Save Customer' }).click();
  await expect(form.getByRole('alert')).toContainText('Error saving customer information. Please try again.');
  expect(await statusOf()).toBe('called');
  expect(await CustomerModel.countDocuments({ email })).toBe(0);
  await form.getByRole('button', { name: 'Dismiss' }).click();
  await expect(form.getByRole('alert')).toHaveCount(0);
  await page.unroute('**/trpc/customers.closeLead**');

  // Saving again (the form kept what was typed) closes the lead.
  await expect(form.getByLabel('Kids Ages')).toHaveValue('6, 11');
  await form.getByRole('button', { name: 'Save Customer' }).click();
  await expect(page.getByText('Customer added successfully and lead marked as closed!')).toBeVisible();
  await expect.poll(statusOf).toBe('closed');
  expect(await CustomerModel.countDocuments({ email })).toBe(1);

  await page.goto('/admin/customers');
  await page.getByLabel('Search customers').fill(name);
  const customerRow = page.getByRole('row', { name: new RegExp(name) });
  await expect(customerRow).toContainText('44');
  await expect(customerRow.getByRole('link', { name: 'From lead' })).toHaveAttribute('href', new RegExp(String(lead._id)));

  // Deleting that customer gives the lead back as follow-up, so no closed lead is left without one.
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(dialog(page)).toContainText('Their lead goes back to follow-up.');
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(customerRow).toHaveCount(0);
  await expect.poll(statusOf).toBe('follow-up');
});
