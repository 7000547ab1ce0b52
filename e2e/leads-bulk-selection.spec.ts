// A bulk action on Lead Management keeps the selection the person made meanwhile: a row ticked while
// the action was still running stays ticked, and only the acted-on leads that succeeded drop out
// (docs/product.md §4), on the desktop table and on the phone cards.
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, ensureStaff, signIn, makeLeads as makeLeadsFrom, atEachSize, DESKTOP, PHONE } from './helpers.ts';
import { readLead } from '../models/leads/index.ts';

const run = Date.now().toString(36);
let n = 0;
const word = () => `zb${run}s${++n}`;
const AGENT = `Bea${run}`;

test.beforeAll(async () => {
  await ensureStaff({ ...E2E_ADMIN });
  await ensureStaff({ name: AGENT, email: `bea.${run}@e2e.local`, isAgent: true });
});

const makeLeads = (tag: string, count: number) => makeLeadsFrom(tag, count, 3000);

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

atEachSize(
  [DESKTOP, PHONE],
  (size) => `at ${size.name} size`,
  () => {
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
  },
);
