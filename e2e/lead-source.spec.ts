// Where clients come from (docs/product.md §3), at phone and desktop size: two visitors arrive from two utm_source
// campaigns and send the lead form from another page of their visit; staff close both leads in the
// console; the dashboard's table counts each source with its lead and closed deal, and downloads as CSV.
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ensureStaff, signIn, atEachSize, DESKTOP, PHONE } from './helpers.ts';

// Digits only: names on the shared dashboard must not contain "to" or "from" (other tests find the
// activity export's From and To fields by their label, which matches inside a card's name).
const run = String(Date.now());

let visitor = 40;
/** A visitor of their own (own browser session and address) lands on `/?utm_source=…`, then sends the form from /contact. */
async function visitAndSend(browser: Browser, source: string, name: string): Promise<string> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `192.0.2.${visitor++}` } });
  const page = await context.newPage();
  await page.goto(`/?utm_source=${source}&utm_medium=email`);
  await page.goto('/contact');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(`${name.replace(/\W+/g, '.').toLowerCase()}@example.com`);
  await page.getByLabel('Phone').fill(`(303) 555-${String(visitor).padStart(4, '0')}`);
  const answered = page.waitForResponse('**/api/referral');
  await page.getByRole('button', { name: 'Get My Free Consultation' }).click();
  const res = await answered;
  expect(res.status()).toBe(201);
  await expect(page.getByRole('status')).toContainText('Thank You!');
  const { leadId } = (await res.json()) as { leadId: string };
  await context.close();
  return leadId;
}

/** In the console: the lead's record, claimed for the agent, shows its source, then is closed through the customer form. */
async function closeInConsole(page: Page, leadId: string, name: string, agent: string, source: string) {
  await page.goto(`/admin/leads/${leadId}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText(source, { exact: true })).toBeVisible();
  await expect(page.getByText('Landing page: /', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Claim for ${agent}` }).click();
  await page.getByLabel(`Status for ${name}`).selectOption('closed');
  const form = page.getByRole('dialog', { name: 'Customer Information' });
  await form.getByRole('button', { name: 'Save Customer' }).click();
  await expect(page.getByText('Customer added successfully and lead marked as closed!')).toBeVisible();
}

atEachSize(
  [PHONE, DESKTOP],
  (size) => `at ${size.viewport.width} px`,
  (size) => {
    test('leads from two utm_source visits show under their sources on the dashboard, and download as CSV', async ({ page, browser }) => {
      test.setTimeout(90_000);
      const tag = `${run}${size.viewport.width}`;
      const agent = `Sam ${tag}`;
      await ensureStaff({ name: agent, email: `sam.${tag}@e2e.local`, isAgent: true });
      const [newsletter, facebook] = [`newsletter-${tag}`, `facebook-${tag}`];
      const people = [`News Reader ${tag}`, `Feed Scroller ${tag}`];
      const ids = [await visitAndSend(browser, newsletter, people[0]), await visitAndSend(browser, facebook, people[1])];

      await signIn(page);
      await closeInConsole(page, ids[0], people[0], agent, newsletter);
      await closeInConsole(page, ids[1], people[1], agent, facebook);

      await page.goto('/admin/dashboard');
      const bySource = page.getByRole('region', { name: 'Conversion by source' });
      await expect(bySource.getByRole('row', { name: new RegExp(`^${newsletter} `) })).toHaveText(
        new RegExp(`^${newsletter}\\s*1\\s*1\\s*100\\.0%\\s*—$`),
      );
      await expect(bySource.getByRole('row', { name: new RegExp(`^${facebook} `) })).toHaveText(
        new RegExp(`^${facebook}\\s*1\\s*1\\s*100\\.0%\\s*—$`),
      );
      const byAgent = page.getByRole('region', { name: 'Conversion by agent' });
      await expect(byAgent.getByRole('row', { name: new RegExp(`^${agent} `) })).toContainText(/^Sam \S+\s*2\s*2\s*100\.0%\s*—/);

      await page.getByLabel('Period', { exact: true }).selectOption('7d');
      await expect(bySource.getByRole('row', { name: new RegExp(`^${newsletter} `) })).toBeVisible();

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('conversion-7d.csv');
      const csv = await readFile((await file.path())!, 'utf8');
      expect(csv.split('\n')[0]).toBe('Group,Name,Leads,Closed deals,Conversion %,Premium written,Median minutes to first call');
      expect(csv).toContain(`Source,${newsletter},1,1,100.0,,`);
      expect(csv).toContain(`Source,${facebook},1,1,100.0,,`);
      expect(csv).toContain(`Agent,${agent},2,2,100.0,,`);
    });
  },
);
