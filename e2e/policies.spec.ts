// The book of business in the browser, at phone and desktop sizes: an agent adds two policies on a
// customer's card, sees them listed with their premiums, and, with the browser's clock set (page.clock),
// finds the one renewing in 20 days behind My work's "Renewing in 30 days" tile and not behind the 7-day one.
// Closing a lead may record the first policy in the same form.
// The renewal windows are computed in the browser from the policy dates (schemas/book-windows.ts).
import { expect, test } from '@playwright/test';
import { db, ensureStaff, signIn, atEachSize, DESKTOP, PHONE } from './helpers.ts';
import { CustomerModel } from '../models/customers/customer.ts';
import { PolicyModel } from '../models/policies/schema.ts';
import { writeAroundLeadModel } from '../models/leads/testing.ts';

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The same day one year earlier (no 29 February in play: the test picks its days away from it). */
const yearBefore = (day: string) => `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`;

atEachSize(
  [PHONE, DESKTOP],
  (size) => `at ${size.name} size`,
  (size) => {
    test('two policies on the card, and the 30-day renewal in My work', async ({ page }) => {
      test.setTimeout(90_000);
      const run = `${size.name}${Date.now().toString(36)}`;
      const agent = `Polly ${run}`;
      const email = `polly.${run}@e2e.local`;
      await ensureStaff({ name: agent, email, isAgent: true });
      await db();
      await CustomerModel.create({
        name: `Rene Wall ${run}`,
        email: `rene.${run}@example.com`,
        phone: '+13035550142',
        age: 58,
        insuranceProvider: 'Aetna',
        leadKey: `manual:e2e-policies-${run}`,
      });

      // Noon in Denver on a fixed day, away from 29 February and the year's end.
      let now = Date.now() + 3 * DAY;
      while (['02-', '12-'].includes(new Date(now).toISOString().slice(5, 8))) now += 40 * DAY;
      const clock = new Date(`${dayOf(now)}T19:00:00Z`);
      await page.clock.setFixedTime(clock);
      const renewsIn20 = dayOf(clock.getTime() + 20 * DAY);
      const started100DaysAgo = dayOf(clock.getTime() - 100 * DAY);

      await signIn(page, email);
      await page.goto(`/admin/customers?search=${run}`);
      await page
        .getByRole('button', { name: `Edit Rene Wall ${run}` })
        .locator('visible=true')
        .click();
      const card = page.getByRole('dialog');
      const policies = card.getByRole('region', { name: 'Policies' });
      await expect(policies.getByText(`No policies recorded for Rene Wall ${run} yet.`)).toBeVisible();

      await policies.getByRole('button', { name: 'Add policy' }).click();
      await policies.getByLabel('Carrier').fill('Humana');
      await policies.getByLabel('Line').selectOption('medicare-supplement');
      await policies.getByLabel('Plan name').fill('Plan G');
      await policies.getByLabel('Effective date').fill(yearBefore(renewsIn20));
      await policies.getByLabel('Premium ($)').fill('145.50');
      await policies.getByLabel('Expected commission').selectOption('rate');
      await policies.getByLabel('Commission rate (%)').fill('20');
      await policies.getByRole('button', { name: 'Add this policy' }).click();
      const first = policies.getByRole('article', { name: 'Humana Medicare Supplement' });
      await expect(first).toContainText('$145.50 a month ($1,746.00 a year) · commission $349.20 a year');
      await expect(first).toContainText(`written by ${agent}`);

      // The keyboard reaches the form: the button opens it and the first field takes typing.
      await policies.getByRole('button', { name: 'Add policy' }).focus();
      await page.keyboard.press('Enter');
      await policies.getByLabel('Carrier').fill('Delta Dental');
      await policies.getByLabel('Line').selectOption('dental-vision');
      await policies.getByLabel('Effective date').fill(started100DaysAgo);
      await policies.getByLabel('Premium ($)').fill('420');
      await policies.getByLabel('Premium period').selectOption('annual');
      await policies.getByLabel('Premium ($)').press('Enter');
      await expect(policies.getByRole('article')).toHaveCount(2);
      await expect(policies.getByRole('article', { name: 'Delta Dental Dental/vision' })).toContainText('$420.00 a year');

      await page.goto('/admin/work');
      await expect(page.getByRole('heading', { name: /Renewals and age-ins/ })).toBeVisible();
      const tile30 = page.getByRole('link', { name: /Renewing in 30 days/ });
      await expect(tile30).toContainText('1');
      await expect(page.getByRole('link', { name: /Renewing in 7 days/ })).toContainText('0');
      await tile30.click();
      await expect(page).toHaveURL(/list=renewals-30/);
      const list = page.getByRole('list', { name: 'Renewing in 30 days' });
      await expect(list.getByRole('link', { name: `Rene Wall ${run}` })).toBeVisible();
      await expect(list).toContainText('Humana Medicare Supplement renews');
      await expect(list).not.toContainText('Delta Dental');
      await list.getByRole('link', { name: `Rene Wall ${run}` }).click();
      await expect(page.getByRole('dialog').getByRole('region', { name: 'Policies' }).getByRole('article')).toHaveCount(2);
    });
  },
);

test('closing a lead records its first policy when the form asks for it', async ({ page }) => {
  await signIn(page);
  await db();
  const name = `First Policy ${Date.now().toString(36)}`;
  const lead = await writeAroundLeadModel((Lead) =>
    Lead.create({
      name,
      email: `first.policy.${Date.now().toString(36)}@example.com`,
      phone: '(720) 555-8585',
      phoneDigits: '7205558585',
      status: 'called',
      claimedBy: 'Test Admin',
      claimedAt: new Date(),
      contactedAt: new Date(),
    }),
  );
  await page.goto('/admin/leads');
  await page.getByLabel(`Status for ${name}`).selectOption('closed');
  const form = page.getByRole('dialog', { name: 'Customer Information' });
  await form.getByLabel('Also record the first policy (optional)').check();
  await form.getByLabel('Carrier').fill('Cigna');
  await form.getByLabel('Effective date').fill('2026-03-01');
  await form.getByLabel('Premium ($)').fill('abc');
  await form.getByRole('button', { name: 'Save Customer' }).click();
  await expect(form.getByText('Premium must be an amount in dollars, like 89.50')).toBeVisible();
  await form.getByLabel('Premium ($)').fill('310');
  await form.getByRole('button', { name: 'Save Customer' }).click();
  await expect(form.getByText('Customer added successfully and lead marked as closed!')).toBeVisible();
  const customer = await CustomerModel.findOne({ leadKey: String(lead._id) }).orFail();
  const policies = await PolicyModel.find({ customerId: customer._id }).lean();
  expect(policies.map((p) => [p.carrier, p.premiumCents, p.effectiveDate, p.writingAgent])).toEqual([
    ['Cigna', 31_000, '2026-03-01', 'Test Admin'],
  ]);
});
