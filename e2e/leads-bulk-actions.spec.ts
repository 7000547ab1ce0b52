// Bulk actions on the lead list: one call per lead, a partial failure reported with the failed leads
// kept selected, Mark Lost and Restore, and Mark Closed giving each lead its customer (docs/product.md §4).
import { expect, test } from '@playwright/test';
import { wordsFor } from './helpers.ts';
import { AGENT_A, AGENT_B, elsewhere, withListStaff, makeListLeads, searchAsAdmin, row, tab, tabCount } from './lead-list-helpers.ts';
import { claimLead, deleteLead, readLead, findLeadRecords } from '../models/leads/index.ts';
import { CustomerModel } from '../models/customers/customer.ts';

const word = wordsFor('lb');
withListStaff();

test('bulk actions send one call per lead and report a partial failure', async ({ page }) => {
  const tag = word();
  const leads = await makeListLeads(tag, 3);
  await searchAsAdmin(page, tag);
  await expect(tabCount(page, 'All')).toHaveText('3');
  await page.getByRole('checkbox', { name: 'Select all leads' }).check();
  // One of them disappears before the action: its claim fails, the others succeed.
  await deleteLead(leads[2].id, elsewhere);
  await page
    .getByRole('toolbar', { name: 'Bulk actions' })
    .getByRole('button', { name: `Assign to ${AGENT_B}` })
    .click();
  await expect(page.getByRole('alert')).toContainText('Error claiming some leads. Please try again.');
  await expect(tabCount(page, `${AGENT_B}'s`)).toHaveText('2');

  await page.getByRole('checkbox', { name: 'Select all leads' }).check();
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Mark Lost' }).click();
  await expect(tabCount(page, 'Lost')).toHaveText('2');
  await tab(page, 'Lost').click();
  await page.getByRole('checkbox', { name: 'Select all leads' }).check();
  const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(toolbar.getByRole('button')).toHaveText(['Restore', 'Delete']);
  await toolbar.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('No lost leads')).toBeVisible();
  await expect(tabCount(page, 'Unclaimed')).toHaveText('2');
});

test('bulk Mark Lost throws unclaimed leads away without a claim, and Restore brings them back unclaimed', async ({ page }) => {
  const tag = word();
  await makeListLeads(tag, 2);
  await searchAsAdmin(page, tag);
  await expect(tab(page, 'Unclaimed')).toContainText('2');
  await page.getByRole('checkbox', { name: 'Select all leads' }).check();
  const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await toolbar.getByRole('button', { name: 'Mark Lost' }).click();
  await expect(page.getByRole('status')).toContainText('2 leads marked lost.');
  await expect(tab(page, 'Lost')).toContainText('2');
  await expect(tab(page, 'Unclaimed')).toContainText('0');
  await tab(page, 'Unclaimed').click();
  await expect(page.getByText('No unclaimed leads')).toBeVisible();

  await tab(page, 'Lost').click();
  await expect(row(page, `${tag} Person0`)).toContainText('Lost');
  await expect(row(page, `${tag} Person1`)).toContainText('Lost');
  await page.getByRole('checkbox', { name: 'Select all leads' }).check();
  await toolbar.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('No lost leads')).toBeVisible();
  await tab(page, 'Unclaimed').click();
  await expect(tab(page, 'Unclaimed')).toContainText('2');
  for (const name of [`${tag} Person0`, `${tag} Person1`]) {
    await expect(row(page, name)).toContainText('Unclaimed');
    await expect(row(page, name).getByRole('button', { name: `Claim for ${AGENT_A}` })).toBeVisible();
  }
  expect((await findLeadRecords({ name: new RegExp(`^${tag} `) })).map((l) => [l.status, l.claimedBy])).toEqual([
    ['unclaimed', null],
    ['unclaimed', null],
  ]);
});

test('failed leads of a bulk action stay selected; bulk Mark Closed gives each lead its customer', async ({ page }) => {
  const tag = word();
  const [a, b, c] = await makeListLeads(tag, 3);
  await claimLead(c.id, AGENT_B, elsewhere);
  await searchAsAdmin(page, tag);
  await page.getByRole('checkbox', { name: 'Select all leads' }).check();
  const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
  // Only the claimed lead can be marked called: the two others are refused and stay selected.
  await toolbar.getByRole('button', { name: 'Mark Called' }).click();
  await expect(page.getByRole('alert')).toContainText('Error updating some leads. Please try again.');
  await expect(page.getByRole('alert')).toContainText('2 of 3 failed');
  await expect(toolbar).toContainText('2 selected');
  expect((await readLead(c._id))?.status).toBe('called');

  await toolbar.getByRole('button', { name: `Assign to ${AGENT_A}` }).click();
  await expect(page.getByRole('status')).toContainText(`2 leads assigned to ${AGENT_A}.`);
  await page.getByRole('checkbox', { name: 'Select all leads' }).check();
  await toolbar.getByRole('button', { name: 'Mark Closed' }).click();
  await expect(page.getByRole('status')).toContainText('3 leads marked closed.');
  await expect(tabCount(page, 'Closed')).toHaveText('3');
  for (const lead of [a, b, c]) expect(await CustomerModel.countDocuments({ leadId: lead._id })).toBe(1);
  // A closed lead keeps its status and cannot be deleted from here.
  await expect(row(page, `${tag} Person0`).getByRole('combobox')).toHaveCount(0);
  await expect(row(page, `${tag} Person0`).getByRole('button', { name: /^Delete/ })).toHaveCount(0);
});
