// Forms that help: every error under its own field, marked invalid and described by its message,
// focus on the first, all at once; a server refusal naming a field lands under that field; older
// customers missing age or provider are marked and still save; the filters and the analytics
// period survive a reload.
import { writeAroundLeadModel } from '../models/leads/testing.ts';
import { expect, test } from '@playwright/test';
import { db, errorMessageOf, signIn } from './helpers.ts';
import { CustomerModel } from '../models/customers/customer.ts';
import { openText } from '../server/field-crypto.ts';

const run = Date.now().toString(36);

test('the add form shows every problem under its field at once and focuses the first', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/customers');
  await page.getByRole('button', { name: 'Add Customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Customer' });
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('spinbutton', { name: /^Age/ }).fill('130');
  await dialog.getByLabel('Has kids').check();
  await dialog.getByLabel('Kids Ages').fill('four');
  await dialog.getByRole('button', { name: 'Add Customer' }).click();

  const name = dialog.getByLabel('Name');
  await expect(name).toBeFocused();
  await expect(await errorMessageOf(name)).toHaveText('Name is required');
  await expect(await errorMessageOf(dialog.getByRole('spinbutton', { name: /^Age/ }))).toHaveText('Age must be between 1 and 120');
  await expect(await errorMessageOf(dialog.getByLabel('Email'))).toHaveText('Enter a valid email address');
  await expect(await errorMessageOf(dialog.getByLabel('Phone'))).toHaveText('Phone is required');
  await expect(await errorMessageOf(dialog.getByLabel('Number of Children'))).toHaveText(
    'Number of children is required when the customer has kids (1 to 20)',
  );
  await expect(await errorMessageOf(dialog.getByLabel('Kids Ages'))).toHaveText(/^Kids ages must be a comma-separated list/);
  await expect(await errorMessageOf(dialog.getByLabel('Insurance Provider'))).toHaveText('Insurance provider is required');
  // Nothing was sent, and no banner stands in for the field messages.
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  // Fixing a field clears its message; the rest stay until the next try.
  const customer = `Fiona Form ${run}`;
  await name.fill(customer);
  await expect(name).not.toHaveAttribute('aria-invalid');
  await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('spinbutton', { name: /^Age/ }).fill('39');
  await dialog.getByLabel('Email').fill(`fiona.${run}@example.com`);
  await dialog.getByLabel('Phone').fill('(303) 555-6161');
  await dialog.getByLabel('Has kids').uncheck();
  await dialog.getByLabel('Insurance Provider').selectOption('Humana');
  await dialog.getByRole('button', { name: 'Add Customer' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText(new RegExp(`${customer} was added\\.`));
  await db();
  expect(await CustomerModel.countDocuments({ name: customer })).toBe(1);
});

test('a server refusal naming a field shows under that field with focus on it', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/customers');
  await page.getByRole('button', { name: 'Add Customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Customer' });
  await dialog.getByLabel('Name').fill(`Server Says ${run}`);
  await dialog.getByRole('spinbutton', { name: /^Age/ }).fill('40');
  await dialog.getByLabel('Email').fill(`server.${run}@example.com`);
  await dialog.getByLabel('Phone').fill('(303) 555-6262');
  await dialog.getByLabel('Insurance Provider').selectOption('Aetna');
  await page.route('**/trpc/customers.create**', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify([
        {
          error: {
            json: {
              message: 'phone: Phone is already used by another customer',
              code: -32600,
              data: { code: 'BAD_REQUEST', httpStatus: 400 },
            },
          },
        },
      ]),
    }),
  );
  await dialog.getByRole('button', { name: 'Add Customer' }).click();
  const phone = dialog.getByLabel('Phone');
  await expect(phone).toBeFocused();
  await expect(await errorMessageOf(phone)).toHaveText('Phone is already used by another customer');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});

