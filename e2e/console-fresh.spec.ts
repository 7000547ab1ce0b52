// The console shows every state truly, at 390 and 1440 px: a dialog reopened right after a save shows
// what was saved (notes, Away), the agent's own screens say when they are Away, the focused lead row and
// controls are visibly marked, choosing follow-up asks for its date, and a lost lead can be restored.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN, db, ensureStaff, signIn, sidewaysOverflow, atEachSize, DESKTOP, PHONE } from './helpers.ts';
import { claimLead, createLead, findLeadRecords, getLeadView, updateLead } from '../models/leads/index.ts';
import { StaffModel } from '../models/staff/accounts.ts';
import { CustomerModel } from '../models/customers/customer.ts';
import { openText } from '../server/field-crypto.ts';
import { nextBusinessMorning } from '../schemas/follow-up-time.ts';

const run = Date.now().toString(36);
let n = 0;
const word = () => `fr${run}x${++n}`;
const AGENT = { name: `Fresh Agent ${run}`, email: `fresh.agent.${run}@e2e.local`, isAgent: true };
const admin = { name: 'Test Admin' };

test.beforeAll(async () => {
  await ensureStaff({ ...E2E_ADMIN });
  await ensureStaff(AGENT);
});

/** A lead with a Chicago phone (Central time). */
async function makeLead(tag: string) {
  await db();
  return createLead({ name: `${tag} Person`, email: `${tag}@example.com`, phone: '(312) 555-2040' });
}

/** The lead list searched down to one test's lead: a row at 1440 px, a card at 390 px. */
async function openList(page: Page, tag: string, tab = '') {
  await page.goto(`/admin/leads?q=${tag}${tab}`);
  await expect(page.locator(`text=${tag} >> visible=true`).first()).toBeVisible({ timeout: 15_000 });
}

const visible = (locator: Locator) => locator.locator('visible=true').first();

/** The focus mark of the focused element: an outline or a box shadow. */
const focusMark = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return { outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0, shadow: style.boxShadow !== 'none' };
  });

