// The Privacy requests page, at 1440 and 390 px: an admin finds a person by email, erases them with the
// typed confirmation (the page says what was kept, and why), and the lead list no longer finds them; the
// access copy of a person with two policies shows both on a printable page.
import { expect, test } from '@playwright/test';
import { adminOnNewLead, atBothWidths } from './auth-helpers.ts';
import { db, signIn } from './helpers.ts';
import { CustomerModel } from '../models/customers/customer.ts';
import { PolicyModel } from '../models/policies/schema.ts';

atBothWidths(() => {
  test('an admin erases a person on the Privacy requests page', async ({ page }) => {
    const { name, email } = await adminOnNewLead(page, 'Eraseme', 4300);
    await page.goto('/admin/privacy');
    await expect(page.getByRole('heading', { name: 'Privacy requests' })).toBeVisible({ timeout: 15_000 });
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByText(`Lead: ${name}`)).toBeVisible();

    const erase = page.getByRole('button', { name: 'Erase this person' });
    await expect(erase).toBeDisabled();
    await page.getByLabel('Type ERASE to erase').fill('ERASE');
    await erase.click();
    // The website lead's own "added" entry is the one activity entry about them.
    await expect(page.getByText(/Erased: 1 leads, 0 customers, 1 activity entries; 0 queued notices dropped/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What the erasure kept, and why' })).toBeVisible();
    await expect(page.getByText(/The request not to be contacted must still be honoured/)).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Past requests' })
        .getByText(/Erased: 1 leads/)
        .first(),
    ).toBeVisible();

    await page.goto(`/admin/leads?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(name)).toHaveCount(0);
  });

  test('the access copy of a person with two policies lists them', async ({ page }) => {
    await db();
    const tag = `${Date.now().toString(36)}${test.info().project.name.length}${Math.floor(Math.random() * 1e6)}`;
    const email = `cora.${tag}@example.com`;
    const customer = await CustomerModel.create({
      name: `Cora Copy ${tag}`,
      email,
      phone: '+13035550177',
      phoneDigits: '3035550177',
      age: 61,
      insuranceProvider: 'Aetna',
      leadKey: `manual:e2e-copy-${tag}`,
    });
    const policy = {
      customerId: customer._id,
      status: 'active',
      effectiveDate: '2026-01-01',
      premiumPeriod: 'monthly',
      writingAgent: 'Test Admin',
    };
    await PolicyModel.create([
      { ...policy, carrier: 'Humana', line: 'medicare-advantage', policyNumber: `HU-${tag}`, premiumCents: 15_000 },
      { ...policy, carrier: 'Delta Dental', line: 'dental-vision', policyNumber: `DD-${tag}`, premiumCents: 3_250 },
    ]);
    await signIn(page);
    await page.goto('/admin/privacy');
    await expect(page.getByRole('heading', { name: 'Privacy requests' })).toBeVisible({ timeout: 15_000 });
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByText(`Customer: Cora Copy ${tag}`)).toBeVisible();
    await page.getByRole('button', { name: 'Show access copy' }).click();

    const copy = page.getByRole('region', { name: /Access copy: everything we hold about/ });
    await expect(copy.getByRole('heading', { name: 'Policies (2)' })).toBeVisible();
    await expect(copy.getByRole('cell', { name: `HU-${tag}` })).toBeVisible();
    await expect(copy.getByRole('cell', { name: `DD-${tag}` })).toBeVisible();
    await expect(copy.getByRole('cell', { name: '$150.00 monthly' })).toBeVisible();
    await expect(copy.getByRole('cell', { name: 'Medicare Advantage' })).toBeVisible();
    await expect(copy.getByText(`Cora Copy ${tag}`)).toBeVisible();
    await expect(copy.getByRole('button', { name: 'Print' })).toBeVisible();
    await expect(copy.getByRole('button', { name: 'Download as page (HTML)' })).toBeVisible();
  });
});
