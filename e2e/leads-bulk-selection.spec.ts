// A bulk action on Lead Management keeps the selection the person made meanwhile: a row ticked while
// the action was still running stays ticked, and only the acted-on leads that succeeded drop out
// (docs/product.md §4), on the desktop table and on the phone cards.
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, ensureStaff, signIn, db } from './helpers.ts';
import { createLead, readLead } from '../models/leads/index.ts';

const run = Date.now().toString(36);
let n = 0;
const word = () => `zb${run}s${++n}`;
const AGENT = `Bea${run}`;

test.beforeAll(async () => {
  await ensureStaff({ ...E2E_ADMIN });
  await ensureStaff({ name: AGENT, email: `bea.${run}@e2e.local`, isAgent: true });
});

async function makeLeads(tag: string, count: number) {
  await db();
  const leads = [];
  for (let i = 0; i < count; i++) {
    leads.push(await createLead({ name: `${tag} Person${i}`, email: `${tag}.${i}@example.com`, phone: `(303) 555-${3000 + i}` }));
  }
  return leads;
}

/** Holds every claim call until `release` is called, so the test can act while the bulk action runs. */
async function holdClaims(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(/\/trpc\/[^?]*leads\.claim/, async (route) => {
    held++;
    await released;
    await route.continue();
  });
  return { release, held: () => held };
}

const tick = (page: Page, name: string) => page.getByRole('checkbox', { name: `Select ${name}` });

for (const size of [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test('a row ticked while a bulk action is finishing stays ticked; the leads it acted on drop out', async ({ page }) => {
      const tag = word();
      const [a, b, c] = await makeLeads(tag, 3);
      await signIn(page);
      await page.goto(`/admin/leads?q=${tag}`);
      await expect(tick(page, `${tag} Person2`)).toBeVisible();

      await tick(page, `${tag} Person0`).check();
      await tick(page, `${tag} Person1`).check();
      const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
      await expect(toolbar).toContainText('2 selected');
      const gate = await holdClaims(page);
      await toolbar.getByRole('button', { name: `Assign to ${AGENT}` }).click();
      await expect.poll(gate.held).toBeGreaterThan(0);

      // While the claim is on its way, the person ticks another lead.
      await tick(page, `${tag} Person2`).check();
      gate.release();

      await expect(page.getByRole('status')).toContainText(`2 leads assigned to ${AGENT}.`);
      for (const lead of [a, b]) expect((await readLead(lead._id))?.claimedBy).toBe(AGENT);
      expect((await readLead(c._id))?.claimedBy ?? null).toBeNull();
      await expect(tick(page, `${tag} Person2`)).toBeChecked();
      await expect(tick(page, `${tag} Person0`)).not.toBeChecked();
      await expect(tick(page, `${tag} Person1`)).not.toBeChecked();
      await expect(toolbar).toContainText('1 selected');
    });
  });
}