test('a customer closed without age or provider is marked "Missing details" and its edit saves without them', async ({ page }) => {
  await db();
  const name = `Olive Older ${run}`;
  const lead = await writeAroundLeadModel((Lead) =>
    Lead.create({
      name,
      email: `olive.${run}@example.com`,
      phone: '(720) 555-6363',
      phoneDigits: '7205556363',
      status: 'closed',
      claimedBy: 'Test Admin',
      claimedAt: new Date(),
      contactedAt: new Date(),
    }),
  );
  await CustomerModel.create({
    name,
    email: `olive.${run}@example.com`,
    phone: '(720) 555-6363',
    phoneDigits: '7205556363',
    leadId: lead._id,
    leadKey: String(lead._id),
  });
  await signIn(page);
  await page.goto(`/admin/customers?search=${encodeURIComponent(name)}`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Missing details');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Customer' });
  await expect(dialog).toContainText('Missing details: Age, Insurance provider.');
  await dialog.getByLabel('Notes').fill('Prefers email');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText(new RegExp(`Changes to ${name} were saved\\.`));
  // Stored encrypted at rest (server/field-crypto.ts), the words readable only with the data key.
  const storedNotes = (await CustomerModel.findOne({ leadKey: String(lead._id) }).lean())!.notes;
  expect(storedNotes).toMatch(/^enc:v1:/);
  expect(openText(storedNotes)).toBe('Prefers email');

  // Once the age is given it is required again; the mark goes when both are there.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await dialog.getByRole('spinbutton', { name: /^Age/ }).fill('61');
  await dialog.getByLabel('Insurance Provider').selectOption('Kaiser Permanente');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).not.toContainText('Missing details');
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await dialog.getByRole('spinbutton', { name: /^Age/ }).fill('');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(await errorMessageOf(dialog.getByRole('spinbutton', { name: /^Age/ }))).toHaveText('Age is required');
});

