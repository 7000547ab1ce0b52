// A broker's day on Lead Management: the view kept in the URL, claims that stay in view with Undo and
// Open, the signed-in agent's own Claim button, the status control that waits for Enter, the keyboard
// rows, the Notes discard warning, the New Lead field errors, the phone cards, and axe at both sizes.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ensureStaff, signIn, makeLeads as makeLeadsFrom, atEachSize, DESKTOP, PHONE } from './helpers.ts';
import { claimLead, readLead, countLeads } from '../models/leads/index.ts';
import { writeAroundLeadModel } from '../models/leads/testing.ts';

const run = Date.now().toString(36);
let n = 0;
const word = () => `zd${run}y${++n}`;
const ME = `Mia${run}`;
const ME_EMAIL = `mia.${run}@e2e.local`;
const OTHER = `Oz${run}`;
const elsewhere = { name: 'Another Admin' };

test.beforeAll(async () => {
  await ensureStaff({ name: ME, email: ME_EMAIL, isAgent: true });
  await ensureStaff({ name: OTHER, email: `oz.${run}@e2e.local`, isAgent: true });
});

const makeLeads = (tag: string, count: number) => makeLeadsFrom(tag, count, 2000);

/** Signs in as the agent ME and opens the lead list showing `query`'s view. */
async function open(page: Page, query: string) {
  await signIn(page, ME_EMAIL);
  await page.goto(`/admin/leads?${query}`);
}

/** Where the table starts on the page (not in the viewport, which a scroll would change). */
const tableTop = (page: Page) =>
  page.locator('table').evaluate((table) => table.getBoundingClientRect().top + document.scrollingElement!.scrollTop);

const row = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) });
const tab = (page: Page, label: string) => page.getByRole('tab', { name: new RegExp(`^${label}`) });
const header = (page: Page, label: string) => page.getByRole('columnheader', { name: new RegExp(`^${label}`) });
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

test('tab, search, sort and the Overdue filter are in the URL: a reload keeps them, the back button undoes them', async ({ page }) => {
  const tag = word();
  // Overdue: a day and an hour old (written around the model, so the list's index is rebuilt from the leads).
  for (const lead of await makeLeads(tag, 2))
    await writeAroundLeadModel((Lead) =>
      Lead.collection.updateOne({ _id: lead._id }, { $set: { createdAt: new Date(Date.now() - 25 * 3_600_000) } }),
    );
  await open(page, '');
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  await tab(page, 'Unclaimed').click();
  await expect(page).toHaveURL(/tab=unclaimed/);
  await header(page, 'Name').getByRole('button').click();
  await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=name&order=asc/);
  const overdue = page.getByRole('button', { name: /^Overdue only/ });
  await overdue.click();
  await expect(overdue).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/overdue=1/);

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search leads' })).toHaveValue(tag);
  await expect(tab(page, 'Unclaimed')).toHaveAttribute('aria-selected', 'true');
  await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header(page, 'Received')).toHaveAttribute('aria-sort', 'none');
  await expect(page.getByRole('button', { name: /^Overdue only/ })).toHaveAttribute('aria-pressed', 'true');

  await page.goBack();
  await expect(page.getByRole('button', { name: /^Overdue only/ })).toHaveAttribute('aria-pressed', 'false');
  await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'ascending');
  await page.goBack();
  await expect(header(page, 'Received')).toHaveAttribute('aria-sort', 'descending');
  await expect(tab(page, 'Unclaimed')).toHaveAttribute('aria-selected', 'true');
});

test('Received sorts newest first by default and oldest first when asked, also after a reload', async ({ page }) => {
  const tag = word();
  await makeLeads(tag, 3);
  await open(page, `q=${tag}`);
  await expect(page.locator('tbody tr').first()).toContainText(`${tag} Person2`);
  await header(page, 'Received').getByRole('button').click();
  await expect(page).toHaveURL(/order=asc/);
  await expect(header(page, 'Received')).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.locator('tbody tr').first()).toContainText(`${tag} Person0`);
  await page.reload();
  await expect(page.locator('tbody tr').first()).toContainText(`${tag} Person0`);
});

