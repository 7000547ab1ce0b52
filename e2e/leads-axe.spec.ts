// The lead list scanned by axe at desktop and phone size (docs/product.md §8).
import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { wordsFor, atEachSize, DESKTOP, PHONE } from './helpers.ts';
import { ME, elsewhere, withListStaff, makeListLeads, openAsMe } from './lead-list-helpers.ts';
import { claimLead } from '../models/leads/index.ts';

const word = wordsFor('la');
withListStaff();

atEachSize(
  [DESKTOP, PHONE],
  (size) => `axe at ${size.name} size`,
  () => {
    test('axe finds nothing on the lead list', async ({ page }) => {
      test.setTimeout(60_000);
      const tag = word();
      const [a] = await makeListLeads(tag, 3);
      await claimLead(a.id, ME, elsewhere);
      await openAsMe(page, `q=${tag}`);
      await expect(page.getByText(`${tag} Person2`).locator('visible=true')).toBeVisible();
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((x) => x.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  },
);
