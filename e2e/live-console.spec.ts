// The live console: a lead sent from the public form in one browser, and a claim made elsewhere,
// appear in another browser's open leads page and dashboard without a reload.
import { expect, test } from '@playwright/test';
import { E2E_ADMIN, ensureStaff, signIn } from './helpers.ts';
import { claimLead, createLead, findLeadRecords } from '../models/leads/index.ts';

const run = Date.now().toString(36);
const AGENT = `Liv${run}`;

test.beforeAll(async () => {
  await ensureStaff({ ...E2E_ADMIN });
  await ensureStaff({ name: AGENT, email: `liv.${run}@e2e.local`, isAgent: true });
});

test('a lead from the public form appears in an open console, and its claim follows, without reloading', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const tag = `zlive${run}`;
  await signIn(page);
  await page.goto('/admin/leads');
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(tag);
  // The search goes into the address after a pause: wait for it, so that change is not counted as a reload.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  const unclaimedTab = page.getByRole('tab', { name: /^Unclaimed/ });
  await expect(unclaimedTab).toContainText('0');
  let reloads = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloads++;
  });

  const visitor = await browser.newContext();
  const site = await visitor.newPage();
  await site.goto('/contact');
  await site.getByLabel('Full name').fill(`${tag} Visitor`);
  await site.getByLabel('Email').fill(`${tag}@example.com`);
  await site.getByLabel('Phone').fill('(303) 555-0199');
  await site.getByRole('button', { name: /Get My Free Consultation/ }).click();
  await expect(site.getByText('Thank You!')).toBeVisible();
  await visitor.close();

  const row = page.getByRole('row', { name: new RegExp(`${tag} Visitor`) });
  await expect(row).toBeVisible({ timeout: 2500 });
  await expect(unclaimedTab).toContainText('1', { timeout: 2500 });

  // Another agent (or a Slack button) claims it on the server: the open page shows who holds it.
  const lead = await findLeadRecords({ email: `${tag}@example.com` }).then((r) => r[0]!);
  await claimLead(String(lead._id), AGENT, { name: 'Another agent' });
  await expect(row).toContainText(AGENT, { timeout: 2500 });
  await expect(unclaimedTab).toContainText('0', { timeout: 2500 });
  expect(reloads).toBe(0);
});

test('the dashboard counts a new lead without reloading', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin');
  // The figure's value sits in the <dd> beside its <dt> label.
  const total = page
    .locator('div', { has: page.getByText('Total referrals', { exact: true }) })
    .locator('dd')
    .first();
  await expect(total).toHaveText(/^\d+$/);
  const before = Number(await total.textContent());
  // Stored through the model (counters and all), as the public form of another server would.
  await createLead({ name: `zdash${run}`, email: `zdash${run}@example.com`, phone: '303-555-0188' });
  // A write by another process reaches the console through the change counter alone.
  const { noteLeadChange } = await import('../models/live/counter.ts');
  await noteLeadChange();
  await expect(total).toHaveText(String(before + 1), { timeout: 2500 });
});