test("a claim keeps the row in place on Unclaimed, says so with Undo and Open; the agent's own button is the primary Claim", async ({
  page,
}) => {
  const tag = word();
  const [first] = await makeLeads(tag, 2);
  await open(page, `tab=unclaimed&q=${tag}`);
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
  await makeLeads(tag, 2);
  await open(page, `q=${tag}`);
  await expect(page.locator('tbody tr')).toHaveCount(2);
  // The first claim fails on the way.
  await page.route(
    '**/trpc/leads.claim**',
    (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '[{"error":{"json":{"message":"boom","code":-32603,"data":{"code":"INTERNAL_SERVER_ERROR","httpStatus":500}}}}]',
      }),
    { times: 1 },
  );
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
  const [lead] = await makeLeads(tag, 1);
  await claimLead(lead.id, ME, elsewhere);
  await open(page, `q=${tag}`);
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

test('the table is one Tab stop: arrows and j/k move between rows, c claims, n opens notes, Enter opens the record', async ({ page }) => {
  const tag = word();
  const leads = await makeLeads(tag, 3);
  await open(page, `q=${tag}`);
  await expect(page.locator('tbody tr')).toHaveCount(3);
  await expect(page.locator('tbody tr[tabindex="0"]')).toHaveCount(1);
  // Only the current row's controls are in the Tab order.
  expect(
    await page
      .locator('tbody tr')
      .nth(1)
      .locator('a, button, input')
      .evaluateAll((els) => els.every((e) => e.tabIndex === -1)),
  ).toBe(true);
  await expect(page.getByText('Keyboard shortcuts')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search leads' }).focus();
  const rows = page.locator('tbody tr');
  await rows.first().focus();
  await page.keyboard.press('j');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(2)).toBeFocused();
  await page.keyboard.press('k');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(rows.first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(rows.nth(2)).toBeFocused();
  await expect(page.locator('tbody tr[tabindex="0"]')).toHaveCount(1);

  // Newest first: the focused last row is Person0.
  await page.keyboard.press('c');
  await expect(page.getByRole('status')).toContainText(`Claimed ${tag} Person0 for ${ME}.`);
  await expect.poll(async () => (await readLead(leads[0]!._id))?.claimedBy).toBe(ME);

  await rows.nth(2).focus();
  await page.keyboard.press('n');
  const notes = page.getByRole('dialog', { name: `Notes for ${tag} Person0` });
  await expect(notes).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(notes).toHaveCount(0);
  await expect(rows.nth(2)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/leads/${leads[0]!.id}$`));
});

test('leaving the notes editor with unsaved text asks first', async ({ page }) => {
  const tag = word();
  const [lead] = await makeLeads(tag, 1);
  await open(page, `q=${tag}`);
  await row(page, `${tag} Person0`)
    .getByRole('button', { name: `Notes for ${tag} Person0` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Notes for ${tag} Person0` });
  await dialog.getByRole('button', { name: 'Edit Notes' }).click();
  await dialog.getByLabel('Notes').fill('Half a thought');
  await page.keyboard.press('Escape');
  await expect(dialog).toContainText('Discard unsaved notes?');
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByLabel('Notes')).toHaveValue('Half a thought');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await readLead(lead._id))?.notes).toBe('');
});

test('New Lead shows every error under its field at once, focus on the first, and a server error inside the dialog', async ({ page }) => {
  const tag = word();
  await open(page, `q=${tag}`);
  await page.getByRole('button', { name: '+ New Lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Lead' });
  await dialog.getByLabel('Name *').fill(`${tag} Walkin`);
  await dialog.getByLabel('Email *').fill('not-an-email');
  await dialog.getByLabel('Phone *').fill('12');
  await dialog.getByRole('button', { name: 'Create' }).click();
  const email = dialog.getByLabel('Email *');
  const phone = dialog.getByLabel('Phone *');
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Name *')).not.toHaveAttribute('aria-invalid');
  const errorOf = async (field: typeof email) => dialog.locator(`#${await field.getAttribute('aria-describedby')}`);
  await expect(await errorOf(email)).toHaveText('Enter a valid email address');
  await expect(await errorOf(phone)).toHaveText('Phone must have 7 to 15 digits');
  expect(await countLeads({ name: `${tag} Walkin` })).toBe(0);

  await page.route('**/trpc/leads.create**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '[{"error":{"json":{"message":"boom","code":-32603,"data":{"code":"INTERNAL_SERVER_ERROR","httpStatus":500}}}}]',
    }),
  );
  await email.fill(`${tag}@example.com`);
  await phone.fill('303-555-7001');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Error creating lead. Please try again.');
  await expect(dialog.getByRole('alert')).toBeInViewport();
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('leads are cards with the name, a tap-to-call phone, the age and the main action, all tap-sized, nothing sideways', async ({
    page,
  }) => {
    const tag = word();
    const [a, b] = await makeLeads(tag, 2);
    await claimLead(a.id, OTHER, elsewhere);
    await open(page, `q=${tag}`);
    const card = page.getByRole('article', { name: `${tag} Person1` });
    await expect(card).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(card.getByRole('link', { name: `${tag} Person1` })).toHaveAttribute('href', `/admin/leads/${b.id}`);
    await expect(card.getByRole('link', { name: 'Call (303) 555-2001' })).toHaveAttribute('href', 'tel:+13035552001');
    await expect(card).toContainText(/\d+m old/);
    await expect(card).toContainText('Unclaimed');
    await expect(card.getByRole('button', { name: 'Claim', exact: true })).toBeVisible();
    await expect(page.getByRole('article', { name: `${tag} Person0` }).getByRole('button', { name: 'Log call' })).toBeVisible();

    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main a, main button, main select, main label:has(input[type=checkbox])')]
        .filter((el) => el.offsetParent !== null)
        .map((el) => ({
          what: `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.trim()}`,
          box: el.getBoundingClientRect(),
        }))
        .filter((t) => t.box.height < 44 || (t.what.startsWith('LABEL') && t.box.width < 44))
        .map((t) => t.what),
    );
    expect(small).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);

    await card.getByRole('checkbox', { name: `Select ${tag} Person1` }).check();
    const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await expect(bar).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    const box = (await bar.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });

  test('nothing scrolls sideways at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const tag = word();
    await makeLeads(tag, 1);
    await open(page, `q=${tag}`);
    await expect(page.getByRole('article', { name: `${tag} Person0` })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
  });
});

atEachSize(
  [DESKTOP, PHONE],
  (size) => `axe at ${size.name} size`,
  () => {
    test('axe finds nothing on the lead list', async ({ page }) => {
      test.setTimeout(60_000);
      const tag = word();
      const [a] = await makeLeads(tag, 3);
      await claimLead(a.id, ME, elsewhere);
      await open(page, `q=${tag}`);
      await expect(page.getByText(`${tag} Person2`).locator('visible=true')).toBeVisible();
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((x) => x.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  },
);