atEachSize(
  [PHONE, DESKTOP],
  ({ viewport }) => `at ${viewport.width} px`,
  ({ viewport }) => {
    test('notes reopened at once after saving show the new text, even while the list is still being fetched again', async ({ page }) => {
      const tag = word();
      await makeLead(tag);
      await signIn(page);
      await openList(page, tag);
      // From here on the list answers slowly: the dialog must not wait for it to show what was saved.
      await page.route(/\/trpc\/[^?]*leads\.page/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 3000));
        await route.continue().catch(() => undefined);
      });
      const dialog = page.getByRole('dialog', { name: `Notes for ${tag} Person` });
      for (const text of ['First thoughts', 'Second thoughts']) {
        await visible(page.getByRole('button', { name: `Notes for ${tag} Person` })).click();
        await dialog.getByRole('button', { name: 'Edit Notes' }).click();
        await dialog.getByLabel('Notes').fill(text);
        await dialog.getByRole('button', { name: 'Save Notes' }).click();
        await expect(dialog).toHaveCount(0);
        await visible(page.getByRole('button', { name: `Notes for ${tag} Person` })).click();
        await expect(dialog).toContainText(text, { timeout: 1000 });
        await dialog.getByRole('button', { name: 'Edit Notes' }).click();
        await expect(dialog.getByLabel('Notes')).toHaveValue(text);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.getByRole('button', { name: 'Close' }).last().click();
        await expect(dialog).toHaveCount(0);
      }
      expect(openText((await findLeadRecords({ name: `${tag} Person` }))[0]?.notes)).toBe('Second thoughts');
    });

    test('a claim and a status set on the record show at once in the list kept from before', async ({ page }) => {
      const tag = word();
      const lead = await makeLead(tag);
      await signIn(page);
      await openList(page, tag);
      await visible(page.getByRole('link', { name: `${tag} Person` })).click();
      await page.getByRole('button', { name: `Claim for ${AGENT.name}`, exact: true }).click();
      await expect(page.getByText(`Lead assigned to ${AGENT.name}.`)).toBeVisible();
      await page.getByRole('combobox', { name: `Status for ${tag} Person` }).selectOption('quoted');
      await expect(page.getByText('Lead marked quoted.')).toBeVisible();
      // Back to the list, which now answers slowly: the list kept from before already shows both.
      await page.route(/\/trpc\/[^?]*leads\.page/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 3000));
        await route.continue().catch(() => undefined);
      });
      await page.goBack();
      const entry = visible(page.getByRole(viewport.width < 640 ? 'article' : 'row', { name: new RegExp(`${tag} Person`) }));
      await expect(entry).toContainText(AGENT.name, { timeout: 1000 });
      if (viewport.width < 640) await expect(entry).toContainText('quoted', { timeout: 1000 });
      else await expect(entry.getByRole('combobox')).toHaveValue('quoted', { timeout: 1000 });
      expect((await getLeadView(lead.id as string)).status).toBe('quoted');
    });

    test("Away: the header and My work say so, the dialog reopened after saving shows what was saved, and I'm back ends it", async ({
      page,
    }) => {
      await db();
      const until = new Date(Date.now() + 3 * 86_400_000);
      await StaffModel.updateOne({ email: AGENT.email }, { $set: { away: true, awayUntil: until } });
      await signIn(page, AGENT.email);
      await page.goto('/admin/work');
      const header = page.getByRole('banner');
      await expect(header.getByText(/^Away until /)).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('main').getByText(/^Away until /)).toBeVisible();

      // Off in the dialog, saved, and the dialog opened again at once: off, and the marks are gone.
      const openAway = async () => {
        await header.getByRole('button', { name: 'Settings' }).click();
        await page.getByRole('menuitem', { name: 'Away' }).click();
        return page.getByRole('dialog', { name: 'Away' });
      };
      let dialog = await openAway();
      const box = dialog.getByRole('checkbox', { name: 'Away: no new leads' });
      await expect(box).toBeChecked();
      await box.uncheck();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(header.getByText(/^Away/)).toHaveCount(0);
      await expect(page.getByRole('main').getByText(/^Away until /)).toHaveCount(0);
      dialog = await openAway();
      await expect(dialog.getByRole('checkbox', { name: 'Away: no new leads' })).not.toBeChecked();
      expect((await StaffModel.findOne({ email: AGENT.email }).lean())?.away).toBe(false);

      // On again from the dialog: the header says so at once; one click on I'm back ends it.
      await dialog.getByRole('checkbox', { name: 'Away: no new leads' }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(header.getByText('Away', { exact: true })).toBeVisible();
      await header.getByRole('button', { name: "I'm back" }).click();
      await expect(header.getByText(/^Away/)).toHaveCount(0);
      await expect.poll(async () => (await StaffModel.findOne({ email: AGENT.email }).lean())?.away).toBe(false);
    });

    test('choosing follow-up asks for the date, prefilled with the next business day at 10:00 in the lead zone', async ({ page }) => {
      const tag = word();
      const lead = await makeLead(tag);
      await claimLead(lead.id as string, AGENT.name, admin);
      await signIn(page);
      await page.goto(`/admin/leads/${lead.id}`);
      await page.getByRole('combobox', { name: `Status for ${tag} Person` }).selectOption('follow-up');
      const dialog = page.getByRole('dialog', { name: `Follow up with ${tag} Person` });
      const field = dialog.getByLabel('Follow-up date and time');
      const expected = nextBusinessMorning(new Date(), 'America/Chicago');
      const shown = await page.evaluate((t) => {
        const d = new Date(t);
        const pad = (v: number) => String(v).padStart(2, '0');
        return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
      }, expected.getTime());
      await expect(field).toHaveValue(shown);
      await expect(dialog).toContainText(/10:00 AM CST/);
      // Nothing changes until the date is saved.
      expect((await getLeadView(lead.id as string)).status).toBe('unclaimed');
      await dialog.getByRole('button', { name: 'Set follow-up' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText('Lead marked follow-up.')).toBeVisible();
      const saved = await getLeadView(lead.id as string);
      expect(saved.status).toBe('follow-up');
      expect(saved.followUpAt?.getTime()).toBe(expected.getTime());
    });

    test('a lost lead has Restore on its row or card and on its record', async ({ page }) => {
      const tag = word();
      const lead = await makeLead(tag);
      await updateLead(lead.id as string, { status: 'lost' }, admin);
      await signIn(page);
      await openList(page, tag, '&tab=lost');
      await visible(page.getByRole('button', { name: `Restore ${tag} Person` })).click();
      await expect(page.getByRole('status')).toContainText(`${tag} Person restored.`);
      await expect.poll(async () => (await getLeadView(lead.id as string)).status).toBe('unclaimed');

      await updateLead(lead.id as string, { status: 'lost' }, admin);
      await page.goto(`/admin/leads/${lead.id}`);
      await page.getByRole('button', { name: 'Restore', exact: true }).click();
      await expect(page.getByText('Lead restored.')).toBeVisible();
      expect((await getLeadView(lead.id as string)).status).toBe('unclaimed');
    });

    test('the focused control shows a focus mark', async ({ page }) => {
      const tag = word();
      await makeLead(tag);
      await signIn(page);
      await openList(page, tag);
      await visible(page.getByRole('button', { name: `Notes for ${tag} Person` })).focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expect(await focusMark(page)).not.toEqual({ outline: false, shadow: false });
      await page.getByRole('searchbox', { name: 'Search leads' }).focus();
      expect(await focusMark(page)).not.toEqual({ outline: false, shadow: false });
    });
  },
);

