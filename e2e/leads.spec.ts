// Lead Management in the browser: tabs and counts, claiming, statuses, bulk actions, notes,
// deletion and the empty states (docs/product.md §4, §8). The database is shared by the whole suite, so
// every test makes leads with a unique word and searches for it.
import mongoose from 'mongoose';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, ensureStaff, signIn, db } from './helpers.ts';
import { claimLead, createLead, deleteLead, readLead, findLeadRecords, countLeads } from '../models/leads/index.ts';
import { writeAroundLeadModel } from '../models/leads/testing.ts';
import { CustomerModel } from '../models/customers/customer.ts';
import { openText } from '../server/field-crypto.ts';

const run = Date.now().toString(36);
let n = 0;
const word = () => `zq${run}x${++n}`;
const AGENT_A = `Ada${run}`;
const AGENT_B = `Bo${run}`;
/** Someone else working in the console meanwhile: through the model, so the counters follow. */
const elsewhere = { name: 'Another Admin' };

test.beforeAll(async () => {
  await ensureStaff({ ...E2E_ADMIN });
  await ensureStaff({ name: AGENT_A, email: `ada.${run}@e2e.local`, isAgent: true });
  await ensureStaff({ name: AGENT_B, email: `bo.${run}@e2e.local`, isAgent: true });
});

async function makeLeads(tag: string, count: number, extra: Record<string, unknown> = {}) {
  await db();
  const leads = [];
  for (let i = 0; i < count; i++) {
    const lead = await createLead({ name: `${tag} Person${i}`, email: `${tag}.${i}@example.com`, phone: `(303) 555-${String(2000 + i)}` });
    if (Object.keys(extra).length) await writeAroundLeadModel((Lead) => Lead.updateOne({ _id: lead._id }, { $set: extra }));
    leads.push(lead);
  }
  return leads;
}

async function open(page: Page, tag: string) {
  await signIn(page);
  await page.goto('/admin/leads');
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(tag);
  // The search runs on the server after a short pause: wait until only this test's leads (or an
  // empty state) are listed.
  await expect
    .poll(async () => {
      const rows = await page.locator('tbody tr').allTextContents();
      if (await page.getByText(/^No (leads found|\w+ (leads|deals))$/).isVisible()) return rows.length === 0;
      return rows.length > 0 && rows.every((t) => t.includes(tag));
    })
    .toBe(true);
}

const tab = (page: Page, label: string) => page.getByRole('tab', { name: new RegExp(`^${label}`) });
/** The count badge of a tab, matched whole (agent names hold digits). */
const tabCount = (page: Page, label: string) => tab(page, label).locator('span').last();
const row = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) });

