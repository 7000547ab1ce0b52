// My work in the browser (docs/product.md §10), at 1440 and at 390 px: the overdue, due-today and
// nearing-promise buckets with their actions and the title count, and an admin who is no agent picking whose
// work to see.
import { expect, test } from '@playwright/test';
import mongoose from 'mongoose';
import { signIn, wordsFor, agentOfFile, makeLead, atEachSize, DESKTOP, PHONE, sidewaysOverflow } from './helpers.ts';
import { claimLead, getLeadView, updateLead } from '../models/leads/index.ts';
import { writeAroundLeadModel } from '../models/leads/testing.ts';

const tag = wordsFor('rw');
const AGENT = agentOfFile('Rita');
const asAgent = { name: AGENT.name };

const OTHER = agentOfFile('Omar');
const HOUR = 3_600_000;

/** Sets a lead's arrival time on the collection itself (Mongoose keeps createdAt immutable). */
const arrivedAgo = (leadId: string, ms: number) =>
  writeAroundLeadModel((Lead) =>
    Lead.collection.updateOne({ _id: new mongoose.Types.ObjectId(leadId) }, { $set: { createdAt: new Date(Date.now() - ms) } }),
  );

/**
 * A follow-up due at `at` on a claimed lead, as a logged call leaves it: the status through the model, the
 * time (a past one cannot be logged) set on the lead itself.
 */
async function followUpDue(leadId: string, agent: string, at: Date) {
  await updateLead(leadId, { status: 'follow-up' }, { name: agent });
  await writeAroundLeadModel((Lead) => Lead.updateOne({ _id: leadId }, { $set: { followUpAt: at } }));
}

atEachSize(
  [DESKTOP, PHONE],
  (size) => `at ${size.viewport.width} px`,
  () => {
    test('My work lists overdue, today and nearing-promise leads with their actions, and the tab title counts them', async ({ page }) => {
      test.setTimeout(60_000);
      const late = `Late ${tag()}`;
      const soon = `Soon ${tag()}`;
      const waiting = `Waiting ${tag()}`;
      const lateId = await makeLead(late);
      const soonId = await makeLead(soon);
      const waitingId = await makeLead(waiting);
      await claimLead(lateId, AGENT.name, asAgent);
      await claimLead(soonId, AGENT.name, asAgent);
      await followUpDue(lateId, AGENT.name, new Date(Date.now() - 2 * HOUR));
      await followUpDue(soonId, AGENT.name, new Date(Date.now() + 5 * 60_000));
      await arrivedAgo(waitingId, 21 * HOUR);

      await signIn(page, AGENT.email);
      await page.goto('/admin/work');
      const overdue = page.getByRole('region', { name: /^Overdue follow-ups/ });
      const today = page.getByRole('region', { name: /^Due today/ });
      const promise = page.getByRole('region', { name: /^Unclaimed, nearing the 24-hour promise/ });
      await expect(overdue.getByRole('link', { name: late })).toBeVisible({ timeout: 15_000 });
      await expect(overdue.getByRole('heading')).toHaveText('Overdue follow-ups (1)');
      await expect(today.getByRole('link', { name: soon })).toBeVisible();
      await expect(promise.getByRole('link', { name: waiting })).toBeVisible();
      await expect(overdue.locator('a[href="tel:+13035554100"]')).toBeVisible();

      // The count in the tab's title and on the navigation is the sum of the three buckets.
      let total = 0;
      for (const bucket of [overdue, today, promise]) total += await bucket.getByRole('listitem').count();
      await expect(page).toHaveTitle(new RegExp(`^\\(${total}\\) My Work`));
      await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /My work/ })).toContainText(String(total));

      // Claiming from the promise bucket takes the lead out of it.
      await promise.getByRole('button', { name: `Claim: ${waiting}` }).click();
      await expect(page.getByText(`${waiting} is yours now.`)).toBeVisible();
      await expect(promise.getByRole('link', { name: waiting })).toHaveCount(0);
      expect((await getLeadView(waitingId)).claimedBy).toBe(AGENT.name);

      // Logging the overdue call without a new follow-up empties the overdue bucket.
      await overdue.getByRole('button', { name: `Log call: ${late}` }).click();
      const dialog = page.getByRole('dialog', { name: `Log a call with ${late}` });
      await dialog.getByRole('radio', { name: 'No answer' }).check();
      await dialog.getByRole('button', { name: 'Save call' }).click();
      await expect(page.getByText(`Call with ${late} logged.`)).toBeVisible();
      await expect(overdue.getByText('Nothing overdue')).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^\\(${total - 2}\\) My Work`));

      // Every target a thumb needs is 44 px tall, and nothing scrolls sideways.
      for (const target of await page.locator('main a, main button').all()) {
        const box = await target.boundingBox();
        if (box) expect(box.height, await target.innerText()).toBeGreaterThanOrEqual(44);
      }
      expect(await sidewaysOverflow(page)).toBe(0);
    });
  },
);

test('an admin who is no agent picks whose work to see, and the choice stays in the URL', async ({ page }) => {
  const name = `Picked ${tag()}`;
  const leadId = await makeLead(name);
  await claimLead(leadId, OTHER.name, asAgent);
  await followUpDue(leadId, OTHER.name, new Date(Date.now() - HOUR));
  await signIn(page);
  await page.goto('/admin/work');
  await expect(page.getByText('You are not an agent')).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Whose work').selectOption(OTHER.name);
  await expect(page).toHaveURL(new RegExp(`agent=${OTHER.name}`));
  await expect(page.getByRole('region', { name: /^Overdue follow-ups/ }).getByRole('link', { name })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: /^Overdue follow-ups/ }).getByRole('link', { name })).toBeVisible({ timeout: 15_000 });
});
