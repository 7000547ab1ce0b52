// The console on a phone: customers as cards with tap-to-call phones at 390 px and a table at
// 1440 px, no page scrolling sideways at 360 px, tap targets of 44 px, dialogs that fit the screen
// and scroll inside, the bottom navigation in reach of a thumb, and the skip link.
import { expect, test } from '@playwright/test';
import { db, sidewaysOverflow, signIn } from './helpers.ts';
import { CustomerModel } from '../models/customers/customer.ts';

const run = Date.now().toString(36);
const PHONE = { width: 390, height: 844 };

async function addCustomer(name: string, fields: Record<string, unknown> = { age: 47, insuranceProvider: 'Cigna' }) {
  await db();
  return CustomerModel.create({
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}.${run}@example.com`,
    phone: '(303) 555-7001',
    phoneDigits: '3035557001',
    insuranceType: 'family',
    planType: 'HMO',
    leadKey: `manual:e2e-mobile-${name}-${run}`,
    ...fields,
  });
}

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE });

  test('customers are cards with a tap-to-call phone and the main actions; the edit dialog fits and confirms the save', async ({
    page,
  }) => {
    const name = `Carla Card ${run}`;
    await addCustomer(name);
    await signIn(page);
    await page.goto(`/admin/customers?search=${encodeURIComponent(name)}`);

    await expect(page.getByRole('table')).toHaveCount(0);
    const card = page.getByRole('article', { name });
    await expect(card).toBeVisible();
    await expect(card.getByText('Age 47', { exact: true })).toBeVisible();
    await expect(card.getByRole('list', { name: `Coverage of ${name}` })).toHaveText('Family · HMO · Cigna');
    const call = card.getByRole('link', { name: 'Call (303) 555-7001' });
    await expect(call).toHaveAttribute('href', 'tel:+13035557001');
    for (const target of [call, card.getByRole('button', { name: `Edit ${name}` }), card.getByRole('button', { name: `Delete ${name}` })]) {
      const box = (await target.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
    expect(await sidewaysOverflow(page)).toBe(0);

    await card.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Customer' });
    await expect(dialog.getByLabel('Name')).toHaveValue(name);
    // The dialog lies wholly on the screen, its fields scroll inside it, and the save button stays in view.
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    const body = dialog.locator('.dialog-body');
    expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight && el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeInViewport();
    await dialog.getByLabel('Previous Insurance').fill('Employer plan');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('status')).toHaveText(new RegExp(`Changes to ${name} were saved\\.`));
    // The notice floats over the list instead of pushing it down.
    await expect(page.getByRole('status')).toBeInViewport();
  });

  test('deleting from a card asks first, then confirms in a notice and the card goes', async ({ page }) => {
    const name = `Dora Delete ${run}`;
    await addCustomer(name);
    await signIn(page);
    await page.goto(`/admin/customers?search=${encodeURIComponent(name)}`);
    const card = page.getByRole('article', { name });
    await card.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Customer' });
    const box = (await confirm.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status')).toHaveText(new RegExp(`${name} was deleted\\.`));
    await expect(page.getByRole('status')).toBeInViewport();
    await expect(card).toHaveCount(0);
    await expect(page.getByText('No customers found')).toBeVisible();
  });

  test('the navigation sits at the bottom within reach, every entry on screen, and tap targets are 44 px', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Performance Dashboard' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Admin' });
    const navBox = (await nav.boundingBox())!;
    expect(navBox.y + navBox.height).toBeCloseTo(PHONE.height, 0);
    for (const label of ['Dashboard', 'Analytics', 'Leads', 'Customers']) {
      const link = nav.getByRole('link', { name: label });
      await expect(link).toBeInViewport({ ratio: 1 });
      const box = (await link.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    await expect(page.getByRole('banner')).toContainText('Welcome');
    await nav.getByRole('link', { name: 'Customers' }).click();
    await expect(page).toHaveURL(/\/admin\/customers$/);
    await expect(page.getByRole('heading', { name: 'Customer Management' })).toBeVisible();

    // Every control of the page and the console is at least 44 px tall.
    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main a, main button, main input, main select, nav a, header button')]
        .filter((el) => el.offsetParent !== null)
        .map((el) => ({
          what: `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.trim()}`,
          height: el.getBoundingClientRect().height,
        }))
        .filter((t) => t.height < 44),
    );
    expect(small).toEqual([]);
  });

  test("the dashboard's activity entries and export controls are tap-sized, the export range labelled as such", async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/dashboard');
    const range = page.getByRole('group', { name: 'Export range' });
    await expect(range).toBeVisible();
    for (const control of [range.getByLabel('From'), range.getByLabel('To'), range.getByRole('button', { name: 'Export CSV' })]) {
      expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
  });
});

test.describe('at 360 px nothing scrolls sideways', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const [path, heading] of [
    ['/admin/dashboard', 'Performance Dashboard'],
    ['/admin/analytics?period=90d', 'Site Analytics'],
    ['/admin/customers', 'Customer Management'],
  ] as const) {
    test(path, async ({ page }) => {
      await addCustomer(`Wide Test ${run}`, {
        age: 30,
        insuranceProvider: 'Independence Blue Cross',
        email: `a-rather-long-address-for-a-phone.${run}@example-brokerage.com`,
      }).catch(() => undefined);
      await signIn(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      expect(await sidewaysOverflow(page)).toBe(0);
    });
  }

  test('the login page and the change-password dialog', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    await signIn(page);
    await page.goto('/admin/customers');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    expect(await sidewaysOverflow(page)).toBe(0);
  });
});

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('customers are a table and the navigation is the sidebar', async ({ page }) => {
    const name = `Tara Table ${run}`;
    await addCustomer(name);
    await signIn(page);
    await page.goto(`/admin/customers?search=${encodeURIComponent(name)}`);
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Cigna');
    await expect(page.getByRole('article', { name })).toHaveCount(0);
    const navBox = (await page.getByRole('navigation', { name: 'Admin' }).boundingBox())!;
    expect(navBox.x).toBeLessThan(300);
    expect(navBox.y).toBeLessThan(200);
  });

  test('a skip link leads past the navigation to the page', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Performance Dashboard' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    // The next stop is inside the page, not in the navigation.
    expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(true);
  });
});
