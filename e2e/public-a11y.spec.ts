// The public pages scanned by axe and hydrated without a console problem, the lead form's error state and
// the open mobile menu included (docs/product.md §8).
import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { collectProblems, leadFormSubmit, fillLeadForm } from './helpers.ts';

test.describe('accessibility and hydration', () => {
  for (const path of ['/', '/about', '/contact']) {
    test(`${path} has no serious or critical axe violations and hydrates cleanly`, async ({ page }) => {
      const problems = collectProblems(page);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  test('the form in its error state and the open mobile menu pass the scan too', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.route('**/api/referral', (route) => route.fulfill({ status: 500, json: {} }));
    await page.goto('/contact');
    await fillLeadForm(page);
    await leadFormSubmit(page).click();
    await expect(page.getByRole('alert')).toContainText('Oops!');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
});
