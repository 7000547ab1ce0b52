// The compliance console page at phone and desktop sizes (docs/compliance.md): an admin saves a new version
// of the English Scope of Appointment text and the earlier versions stay listed; the export downloads a ZIP;
// an agent has no nav entry and the page refuses; axe finds nothing on the page.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { db, ensureStaff, signIn, atEachSize, DESKTOP, PHONE } from './helpers.ts';

const SOA_EN = 'Medicare Scope of Appointment, English';

/** The admin nav entry: in the sidebar on a desktop, behind "More" on a phone. */
async function openNav(page: Page, phone: boolean) {
  const nav = page.getByRole('navigation', { name: 'Admin' });
  if (phone) await nav.getByRole('button', { name: 'More' }).click();
  return nav;
}

atEachSize(
  [PHONE, DESKTOP],
  (size) => `at ${size.name} size`,
  (size) => {
    const phone = size.name === 'phone';

    test('an admin saves a new version of the English SOA text; the earlier ones stay listed', async ({ page }) => {
      test.setTimeout(60_000);
      await signIn(page);
      await page.goto('/admin/dashboard');
      const nav = await openNav(page, phone);
      await nav.getByRole('link', { name: 'Compliance' }).click();
      await expect(page).toHaveURL(/\/admin\/compliance$/);
      const card = page.getByRole('article', { name: SOA_EN });
      const before = Number((await card.getByTestId('current-version').innerText()).replace(/\D/g, ''));
      expect(before).toBeGreaterThanOrEqual(1);

      await card.getByRole('button', { name: `Edit ${SOA_EN}` }).click();
      const box = card.getByRole('textbox', { name: `New text: ${SOA_EN}` });
      await box.fill('Too short');
      await card.getByRole('button', { name: 'Save as new version' }).click();
      await expect(card.getByRole('alert')).toHaveText('The text is too short');
      await expect(card.getByTestId('current-version')).toHaveText(`Version ${before}`);

      await card.getByRole('button', { name: 'Cancel' }).click();
      await card.getByRole('button', { name: `Edit ${SOA_EN}` }).click();
      const body = await box.inputValue();
      const added = `Reviewed by the compliance desk (${size.name} ${Date.now()}).`;
      await box.fill(`${body}\n${added}`);
      await card.getByRole('button', { name: 'Save as new version' }).click();
      await expect(card.getByTestId('current-version')).toHaveText(`Version ${before + 1}`);
      await expect(card.getByText(added)).toBeVisible();

      await card.getByRole('button', { name: 'Earlier versions' }).click();
      const earlier = card.getByRole('list', { name: `Earlier versions of ${SOA_EN}` });
      await expect(earlier.getByText(`Version ${before}`, { exact: false }).first()).toBeVisible();
      await expect(earlier.getByText(/^Version 1\b/).first()).toBeVisible();
      await expect(earlier.getByText(added)).toHaveCount(0);
    });

    test('a refused setting says why beside the field and nothing is saved', async ({ page }) => {
      await signIn(page);
      await page.goto('/admin/compliance');
      const hours = page.getByLabel('Signing link lifetime (hours)');
      await expect(hours).not.toHaveValue('');
      const saved = await hours.inputValue();
      await hours.fill('1000');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByText('A link lasts at most 336 hours (14 days)')).toBeVisible();
      await expect(hours).toHaveAttribute('aria-invalid', 'true');
      await page.reload();
      await expect(page.getByLabel('Signing link lifetime (hours)')).toHaveValue(saved);
    });

    test('the audit export downloads a ZIP named by the day', async ({ page }) => {
      await signIn(page);
      await page.goto('/admin/compliance');
      await page.getByLabel('Signed from').fill('2026-01-01');
      await page.getByLabel('Signed until').fill('2026-12-31');
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download ZIP' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^compliance-\d{4}-\d{2}-\d{2}\.zip$/);
      const bytes = readFileSync((await file.path())!);
      expect(bytes.length).toBeGreaterThan(0);
      expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

      await page.getByLabel('Signed from').fill('2026-12-31');
      await page.getByLabel('Signed until').fill('2026-01-01');
      await page.getByRole('button', { name: 'Download ZIP' }).click();
      await expect(page.getByRole('alert')).toHaveText('The start must be on or before the end');
    });

    test('an agent has no Compliance entry and the page refuses', async ({ page }) => {
      const run = `${size.name}${Date.now().toString(36)}`;
      const email = `comp.agent.${run}@e2e.local`;
      await ensureStaff({ name: `Comp Agent ${run}`, email, isAgent: true });
      await db();
      await signIn(page, email);
      await page.goto('/admin/dashboard');
      const nav = page.getByRole('navigation', { name: 'Admin' });
      await expect(nav.getByRole('link', { name: 'Leads' })).toBeVisible();
      await expect(nav.getByRole('button', { name: 'More' })).toHaveCount(0);
      await expect(nav.getByRole('link', { name: 'Compliance' })).toHaveCount(0);
      await page.goto('/admin/compliance');
      await expect(page.getByText('Only admins can manage the compliance texts, settings and export.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Download ZIP' })).toHaveCount(0);
    });

    test('axe finds nothing on the compliance page', async ({ page }) => {
      await signIn(page);
      await page.goto('/admin/compliance');
      await expect(page.getByRole('article', { name: SOA_EN })).toBeVisible({ timeout: 15_000 });
      await page.getByRole('article', { name: SOA_EN }).getByRole('button', { name: 'Earlier versions' }).click();
      await expect(page.getByRole('list', { name: `Earlier versions of ${SOA_EN}` })).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  },
);
