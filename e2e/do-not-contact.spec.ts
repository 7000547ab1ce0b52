// "Asked not to be contacted" in the browser (issue 25), at 1440 and 390 px: marked from the lead record,
// the record shows the request and a warning instead of the call link, the lead list shows the badge
// and no call link; an admin lifts it with a reason.
import { expect, test } from '@playwright/test';
import { E2E_ADMIN, db, ensureStaff, signIn } from './helpers.ts';
import { createLead } from '../models/leads/index.ts';

const run = Date.now().toString(36);
let n = 0;

test.beforeAll(async () => {
  await ensureStaff({ ...E2E_ADMIN });
});

for (const size of [
  { name: '1440 px', viewport: { width: 1440, height: 900 } },
  { name: '390 px', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('marks do not contact from the lead record: warning instead of the call link, badge in the list, lifted by an admin', async ({
      page,
    }) => {
      await db();
      const name = `Quiet${run}x${++n}`;
      const lead = await createLead({ name, email: `${name.toLowerCase()}@example.com`, phone: `(303) 555-${4200 + n}` });
      await signIn(page);
      await page.goto(`/admin/leads/${lead.id}`);
      await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('a[href^="tel:"]')).toHaveCount(1);

      await page.getByRole('button', { name: 'Asked not to be contacted' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('How did they ask? (optional)').fill('Said stop calling');
      await dialog.getByRole('button', { name: 'Mark do not contact' }).click();
      await expect(dialog).toBeHidden();

      const panel = page.getByTestId('dnc-panel');
      await expect(panel).toContainText('Asked not to be contacted on');
      await expect(panel).toContainText('Said stop calling');
      await expect(page.getByText(/Do not call \(303\) 555-/)).toBeVisible();
      await expect(page.locator('a[href^="tel:"]')).toHaveCount(0);

      await page.goto(`/admin/leads?q=${encodeURIComponent(name)}`);
      const badge = page.getByTestId('dnc-badge').locator('visible=true');
      await expect(badge).toHaveCount(1, { timeout: 15_000 });
      await expect(page.locator('a[href^="tel:"]').locator('visible=true')).toHaveCount(0);

      await page.goto(`/admin/leads/${lead.id}`);
      await page.getByRole('button', { name: 'Lift do not contact' }).click();
      await page.getByRole('dialog').getByLabel('Why may they be contacted again? *').fill('Asked us to call back');
      await page.getByRole('dialog').getByRole('button', { name: 'Lift' }).click();
      await expect(page.getByTestId('dnc-panel')).toHaveCount(0);
      await expect(page.locator('a[href^="tel:"]')).toHaveCount(1);
    });
  });
}