test('an error banner gives way to a later success', async ({ page }) => {
  await db();
  const gone = await CustomerModel.create({
    name: `Gone Again ${run}`,
    email: `goneagain.${run}@example.com`,
    phone: '3035556464',
    age: 30,
    insuranceProvider: 'Aetna',
    leadKey: `manual:e2e-forms-${run}`,
  });
  const kept = await CustomerModel.create({
    name: `Kept Around ${run}`,
    email: `kept.${run}@example.com`,
    phone: '3035556565',
    age: 31,
    insuranceProvider: 'Aetna',
    leadKey: `manual:e2e-forms-kept-${run}`,
  });
  await signIn(page);
  await page.goto(`/admin/customers?search=${run}`);
  await page.getByRole('button', { name: `Delete ${gone.name}` }).click();
  await CustomerModel.deleteOne({ _id: gone._id });
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Error deleting customer: Customer not found/);
  await page.getByRole('button', { name: `Edit ${kept.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status')).toHaveText(new RegExp(`Changes to ${kept.name} were saved\\.`));
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test("the customers' search and filters survive a reload", async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/customers');
  await page.getByLabel('Search customers').fill('303 555');
  await page.getByLabel('Filter by plan type').selectOption('HMO');
  await expect(page).toHaveURL(/\/admin\/customers\?search=303\+555&plan=HMO$/);
  await page.reload();
  await expect(page.getByLabel('Search customers')).toHaveValue('303 555');
  await expect(page.getByLabel('Filter by plan type')).toHaveValue('HMO');
});

test('the analytics period survives a reload', async ({ page }) => {
  // The report of a long period takes a while on a busy machine.
  test.setTimeout(90_000);
  await signIn(page);
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { name: 'Site Analytics' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Time period')).toHaveValue('24h');
  await page.getByLabel('Time period').selectOption('30d');
  await expect(page).toHaveURL(/\/admin\/analytics\?period=30d$/);
  await expect(page.getByText('Total visits · Last 30 days')).toBeVisible({ timeout: 40_000 });
  // After a reload the page asks for the same period again.
  const asked = page.waitForRequest((r) => r.url().includes('analytics.report') && decodeURIComponent(r.url()).includes('"period":"30d"'));
  await page.reload();
  await expect(page.getByLabel('Time period')).toHaveValue('30d', { timeout: 30_000 });
  await asked;
  // An unknown period falls back to the default.
  await page.goto('/admin/analytics?period=forever');
  await expect(page.getByLabel('Time period')).toHaveValue('24h', { timeout: 30_000 });
});

test('the close-lead form marks its fields too and needs no age or provider', async ({ page }) => {
  await db();
  const name = `Closing Form ${run}`;
  await writeAroundLeadModel((Lead) =>
    Lead.create({
      name,
      email: `closingform.${run}@example.com`,
      phone: '(720) 555-6666',
      phoneDigits: '7205556666',
      status: 'called',
      claimedBy: 'Test Admin',
      claimedAt: new Date(),
      contactedAt: new Date(),
    }),
  );
  await signIn(page);
  await page.goto('/admin/leads');
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(name);
  await page.getByLabel(`Status for ${name}`).selectOption('closed');
  const form = page.getByRole('dialog', { name: 'Customer Information' });
  await form.getByLabel('Email').fill('');
  await form.getByLabel('Has kids').check();
  await form.getByLabel('Number of Children').fill('1');
  await form.getByLabel('Kids Ages').fill('3, 5');
  await form.getByRole('button', { name: 'Save Customer' }).click();
  const email = form.getByLabel('Email');
  await expect(email).toBeFocused();
  await expect(await errorMessageOf(email)).toHaveText('Enter a valid email address');
  await expect(await errorMessageOf(form.getByLabel('Kids Ages'))).toHaveText('Kids ages lists 2 ages for 1 children');
  await expect(form.getByRole('spinbutton', { name: /^Age/ })).not.toHaveAttribute('aria-invalid');
  await expect(form.getByLabel('Insurance Provider')).not.toHaveAttribute('aria-invalid');

  await email.fill(`closingform.${run}@example.com`);
  await form.getByLabel('Kids Ages').fill('3');
  await form.getByRole('button', { name: 'Save Customer' }).click();
  await expect(page.getByText('Customer added successfully and lead marked as closed!')).toBeVisible();
  await page.goto(`/admin/customers?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Missing details');
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the add form marks every field at once and brings the first into view; an older card shows its missing details', async ({
    page,
  }) => {
    await db();
    const older = `Phone Older ${run}`;
    await CustomerModel.create({
      name: older,
      email: `phone.older.${run}@example.com`,
      phone: '(303) 555-8282',
      leadKey: `manual:e2e-forms-phone-${run}`,
    });
    await signIn(page);
    await page.goto(`/admin/customers?search=${encodeURIComponent(older)}`);
    await expect(page.getByRole('article', { name: older })).toContainText('Missing details');

    await page.getByRole('button', { name: 'Add Customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Customer' });
    await dialog.getByLabel('Phone').fill('(303) 555-8383');
    // The submit button sits at the bottom of the dialog: the first problem is scrolled back into view.
    await dialog.getByRole('button', { name: 'Add Customer' }).click();
    const name = dialog.getByLabel('Name');
    await expect(name).toBeFocused();
    await expect(name).toBeInViewport();
    await expect(await errorMessageOf(name)).toHaveText('Name is required');
    await expect(await errorMessageOf(dialog.getByRole('spinbutton', { name: /^Age/ }))).toHaveText('Age is required');
    await expect(await errorMessageOf(dialog.getByLabel('Email'))).toHaveText('Enter a valid email address');
    await expect(await errorMessageOf(dialog.getByLabel('Insurance Provider'))).toHaveText('Insurance provider is required');
    await expect(dialog.getByLabel('Phone')).not.toHaveAttribute('aria-invalid');
    // Each message sits under its own field, inside the screen's width.
    const field = (await name.boundingBox())!;
    const message = (await (await errorMessageOf(name)).boundingBox())!;
    expect(message.y).toBeGreaterThan(field.y);
    expect(message.x + message.width).toBeLessThanOrEqual(390);
  });
});
