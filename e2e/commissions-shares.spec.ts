// Agents' shares in the browser, at phone and desktop sizes: an admin finds a policy by its number, splits
// its commission 60/40 between the writing agent and another agent, and the other agent's statement
// shows his 40% of the month's payment.
import { expect, test } from '@playwright/test';
import { createHash } from 'node:crypto';
import { db, ensureStaff, signIn, atEachSize, DESKTOP, PHONE } from './helpers.ts';
import { CustomerModel } from '../models/customers/customer.ts';
import { PolicyModel } from '../models/policies/schema.ts';
import { StatementLineModel } from '../models/commissions/schema.ts';

const P = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1)).toISOString().slice(0, 7);

/** A policy written by `writer` with a matched $50.00 line of month P. */
async function seed(run: string, writer: string) {
  await db();
  const customer = await CustomerModel.create({
    name: `Shared Client ${run}`,
    email: `shared.${run}@example.com`,
    phone: '+13035551999',
    age: 66,
    insuranceProvider: 'Aetna',
    leadKey: `manual:e2e-shares-${run}`,
  });
  const policy = await PolicyModel.create({
    customerId: customer._id,
    carrier: `Carrier ${run}`,
    line: 'medicare-advantage',
    policyNumber: `SP-${run}`,
    status: 'active',
    effectiveDate: `${P}-01`,
    premiumCents: 50_000,
    premiumPeriod: 'monthly',
    commission: { kind: 'rate', percent: 12 },
    writingAgent: writer,
  });
  await StatementLineModel.create({
    _id: createHash('sha1').update(run).digest('hex'),
    statementId: `e2e-${run}`,
    row: 2,
    carrier: `Carrier ${run}`,
    policyNumber: `SP-${run}`,
    amountCents: 5000,
    period: P,
    lineType: 'renewal',
    status: 'matched',
    policyId: policy._id,
    agent: writer,
  });
}

atEachSize(
  [PHONE, DESKTOP],
  (size) => `at ${size.name} size`,
  (size) => {
    test("an admin splits a policy's commission and the other agent's statement shows his share", async ({ page }) => {
      test.setTimeout(90_000);
      const run = `${size.name}${Date.now().toString(36)}`;
      const [writer, partner] = [`Wes ${run}`, `Pat ${run}`];
      await ensureStaff({ name: partner, email: `pat.${run}@e2e.local`, isAgent: true });
      await seed(run, writer);

      await signIn(page);
      await page.goto('/admin/commissions');
      const shares = page.getByRole('region', { name: 'Agents’ shares' });
      await shares.getByLabel('Policy number').fill(`sp-${run}`);
      await shares.getByRole('button', { name: 'Find policy' }).click();
      await expect(shares.getByText('100% to the writing agent.')).toBeVisible();
      await expect(shares.getByLabel('Agent 1', { exact: true })).toHaveValue(writer);
      await shares.getByLabel('Share of agent 1 (%)').fill('60');
      await shares.getByRole('button', { name: 'Add an agent' }).click();
      await shares.getByLabel('Agent 2', { exact: true }).fill(partner);
      await shares.getByLabel('Share of agent 2 (%)').fill('50');
      await shares.getByRole('button', { name: 'Save shares' }).click();
      await expect(shares.getByText('The shares must add up to 100% (10000 basis points)')).toBeVisible();
      await shares.getByLabel('Share of agent 2 (%)').fill('40');
      await shares.getByRole('button', { name: 'Save shares' }).click();
      await expect(shares.getByText('Shares saved.')).toBeVisible();
      await expect(shares.getByText('split between agents.')).toBeVisible();

      await page.reload();
      await page.getByLabel('Agent', { exact: true }).selectOption(partner);
      await page.getByLabel('Month', { exact: true }).fill(P);
      await expect(page.getByRole('heading', { name: `Agent statement: ${partner}, ${P}` })).toBeVisible();
      await expect(page.getByRole('definition').nth(0)).toHaveText('$20.00');
      const line = page
        .getByRole('region', { name: 'Agent statement lines' })
        .getByRole('row')
        .filter({ hasText: `SP-${run}` });
      await expect(line).toContainText('40%');
    });
  },
);