test('tabs count the leads, claiming moves a lead to the agent, and status changes only on claimed leads', async ({ page }) => {
  const tag = word();
  await makeLeads(tag, 3);
  await open(page, tag);
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
  await makeLeads(tag, 1);
  await open(page, tag);
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

test('bulk actions send one call per lead and report a partial failure', async ({ page }) => {
  const tag = word();
  const leads = await makeLeads(tag, 3);
  await open(page, tag);
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
  await makeLeads(tag, 2);
  await open(page, tag);
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

test('deleting asks for confirmation first', async ({ page }) => {
  const tag = word();
  await makeLeads(tag, 1);
  await open(page, tag);
  await row(page, `${tag} Person0`)
    .getByRole('button', { name: `Delete ${tag} Person0` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete Lead' });
  await expect(dialog).toContainText(`Delete ${tag} Person0?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, `${tag} Person0`)).toBeVisible();
  await row(page, `${tag} Person0`)
    .getByRole('button', { name: `Delete ${tag} Person0` })
    .click();
  await page.getByRole('dialog', { name: 'Delete Lead' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No leads found')).toBeVisible();
  expect(await countLeads({ name: `${tag} Person0` })).toBe(0);
});

test('notes toggle between view and edit, and long notes collapse', async ({ page }) => {
  const tag = word();
  const long = `Prefers afternoon calls. ${'Needs a family plan with good pediatric coverage. '.repeat(6)}`;
  await makeLeads(tag, 1, { notes: long });
  await open(page, tag);
  await row(page, `${tag} Person0`)
    .getByRole('button', { name: `Notes for ${tag} Person0` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Notes for ${tag} Person0` });
  await expect(dialog).not.toContainText(long.trim());
  await dialog.getByRole('button', { name: 'Read More' }).click();
  await expect(dialog).toContainText(long.trim());
  await dialog.getByRole('button', { name: 'Show Less' }).click();
  await dialog.getByRole('button', { name: 'Edit Notes' }).click();
  await dialog.getByLabel('Notes').fill('Call back Tuesday');
  await dialog.getByRole('button', { name: 'Save Notes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect
    .poll(async () => openText((await findLeadRecords({ name: `${tag} Person0` }).then((r) => r[0] ?? null))?.notes))
    .toBe('Call back Tuesday');
});

test('the create-lead form needs name, email and phone, and a failure shows the documented alert', async ({ page }) => {
  const tag = word();
  await open(page, tag);
  await expect(page.getByText('No leads found')).toBeVisible();
  await page.getByRole('button', { name: '+ New Lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Lead' });
  const create = dialog.getByRole('button', { name: 'Create' });
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Name *').fill(`${tag} Walkin`);
  await dialog.getByLabel('Email *').fill(`${tag}@example.com`);
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Phone *').fill('303-555-7000');
  await create.click();
  await expect(row(page, `${tag} Walkin`)).toContainText('Added by staff');

  await page.route('**/trpc/leads.create**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '[{"error":{"json":{"message":"boom","code":-32603,"data":{"code":"INTERNAL_SERVER_ERROR","httpStatus":500}}}}]',
    }),
  );
  await page.getByRole('button', { name: '+ New Lead' }).click();
  await dialog.getByLabel('Name *').fill(`${tag} Second`);
  await dialog.getByLabel('Email *').fill(`${tag}.2@example.com`);
  await dialog.getByLabel('Phone *').fill('303-555-7001');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('alert')).toContainText('Error creating lead. Please try again.');
});

test('search matches phone digits, overdue and duplicate leads are marked', async ({ page }) => {
  const tag = word();
  // Phones of this test's own (digits from the run's word), so no other test's lead matches.
  const digits = String(parseInt(run, 36) % 10_000).padStart(4, '0');
  const first = await createLead({ name: `${tag} Old`, email: `${tag}.old@example.com`, phone: `(719) 555-${digits}` });
  const thirtyHoursAgo = new Date(Date.now() - 30 * 3600_000);
  await writeAroundLeadModel((Lead) => Lead.collection.updateOne({ _id: first._id }, { $set: { createdAt: thirtyHoursAgo } }));
  // Its duplicate-check keys (models/leads/keys.ts) date from its arrival too.
  await mongoose.connection.collection('lead_keys').updateMany({ leadId: first._id }, { $set: { at: thirtyHoursAgo } });
  // The same email 30 hours later: outside the 24-hour window, so not a duplicate.
  await createLead({ name: `${tag} Again`, email: `${tag}.old@example.com`, phone: `(719) 556-${digits}` });
  // The same phone as "Again" within the window: a duplicate.
  await createLead({ name: `${tag} Twin`, email: `${tag}.twin@example.com`, phone: `719 556 ${digits}` });
  await signIn(page);
  await page.goto('/admin/leads');
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(`(719) 555${digits}`);
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(1);
  await expect(row(page, `${tag} Old`)).toContainText('Overdue');
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(tag);
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(3);
  await expect(row(page, `${tag} Twin`).getByRole('button', { name: 'Possible duplicate' })).toBeVisible();
  await expect(row(page, `${tag} Again`).getByRole('button', { name: 'Possible duplicate' })).toHaveCount(0);
  await expect(row(page, `${tag} Old`).getByRole('button', { name: 'Possible duplicate' })).toHaveCount(0);
});

test('failed leads of a bulk action stay selected; bulk Mark Closed gives each lead its customer', async ({ page }) => {
  const tag = word();
  const [a, b, c] = await makeLeads(tag, 3);
  await claimLead(c.id, AGENT_B, elsewhere);
  await open(page, tag);
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

test('every tab has its empty state', async ({ page }) => {
  await open(page, word());
  for (const [label, text] of [
    ['All', 'No leads found'],
    ['Unclaimed', 'No unclaimed leads'],
    [`${AGENT_A}'s`, 'No claimed leads'],
    ['Closed', 'No closed deals'],
    ['Lost', 'No lost leads'],
  ]) {
    await tab(page, label).click();
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
});

test('open leads show their age; a duplicate links to the first lead, and so does a link with ?lead=', async ({ page }) => {
  const tag = word();
  const [first] = await makeLeads(tag, 1);
  const thirtyHoursAgo = new Date(Date.now() - 30 * 3600_000);
  await writeAroundLeadModel((Lead) => Lead.collection.updateOne({ _id: first._id }, { $set: { createdAt: thirtyHoursAgo } }));
  // Its duplicate-check keys (models/leads/keys.ts) date from its arrival too.
  await mongoose.connection.collection('lead_keys').updateMany({ leadId: first._id }, { $set: { at: thirtyHoursAgo } });
  const [repeat] = await makeLeads(`${tag}r`, 1);
  await writeAroundLeadModel((Lead) => Lead.updateOne({ _id: repeat._id }, { $set: { duplicateOf: first._id } }));
  await open(page, tag);
  await expect(row(page, `${tag} Person0`)).toContainText('30h old');
  await expect(row(page, `${tag} Person0`)).toContainText('Overdue');

  await row(page, `${tag}r Person0`).getByRole('button', { name: 'Possible duplicate' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search leads' })).toHaveValue('');
  await expect(page.locator(`#lead-${first.id}`)).toBeInViewport();

  await page.goto(`/admin/leads?lead=${first.id}`);
  await expect(page.locator(`#lead-${first.id}`)).toBeInViewport();
});
