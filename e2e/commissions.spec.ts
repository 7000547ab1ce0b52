// Commissions in the browser, at phone and desktop sizes: an admin imports a carrier statement with one
// matched, one short, one chargeback and one unmatched line; the exceptions list shows the short, the
// chargeback, the unmatched line and the missing payment of a policy the statement left out; linking the
// unmatched line clears it; the agent then reads his own statement with his share.
import { expect, test, type Page } from '@playwright/test';
import { db, ensureStaff, signIn, atEachSize, DESKTOP, PHONE } from './helpers.ts';
import { CustomerModel } from '../models/customers/customer.ts';
import { PolicyModel } from '../models/policies/schema.ts';

/** Three months ago, YYYY-MM: long enough ago that the 45-day grace period has passed for it. */
const P = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 3, 1)).toISOString().slice(0, 7);

async function seed(run: string, agent: string) {
  await db();
  const carrier = `Carrier ${run}`;
  for (const [i, who] of ['Mona Able', 'Sam Baker', 'Cora Chase', 'Milo Dunn'].entries()) {
    const customer = await CustomerModel.create({
      name: `${who} ${run}`,
      email: `c${i}.${run}@example.com`,
      phone: `+1303555${String(1000 + i)}`,
      age: 60,
      insuranceProvider: 'Aetna',
      leadKey: `manual:e2e-commissions-${run}-${i}`,
    });
    // $500 a month at 12% a year: $60.00 commission a month.
    await PolicyModel.create({
      customerId: customer._id,
      carrier,
      line: 'medicare-advantage',
      policyNumber: `P${i}-${run}`,
      status: 'active',
      effectiveDate: `${P}-01`,
      premiumCents: 50_000,
      premiumPeriod: 'monthly',
      commission: { kind: 'rate', percent: 12 },
      writingAgent: agent,
    });
  }
  return carrier;
}

const rowOf = (page: Page, table: string, text: string) =>
  page.getByRole('region', { name: table }).getByRole('row').filter({ hasText: text });

atEachSize(
  [PHONE, DESKTOP],
  (size) => `at ${size.name} size`,
  (size) => {
    test('import a statement, read the exceptions, link the unmatched line, and the agent reads his share', async ({ page, browser }) => {
      test.setTimeout(120_000);
      const run = `${size.name}${Date.now().toString(36)}`;
      const agent = `Ben ${run}`;
      const agentEmail = `ben.${run}@e2e.local`;
      await ensureStaff({ name: agent, email: agentEmail, isAgent: true });
      const carrier = await seed(run, agent);
      const csv = [
        'Carrier,Policy #,Insured Name,Commission Amount,Line Type,Statement Period',
        `${carrier},P0-${run},Mona Able ${run},60.00,Renewal,${P}`,
        `${carrier},P1-${run},Sam Baker ${run},30.00,Renewal,${P}`,
        `${carrier},P2-${run},Cora Chase ${run},-60.00,Chargeback,${P}`,
        `${carrier},U-${run},Una Known ${run},45.00,New Business,${P}`,
      ].join('\n');

      await signIn(page);
      await page.goto('/admin/commissions');
      await expect(page.getByRole('heading', { name: 'Commissions', level: 1 })).toBeVisible();
      await page
        .getByLabel('Statement file (CSV or XLSX)')
        .setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect(page.getByText('4 lines: 3 matched, 0 ambiguous, 1 unmatched, 0 refused; 4 to import.')).toBeVisible();
      await expect(rowOf(page, 'Lines of the statement file', `U-${run}`)).toContainText('Unmatched');
      await expect(rowOf(page, 'Lines of the statement file', `P1-${run}`)).toContainText('Matched');
      await page.getByRole('button', { name: 'Import 4 lines' }).click();
      await expect(page.getByText('Statement imported: 4 new lines (0 already imported).')).toBeVisible();

      // Rows of this run's statement month (the policies are also missing the months after it).
      const exceptions = (text: string) => rowOf(page, 'Commission exceptions', text).filter({ hasText: P });
      await expect(exceptions(`P1-${run}`).filter({ hasText: 'Short' })).toHaveCount(1);
      await expect(exceptions(`P1-${run}`).filter({ hasText: 'Short' })).toContainText('$30.00');
      await expect(exceptions(`P2-${run}`).filter({ hasText: 'Chargeback' })).toHaveCount(1);
      await expect(exceptions(`P3-${run}`).filter({ hasText: 'Missing' })).toHaveCount(1);
      const unmatched = exceptions(`U-${run}`);
      await expect(unmatched).toContainText('Unmatched');

      await unmatched.getByLabel('Link to policy number').fill(`P3-${run}`);
      await unmatched.getByRole('button', { name: 'Link', exact: true }).click();
      await expect(page.getByText('The line is linked to the policy.')).toBeVisible();
      await expect(exceptions(`U-${run}`)).toHaveCount(0);
      // The $45.00 now paid against P3 leaves it short, no longer missing.
      await expect(exceptions(`P3-${run}`).filter({ hasText: 'Missing' })).toHaveCount(0);
      await expect(exceptions(`P3-${run}`).filter({ hasText: 'Short' })).toHaveCount(1);

      // The agent, signed in on his own, sees only his statement: 60 + 30 + 45 paid, 60 charged back.
      const context = await browser.newContext({ viewport: size.viewport });
      const agentPage = await context.newPage();
      await signIn(agentPage, agentEmail);
      await agentPage.goto('/admin/commissions');
      await expect(agentPage.getByRole('heading', { name: /^Agent statement/ })).toBeVisible();
      await expect(agentPage.getByLabel('Agent', { exact: true })).toHaveCount(0);
      await agentPage.getByLabel('Month').fill(P);
      await expect(agentPage.getByRole('heading', { name: `Agent statement: ${agent}, ${P}` })).toBeVisible();
      await expect(agentPage.getByRole('definition').nth(0)).toHaveText('$135.00');
      await expect(agentPage.getByRole('definition').nth(2)).toHaveText('-$60.00');
      await expect(rowOf(agentPage, 'Agent statement lines', `P1-${run}`)).toContainText('100%');
      await expect(agentPage.getByRole('region', { name: 'Commission exceptions' })).toHaveCount(0);
      await context.close();
    });
  },
);
