// Logging a call (docs/product.md §10), at 1440 and at 390 px: from the dashboard to the newest unclaimed
// lead, claimed and its call logged with a follow-up in 4 actions and no reload of the lead list; the
// log-call dialog's checks, its guard against losing typed text and a refusal shown inside it.
import { expect, test } from '@playwright/test';
import { signIn, wordsFor, agentOfFile, makeLead, atEachSize, DESKTOP, PHONE, sidewaysOverflow } from './helpers.ts';
import { holdRequests } from './auth-helpers.ts';
import { claimLead, getLeadView, unclaimLead } from '../models/leads/index.ts';

const tag = wordsFor('rc');
const AGENT = agentOfFile('Rita');
const asAgent = { name: AGENT.name };

atEachSize(
  [DESKTOP, PHONE],
  (size) => `at ${size.viewport.width} px`,
  () => {
    test('the newest unclaimed lead is claimed and its call logged with a follow-up in 4 actions from the dashboard', async ({ page }) => {
      test.setTimeout(60_000);
      const name = `Newest ${tag()}`;
      const leadId = await makeLead(name);
      await signIn(page, AGENT.email);
      await page.goto('/admin/dashboard');
      const newest = page.getByRole('region', { name: 'Newest unclaimed lead' });
      await expect(newest.getByRole('link', { name })).toBeVisible({ timeout: 15_000 });

      // From here on: no full page load, and once on the record no request for the lead list.
      await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
      const listRequests: string[] = [];
      let onRecord = false;
      page.on('request', (r) => {
        if (onRecord && r.url().includes('leads.page')) listRequests.push(r.url());
      });
      // An action is a click that opens another screen or dialog or saves; choosing inside the open
      // form (the outcome, a quick pick) is filling it in.
      let actions = 0;
      const act = async (step: () => Promise<void>) => {
        actions++;
        await step();
      };

      await act(() => newest.getByRole('link', { name }).click());
      await expect(page).toHaveURL(`/admin/leads/${leadId}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      onRecord = true;

      await act(() => page.getByRole('button', { name: 'Claim', exact: true }).click());
      await expect(page.getByText('Lead claimed. It is yours now.')).toBeVisible();

      await act(() => page.getByRole('button', { name: 'Log call' }).click());
      const dialog = page.getByRole('dialog', { name: `Log a call with ${name}` });
      await dialog.getByRole('radio', { name: 'Reached' }).check();
      await dialog.getByRole('button', { name: 'Tomorrow 9:00' }).click();
      await dialog.getByLabel('Note').fill('Wants a family quote');
      await act(() => dialog.getByRole('button', { name: 'Save call' }).click());

      await expect(dialog).toHaveCount(0);
      await expect(page.getByText(/^Call logged\. Follow-up /)).toBeVisible();
      expect(actions).toBeLessThanOrEqual(4);
      expect(listRequests).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);

      // Tomorrow at 9:00 in the browser's time, on the lead and on its timeline.
      const tomorrowNine = await page.evaluate(() => {
        const d = new Date();
        return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1, 9, 0).getTime();
      });
      const saved = await getLeadView(leadId);
      expect(saved.claimedBy).toBe(AGENT.name);
      expect(saved.status).toBe('follow-up');
      expect(saved.followUpAt?.getTime()).toBe(tomorrowNine);
      expect(saved.lastCall?.outcome).toBe('reached');
      await expect(page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').filter({ hasText: 'Call: Reached' })).toContainText(
        AGENT.name,
      );
      expect(await sidewaysOverflow(page)).toBe(0);
    });
  },
);

test('the log-call dialog marks every error under its field, asks before discarding, and shows the refusal inside', async ({ page }) => {
  const name = `Dialog ${tag()}`;
  const leadId = await makeLead(name);
  await claimLead(leadId, AGENT.name, asAgent);
  await signIn(page, AGENT.email);
  await page.goto(`/admin/leads/${leadId}`);
  await page.getByRole('button', { name: 'Log call' }).click({ timeout: 15_000 });
  const dialog = page.getByRole('dialog', { name: `Log a call with ${name}` });

  // Both errors at once, each under its own field, marked invalid, focus on the first.
  await dialog.getByLabel('Note').fill('Called twice');
  await dialog.getByLabel('Follow-up date and time (your time)').fill('2020-01-01T09:00');
  await dialog.getByRole('button', { name: 'Save call' }).click();
  const outcomes = dialog.getByRole('radiogroup', { name: 'How did the call go? *' });
  await expect(outcomes).toHaveAttribute('aria-invalid', 'true');
  await expect(outcomes).toHaveAccessibleDescription('Choose how the call went');
  const followUp = dialog.getByLabel('Follow-up date and time (your time)');
  await expect(followUp).toHaveAttribute('aria-invalid', 'true');
  await expect(followUp).toHaveAccessibleDescription('Pick a follow-up time in the future');
  await expect(dialog.getByRole('radio', { name: 'Reached' })).toBeFocused();

  // Esc with text typed asks; keeping it loses nothing; discarding closes.
  await page.keyboard.press('Escape');
  await expect(dialog.getByText('Discard this call log?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByLabel('Note')).toHaveValue('Called twice');
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toHaveCount(0);

  // The lead is unclaimed meanwhile: the server refuses, and says why inside the dialog.
  await page.getByRole('button', { name: 'Log call' }).click();
  await dialog.getByRole('radio', { name: 'Voicemail' }).check();
  await unclaimLead(leadId, asAgent);
  const release = await holdRequests(page, '**/trpc/leads.logCall**');
  await dialog.getByRole('button', { name: 'Save call' }).click();
  await expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  release();
  await expect(dialog.getByRole('alert')).not.toBeEmpty();
  await expect(dialog).toBeVisible();
  expect((await getLeadView(leadId)).lastCall).toBeNull();
});
