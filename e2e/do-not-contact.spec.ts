// "Asked not to be contacted" in the browser (README, "Contact rules"), at 1440 and 390 px: marked from the lead record,
// the record shows the request and a warning instead of the call link, the lead list shows the badge
// and no call link; an admin lifts it with a reason.
import { expect, test } from '@playwright/test';
import { adminOnNewLead, atBothWidths } from './auth-helpers.ts';

atBothWidths(() => {
  test('marks do not contact from the lead record: warning instead of the call link, badge in the list, lifted by an admin', async ({
    page,
  }) => {
    const lead = await adminOnNewLead(page, 'Quiet', 4200);
    const { name } = lead;
    await page.goto(`/admin/leads/${lead.leadId}`);
    await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('a[href^="tel:"]')).toHaveCount(1);

    await page.getByRole('button', { name: 'Mark do not contact…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('How did they ask? (optional)').fill('Said stop calling');
    await dialog.getByRole('button', { name: 'Mark do not contact' }).click();
    await expect(dialog).toBeHidden();

    const panel = page.getByTestId('dnc-panel');
    await expect(panel).toContainText('Asked not to be contacted on');
    await expect(panel).toContainText('Said stop calling');
    await expect(page.getByText(/Do not call \(303\) 555-/)).toBeVisible();
    await expect(page.locator('a[href^="tel:"]')).toHaveCount(0);

    // The dashboard's newest unclaimed lead is this one: the mark, and the warning instead of the call link.
    await page.goto('/admin/dashboard');
    const newest = page.getByRole('region', { name: 'Newest unclaimed lead' });
    await expect(newest.getByRole('link', { name })).toBeVisible({ timeout: 15_000 });
    await expect(newest.getByText(/Do not call \(303\) 555-/)).toBeVisible();
    await expect(newest.getByTestId('dnc-badge')).toBeVisible();
    await expect(newest.locator('a[href^="tel:"]')).toHaveCount(0);

    await page.goto(`/admin/leads?q=${encodeURIComponent(name)}`);
    const badge = page.getByTestId('dnc-badge').locator('visible=true');
    await expect(badge).toHaveCount(1, { timeout: 15_000 });
    await expect(page.locator('a[href^="tel:"]').locator('visible=true')).toHaveCount(0);

    await page.goto(`/admin/leads/${lead.leadId}`);
    await page.getByRole('button', { name: 'Lift do not contact' }).click();
    await page.getByRole('dialog').getByLabel('Why may they be contacted again? *').fill('Asked us to call back');
    await page.getByRole('dialog').getByRole('button', { name: 'Lift' }).click();
    await expect(page.getByTestId('dnc-panel')).toHaveCount(0);
    await expect(page.locator('a[href^="tel:"]')).toHaveCount(1);
  });
});
