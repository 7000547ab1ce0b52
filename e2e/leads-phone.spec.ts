// The lead list on a phone: leads are tap-sized cards, and nothing scrolls sideways (docs/product.md §8).
import { expect, test } from '@playwright/test';
import { wordsFor, sidewaysOverflow } from './helpers.ts';
import { OTHER, elsewhere, withListStaff, makeListLeads, openAsMe } from './lead-list-helpers.ts';
import { claimLead } from '../models/leads/index.ts';

const word = wordsFor('lp');
withListStaff();

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('leads are cards with the name, a tap-to-call phone, the age and the main action, all tap-sized, nothing sideways', async ({
    page,
  }) => {
    const tag = word();
    const [a, b] = await makeListLeads(tag, 2);
    await claimLead(a.id, OTHER, elsewhere);
    await openAsMe(page, `q=${tag}`);
    const card = page.getByRole('article', { name: `${tag} Person1` });
    await expect(card).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(card.getByRole('link', { name: `${tag} Person1` })).toHaveAttribute('href', `/admin/leads/${b.id}`);
    await expect(card.getByRole('link', { name: 'Call (303) 555-2001' })).toHaveAttribute('href', 'tel:+13035552001');
    await expect(card).toContainText(/\d+m old/);
    await expect(card).toContainText('Unclaimed');
    await expect(card.getByRole('button', { name: 'Claim', exact: true })).toBeVisible();
    await expect(page.getByRole('article', { name: `${tag} Person0` }).getByRole('button', { name: 'Log call' })).toBeVisible();

    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main a, main button, main select, main label:has(input[type=checkbox])')]
        .filter((el) => el.offsetParent !== null)
        .map((el) => ({
          what: `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.trim()}`,
          box: el.getBoundingClientRect(),
        }))
        .filter((t) => t.box.height < 44 || (t.what.startsWith('LABEL') && t.box.width < 44))
        .map((t) => t.what),
    );
    expect(small).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);

    await card.getByRole('checkbox', { name: `Select ${tag} Person1` }).check();
    const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await expect(bar).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    const box = (await bar.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });

  test('nothing scrolls sideways at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const tag = word();
    await makeListLeads(tag, 1);
    await openAsMe(page, `q=${tag}`);
    await expect(page.getByRole('article', { name: `${tag} Person0` })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
  });
});
