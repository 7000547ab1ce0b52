// The lead record in the browser (docs/product.md §10): every field and the timeline newest first, the
// status that waits for Enter, an unknown lead and Delete, and the record on the admin host.
import { expect, test } from '@playwright/test';
import { signIn, wordsFor, agentOfFile, makeLead } from './helpers.ts';
import { signIn as signInAt } from './auth-helpers.ts';
import { claimLead, findLeadRecords, getLeadView, updateLead } from '../models/leads/index.ts';

const tag = wordsFor('rr');
const AGENT = agentOfFile('Rita');
const asAgent = { name: AGENT.name };

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