test.describe('the lead table at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the focused row shows a focus mark, and it moves with the keys', async ({ page }) => {
    const tag = word();
    await makeLead(`${tag}a`);
    await makeLead(`${tag}b`);
    await signIn(page);
    await openList(page, tag);
    await expect(page.locator('tbody tr')).toHaveCount(2);
    await page.getByRole('searchbox', { name: 'Search leads' }).focus();
    // Tab reaches the table's one stop: its current row.
    for (let i = 0; i < 12 && !(await page.evaluate(() => document.activeElement?.tagName === 'TR')); i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TR');
    expect((await focusMark(page)).outline).toBe(true);
    await page.keyboard.press('j');
    await expect(page.locator('tbody tr').nth(1)).toBeFocused();
    expect((await focusMark(page)).outline).toBe(true);
    const plain = await page
      .locator('tbody tr')
      .nth(0)
      .evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(plain).toBe('none');
  });
});

test.describe('at 390 px no admin page scrolls sideways', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  let recordPath = '';
  test.beforeAll(async () => {
    const lead = await makeLead(`${word()}-a-rather-long-address-for-a-phone-screen`);
    recordPath = `/admin/leads/${lead.id}`;
  });

  for (const path of [
    '/admin/dashboard',
    '/admin/analytics',
    '/admin/leads',
    'record',
    '/admin/customers',
    '/admin/work',
    '/admin/staff',
    '/admin/audit',
    '/admin/privacy',
    '/admin/office',
  ]) {
    test(path === 'record' ? '/admin/leads/:leadId' : path, async ({ page }) => {
      await signIn(page);
      await page.goto(path === 'record' ? recordPath : path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      const wide = await sidewaysOverflow(page);
      expect(wide).toBe(0);
    });
  }
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the do-not-contact dialog opened from a customer's row shows its whole title and text", async ({ page }) => {
    const name = `Wrapped Customer ${run}`;
    await db();
    await CustomerModel.create({ name, email: `wrapped.${run}@example.com`, phone: '3035551234', leadKey: `manual:e2e-fresh-${run}` });
    await signIn(page);
    await page.goto(`/admin/customers?search=${encodeURIComponent(name)}`);
    await visible(page.getByRole('button', { name: `Mark do not contact: ${name}` })).click();
    const dialog = page.getByRole('dialog', { name: `Record that ${name} asked not to be contacted` });
    const box = (await dialog.boundingBox())!;
    for (const part of [dialog.locator('h2'), dialog.getByText(/^Every lead and customer/)]) {
      const inner = (await part.boundingBox())!;
      expect(inner.x + inner.width).toBeLessThanOrEqual(box.x + box.width);
      expect(await part.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
  });
});

test.describe("an admin's navigation at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every label fits its entry, and the admin screens are under More', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/dashboard');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    // More comes once the console knows the signed-in staff member is an admin.
    await expect(nav.getByRole('button', { name: 'More' })).toBeVisible();
    const entries = nav.locator(':scope > a:visible, :scope > div > button');
    expect(await entries.count()).toBe(6);
    const crowded = await entries.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent));
    expect(crowded).toEqual([]);
    await nav.getByRole('button', { name: 'More' }).click();
    await nav.getByRole('link', { name: 'Staff' }).click();
    await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  });
});
