// A broker's working day in the browser (docs/product.md §10), at 1440 and at 390 px: from the
// dashboard to the newest unclaimed lead, claimed and its call logged with a follow-up in 4 actions
// and no reload of the lead list; the lead record's fields and timeline; the log-call dialog's
// checks and its guard against losing typed text; My work's buckets, actions and the title count.
import mongoose from 'mongoose';
import { expect, test, type Page } from '@playwright/test';
import { db, ensureStaff, signIn, atEachSize, DESKTOP, PHONE } from './helpers.ts';
import { holdRequests, signIn as signInAt } from './auth-helpers.ts';
import { claimLead, createLead, findLeadRecords, getLeadView, unclaimLead, updateLead } from '../models/leads/index.ts';
import { writeAroundLeadModel } from '../models/leads/testing.ts';

const run = Date.now().toString(36);
let n = 0;
const tag = () => `rec${run}x${++n}`;
// Agent names of digits only: other files find dashboard fields by short labels a random word could contain.
const AGENT = { name: `Rita${Date.now()}`, email: `rita.${run}@e2e.local`, isAgent: true };
const OTHER = { name: `Omar${Date.now()}`, email: `omar.${run}@e2e.local`, isAgent: true };
const asAgent = { name: AGENT.name };
const HOUR = 3_600_000;

test.beforeAll(async () => {
  await ensureStaff(AGENT);
  await ensureStaff(OTHER);
});

async function makeLead(name: string, phone = '(303) 555-4100') {
  await db();
  const lead = await createLead({ name, email: `${name.toLowerCase()}@example.com`, phone });
  return lead.id as string;
}

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

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

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

test('the record shows every field and the timeline newest first with author and time', async ({ page }) => {
  const name = `Timeline ${tag()}`;
  const leadId = await makeLead(name, '303-555-4222');
  await claimLead(leadId, AGENT.name, { name: 'Test Admin' });
  await updateLead(leadId, { status: 'called' }, asAgent);
  await signIn(page);
  await page.goto(`/admin/leads/${leadId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 15_000 });
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details.getByRole('link', { name: `${name.toLowerCase()}@example.com` })).toHaveAttribute(
    'href',
    `mailto:${name.toLowerCase()}@example.com`,
  );
  await expect(details.locator('a[href="tel:+13035554222"]')).toBeVisible();
  await expect(details).toContainText('Website form');
  await expect(details).toContainText(AGENT.name);
  // An admin who is no agent assigns; the claim buttons are gone once claimed, Log call is there.
  await expect(page.getByRole('button', { name: 'Log call' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Claim for/ })).toHaveCount(0);

  const entries = page.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
  await expect(entries.nth(0)).toContainText('Status set to called');
  await expect(entries.nth(0)).toContainText(AGENT.name);
  await expect(entries.nth(1)).toContainText(`Assigned to ${AGENT.name}`);
  await expect(entries.nth(1)).toContainText('Test Admin');
  await expect(entries.last()).toContainText('Lead came in from the website');
  const time = entries.nth(0).locator('time');
  expect(Date.now() - new Date((await time.getAttribute('datetime'))!).getTime()).toBeLessThan(5 * 60_000);
  await expect(time).toHaveAttribute('title', /\d{4}/);

  // The status moves with the arrow keys without saving; Enter saves it.
  const status = page.getByRole('combobox', { name: `Status for ${name}` });
  await status.focus();
  await page.keyboard.press('ArrowDown');
  await expect(status).toHaveValue('follow-up');
  await page.waitForTimeout(500);
  expect((await getLeadView(leadId)).status).toBe('called');
  // Enter on follow-up asks for its date first (prefilled), then saves both.
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: `Follow up with ${name}` });
  await expect(ask.getByLabel('Follow-up date and time')).not.toHaveValue('');
  expect((await getLeadView(leadId)).status).toBe('called');
  await ask.getByRole('button', { name: 'Set follow-up' }).click();
  await expect(page.getByText('Lead marked follow-up.')).toBeVisible();
  const saved = await getLeadView(leadId);
  expect(saved.status).toBe('follow-up');
  expect(saved.followUpAt?.getTime()).toBeGreaterThan(Date.now());
});

test('an unknown lead says so with a way back, and Delete asks, then returns to the list', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/leads/0123456789abcdef01234567');
  await expect(page.getByRole('alert')).toHaveText('That lead no longer exists.', { timeout: 15_000 });
  await expect(page.getByRole('link', { name: '← Back to leads' })).toHaveAttribute('href', '/admin/leads');

  const name = `Doomed ${tag()}`;
  const leadId = await makeLead(name);
  await page.goto(`/admin/leads/${leadId}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Lead' });
  await expect(confirm).toContainText(`Delete ${name}? This cannot be undone.`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL('/admin/leads');
  expect(await findLeadRecords({ _id: leadId }).then((r) => r[0] ?? null)).toBeNull();
});

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

test('the dashboard figures open the unclaimed and the overdue leads, oldest first', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/dashboard');
  const overall = page.getByRole('region', { name: 'Overall' });
  await expect(overall.getByRole('link', { name: /unclaimed: show these leads/ })).toHaveAttribute(
    'href',
    '/admin/leads?tab=unclaimed&order=asc',
    { timeout: 15_000 },
  );
  await expect(overall.getByRole('link', { name: /overdue .*: show these leads/ })).toHaveAttribute(
    'href',
    '/admin/leads?order=asc&overdue=1',
  );
  await overall.getByRole('link', { name: /unclaimed: show these leads/ }).click();
  await expect(page).toHaveURL('/admin/leads?tab=unclaimed&order=asc');
});

test('on the admin host the record is at /leads/:leadId and My work at /work, with links that stay on that host', async ({
  page,
  baseURL,
}) => {
  const admin = baseURL!.replace('//localhost', '//admin.localhost');
  const name = `Hosted ${tag()}`;
  const leadId = await makeLead(name);
  await signInAt(page, AGENT.email, admin);
  await page.goto(`${admin}/leads/${leadId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: '← Back to leads' })).toHaveAttribute('href', '/leads');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: /My work/ })
    .click();
  await expect(page).toHaveURL(`${admin}/work`);
  await expect(page.getByRole('heading', { level: 1, name: 'My work' })).toBeVisible();
});
