// The status drop-down from the keyboard (Escape undoes a moved choice, Tab leaves without saving, Enter
// saves), and axe on the console states this work added (the Away mark and dialog, the follow-up
// prompt, Office settings with a refused step), at 390 and 1440 px.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, db, ensureStaff, signIn, atEachSize, DESKTOP, PHONE } from './helpers.ts';
import { claimLead, createLead, getLeadView } from '../models/leads/index.ts';
import { StaffModel } from '../models/staff/accounts.ts';

const run = Date.now().toString(36);
let n = 0;
const AGENT = { name: `Keys Agent ${run}`, email: `keys.agent.${run}@e2e.local`, isAgent: true };

test.beforeAll(async () => {
  await ensureStaff({ ...E2E_ADMIN });
  await ensureStaff(AGENT);
});

async function claimedLead() {
  await db();
  const name = `Keys${run}x${++n} Person`;
  const lead = await createLead({ name, email: `keys.${run}.${n}@example.com`, phone: '(312) 555-2041' });
  await claimLead(lead.id as string, AGENT.name, { name: 'Test Admin' });
  return { leadId: lead.id as string, name };
}

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

atEachSize(
  [PHONE, DESKTOP],
  ({ viewport }) => `at ${viewport.width} px`,
  () => {
    test('Escape puts a moved status back and Tab leaves without saving; Enter saves', async ({ page }) => {
      const { leadId, name } = await claimedLead();
      await signIn(page);
      await page.goto(`/admin/leads/${leadId}`);
      const status = page.getByRole('combobox', { name: `Status for ${name}` });
      await status.focus();
      await page.keyboard.press('ArrowDown');
      await expect(status).toHaveValue('called');
      await page.keyboard.press('Escape');
      await expect(status).toHaveValue('');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      await expect(status).toHaveValue('');
      await page.waitForTimeout(500);
      expect((await getLeadView(leadId)).status).toBe('unclaimed');
      await status.focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(page.getByText('Lead marked called.')).toBeVisible();
      expect((await getLeadView(leadId)).status).toBe('called');
    });

    test('axe finds nothing on the Away mark and dialog and on the follow-up prompt', async ({ page }) => {
      await db();
      await StaffModel.updateOne({ email: AGENT.email }, { $set: { away: true, awayUntil: new Date(Date.now() + 86_400_000) } });
      await signIn(page, AGENT.email);
      await page.goto('/admin/work');
      await expect(page.getByRole('banner').getByText(/^Away until /)).toBeVisible({ timeout: 15_000 });
      expect(await violations(page)).toEqual([]);
      await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('menuitem', { name: 'Away' }).click();
      await expect(page.getByRole('dialog', { name: 'Away' }).getByRole('checkbox')).toBeChecked();
      expect(await violations(page)).toEqual([]);
      await page.getByRole('dialog', { name: 'Away' }).getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('banner').getByRole('button', { name: "I'm back" }).click();
      await expect(page.getByRole('banner').getByText(/^Away/)).toHaveCount(0);

      const { leadId, name } = await claimedLead();
      await page.goto(`/admin/leads/${leadId}`);
      await page.getByRole('combobox', { name: `Status for ${name}` }).selectOption('follow-up');
      await expect(page.getByRole('dialog', { name: `Follow up with ${name}` })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('axe finds nothing on Office settings, with a refused escalation step', async ({ page }) => {
      await signIn(page);
      await page.goto('/admin/office');
      const remind = page.getByLabel('Remind the holder after (minutes)');
      await expect(remind).toBeVisible({ timeout: 15_000 });
      // The field is drawn: a border a person can see.
      expect(
        await remind.evaluate(
          (el) => getComputedStyle(el).borderTopStyle !== 'none' && parseFloat(getComputedStyle(el).borderTopWidth) > 0,
        ),
      ).toBe(true);
      await remind.fill('0');
      await page.getByRole('button', { name: 'Save escalation' }).click();
      await expect(page.getByText('At least 1 minute')).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  },
);
