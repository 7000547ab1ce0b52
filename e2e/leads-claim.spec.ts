// Claiming on the lead list: the tab counts, claiming for an agent or as oneself with Undo and Open, a
// claim that lost the race or failed, and the status control that only claimed leads have and that waits
// for Enter (docs/product.md §4, §8).
import { expect, test, type Page } from '@playwright/test';
import { wordsFor, answerInternalError } from './helpers.ts';
import {
  AGENT_A,
  AGENT_B,
  ME,
  OTHER,
  elsewhere,
  withListStaff,
  makeListLeads,
  searchAsAdmin,
  openAsMe,
  row,
  tab,
  tabCount,
} from './lead-list-helpers.ts';
import { claimLead, readLead, findLeadRecords } from '../models/leads/index.ts';

const word = wordsFor('lc');
withListStaff();

/** Where the table starts on the page (not in the viewport, which a scroll would change). */
const tableTop = (page: Page) =>
  page.locator('table').evaluate((table) => table.getBoundingClientRect().top + document.scrollingElement!.scrollTop);

test('tabs count the leads, claiming moves a lead to the agent, and status changes only on claimed leads', async ({ page }) => {
  const tag = word();
  await makeListLeads(tag, 3);
  await searchAsAdmin(page, tag);
  await expect(tabCount(page, 'All')).toHaveText('3');
  await expect(tabCount(page, 'Unclaimed')).toHaveText('3');
  await expect(tabCount(page, `${AGENT_A}'s`)).toHaveText('0');
  await expect(row(page, `${tag} Person0`).getByRole('combobox')).toHaveCount(0);

  await row(page, `${tag} Person0`)
    .getByRole('button', { name: `Claim for ${AGENT_A}` })
    .click();
  await expect(row(page, `${tag} Person0`)).toContainText(AGENT_A);
  await expect(tabCount(page, 'Unclaimed')).toHaveText('2');
  await expect(tabCount(page, `${AGENT_A}'s`)).toHaveText('1');

  await row(page, `${tag} Person0`)
    .getByRole('combobox', { name: `Status for ${tag} Person0` })
    .selectOption('called');
  await expect.poll(async () => (await findLeadRecords({ name: `${tag} Person0` }).then((r) => r[0] ?? null))?.status).toBe('called');

  await row(page, `${tag} Person0`).getByRole('combobox').selectOption('lost');
  await expect(row(page, `${tag} Person0`)).toContainText('Lost');
  // A lost lead's actions are Restore and Delete.
  await expect(row(page, `${tag} Person0`).getByRole('button')).toHaveText(['Restore', 'Delete']);
  await expect(tabCount(page, `${AGENT_A}'s`)).toHaveText('0');
  await expect(tabCount(page, 'Lost')).toHaveText('1');
});

test('a claim that lost the race shows who holds the lead and refreshes', async ({ page }) => {
  const tag = word();
  await makeListLeads(tag, 1);
  await searchAsAdmin(page, tag);
  await expect(row(page, `${tag} Person0`)).toBeVisible();
  // Another agent claims it behind this page's back.
  const [lead] = await findLeadRecords({ name: `${tag} Person0` });
  await claimLead(String(lead._id), AGENT_B, elsewhere);
  await row(page, `${tag} Person0`)
    .getByRole('button', { name: `Claim for ${AGENT_A}` })
    .click();
  await expect(page.getByRole('alert')).toHaveText(new RegExp(`This lead was already claimed by ${AGENT_B}\\.`));
  await expect(row(page, `${tag} Person0`)).toContainText(AGENT_B);
});

test("a claim keeps the row in place on Unclaimed, says so with Undo and Open; the agent's own button is the primary Claim", async ({
  page,
}) => {
  const tag = word();
  const [first] = await makeListLeads(tag, 2);
  await openAsMe(page, `tab=unclaimed&q=${tag}`);
  const target = row(page, `${tag} Person0`);
  const mine = target.getByRole('button', { name: 'Claim', exact: true });
  const theirs = target.getByRole('button', { name: `Claim for ${OTHER}` });
  await expect(mine).toBeVisible();
  await expect(theirs).toBeVisible();
  await expect(target.getByRole('button', { name: `Claim for ${ME}` })).toHaveCount(0);
  // The own button is filled, the other agent's is not: a slip onto it is visible.
  const fill = (b: typeof mine) => b.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await fill(mine)).not.toBe(await fill(theirs));
  expect(await fill(theirs)).toBe('rgb(255, 255, 255)');

  await mine.click();
  const toast = page.getByRole('status');
  await expect(toast).toContainText(`Claimed ${tag} Person0 for ${ME}.`);
  await expect(toast.getByRole('link', { name: 'Open' })).toHaveAttribute('href', `/admin/leads/${first.id}`);
  // Still on the Unclaimed tab, the claimed row stays where it was, now showing its agent.
  await expect(tab(page, 'Unclaimed')).toContainText('1');
  await expect(target).toContainText(ME);
  await expect(page.locator('tbody tr').nth(1)).toContainText(`${tag} Person0`);
  expect((await readLead(first._id))?.claimedBy).toBe(ME);

  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status')).toContainText(`${tag} Person0 unclaimed.`);
  await expect.poll(async () => (await readLead(first._id))?.claimedBy ?? null).toBeNull();
  await expect(target.getByRole('button', { name: 'Claim', exact: true })).toBeVisible();
});

test('a later success replaces an earlier error, and the toast floats over the list', async ({ page }) => {
  const tag = word();
  await makeListLeads(tag, 2);
  await openAsMe(page, `q=${tag}`);
  await expect(page.locator('tbody tr')).toHaveCount(2);
  // The first claim fails on the way.
  await page.route('**/trpc/leads.claim**', answerInternalError, { times: 1 });
  const before = await tableTop(page);
  await row(page, `${tag} Person0`).getByRole('button', { name: 'Claim', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Error claiming lead. Please try again.');
  expect(await tableTop(page)).toBe(before);
  await row(page, `${tag} Person1`).getByRole('button', { name: 'Claim', exact: true }).click();
  await expect(page.getByRole('status')).toContainText(`Claimed ${tag} Person1 for ${ME}.`);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the status drop-down does not save on an arrow key, only on Enter', async ({ page }) => {
  const tag = word();
  const [lead] = await makeListLeads(tag, 1);
  await claimLead(lead.id, ME, elsewhere);
  await openAsMe(page, `q=${tag}`);
  const select = page.getByRole('combobox', { name: `Status for ${tag} Person0` });
  await select.focus();
  await page.keyboard.press('ArrowDown');
  await expect(select).toHaveValue('called');
  await page.waitForTimeout(500);
  expect((await readLead(lead._id))?.status).toBe('unclaimed');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await readLead(lead._id))?.status).toBe('called');
  await expect(page.getByRole('status')).toContainText(`${tag} Person0 marked called.`);
});
