// The customer list and card at 1280 px, where the console's sidebar leaves the table least room: the
// rows' actions keep the table inside its box (focus on a row's last button scrolls nothing sideways),
// and the card has one primary action at a time (adding a policy sets the customer's form aside, kept).
import { expect, test } from '@playwright/test';
import { db, signIn } from './helpers.ts';
import { CustomerModel } from '../models/customers/customer.ts';
import { PolicyModel } from '../models/policies/schema.ts';

const run = Date.now().toString(36);
let customerId = '';

test.use({ viewport: { width: 1280, height: 800 } });

test.beforeAll(async () => {
  await db();
  customerId = (
    await CustomerModel.create({
      name: `Card Wide ${run}`,
      email: `a.rather.long.address.for.the.table.${run}@example-insurance-holdings.com`,
      phone: '3035558181',
      birthDate: '1958-02-20',
      currentInsurance: 'Employer plan through the end of the year (COBRA after that)',
      leadKey: `manual:e2e-card-${run}`,
    })
  ).id;
  await PolicyModel.create(
    [
      { carrier: 'Mutual of Omaha', line: 'medicare-supplement' },
      { carrier: 'WellCare', line: 'part-d' },
    ].map((p) => ({
      ...p,
      customerId,
      status: 'active',
      effectiveDate: '2026-03-01',
      premiumCents: 16_500,
      premiumPeriod: 'monthly',
      writingAgent: 'Test Admin',
    })),
  );
});

test('focus on a row button does not scroll the customers table sideways at 1280 px', async ({ page }) => {
  await signIn(page);
  await page.goto(`/admin/customers?search=${run}`);
  const table = page.getByRole('region', { name: 'Customers' });
  const row = table.getByRole('row', { name: new RegExp(`^Card Wide ${run}`) });
  const coverage = row.getByRole('list', { name: `Coverage of Card Wide ${run}` });
  await expect(coverage.getByRole('listitem')).toHaveText(['Mutual of Omaha · Medicare Supplement', 'WellCare · Part D'], {
    useInnerText: true,
  });
  await row.getByRole('button', { name: `Delete Card Wide ${run}` }).focus();
  const box = await table.evaluate((el) => ({ scrollLeft: el.scrollLeft, overflow: el.scrollWidth - el.clientWidth }));
  expect(box).toEqual({ scrollLeft: 0, overflow: 0 });
});

test('the card has one primary action at a time: a policy being added sets the customer form aside', async ({ page }) => {
  await signIn(page);
  await page.goto(`/admin/customers?customer=${customerId}`);
  const card = page.getByRole('dialog', { name: 'Edit Customer' });
  await expect(card.getByRole('list', { name: `Policies of Card Wide ${run}` })).toBeVisible();
  await expect(card.getByText(/^Missing details/)).toHaveCount(0); // the birth date gives the age, a policy the carrier
  await card.getByLabel('Notes').fill('Wants a quote for dental');
  await expect(card.getByRole('button', { name: 'Save Changes' })).toBeVisible();

  await card.getByRole('button', { name: 'Add policy' }).click();
  await expect(card.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Add this policy' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel' })).toHaveCount(1);
  await expect(card.getByLabel('Notes')).toBeHidden();
  await expect(card.getByRole('form', { name: 'New policy' }).getByLabel('Carrier')).toBeFocused();

  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByRole('button', { name: 'Add this policy' })).toHaveCount(0);
  await expect(card.getByLabel('Notes')).toHaveValue('Wants a quote for dental');
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expect(card).toBeHidden();
  await expect(page.getByText(`Changes to Card Wide ${run} were saved.`)).toBeVisible();
});
