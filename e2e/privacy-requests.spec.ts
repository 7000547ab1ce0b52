// The Privacy requests page (issue 25), at 1440 and 390 px: an admin finds a person by email, erases them
// with the typed confirmation, and the lead list no longer finds them.
import { expect, test } from '@playwright/test';
import { adminOnNewLead, atBothWidths } from './auth-helpers.ts';

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
    await expect(page.getByText(/Erased: 1 leads, 0 customers, 0 activity entries; 0 queued notices dropped/)).toBeVisible();
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
});
