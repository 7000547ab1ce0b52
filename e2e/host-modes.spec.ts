// Both hosting modes (docs/product.md §2, `ADMIN_HOSTS`): admin.localhost serves the console at
// the root, the main host serves the public site and the console under /admin.
import { expect, test, type Page } from '@playwright/test';
import { StaffModel } from '../models/staff/accounts.ts';
import { PASSWORD, newStaff, signIn, storage } from './auth-helpers.ts';

/** The same server under the admin hostname (browsers resolve *.localhost to the loopback). */
const adminOrigin = (baseURL: string | undefined) => baseURL!.replace('//localhost', '//admin.localhost');

function collectProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 401/.test(msg.text())) problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return problems;
}

test.describe('admin host mode', () => {
  test('/ opens the login without a token and the dashboard with one', async ({ page, baseURL }) => {
    const admin = adminOrigin(baseURL);
    await page.goto(`${admin}/`);
    await expect(page).toHaveURL(`${admin}/login`);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

    const staff = await newStaff();
    await signIn(page, staff.email, admin);
    await page.goto(`${admin}/`);
    await expect(page).toHaveURL(`${admin}/dashboard`);
  });

  test('serves the login at /login, rendered on the server, with no public header or footer', async ({ page, request, baseURL }) => {
    const admin = adminOrigin(baseURL);
    // Node does not resolve *.localhost: ask the server directly, naming the admin host.
    const asAdminHost = { headers: { host: new URL(admin).host } };
    const res = await request.get('/login', asAdminHost);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('Admin Dashboard');
    expect(html).not.toContain('Get Started');
    // The main site's routes do not exist here.
    expect((await request.get('/admin', asAdminHost)).status()).toBe(404);
    expect((await request.get('/about', asAdminHost)).status()).toBe(404);

    const problems = collectProblems(page);
    await page.goto(`${admin}/login`);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('signs in to /dashboard, links the sidebar at the root, and logs out to /login', async ({ page, baseURL }) => {
    const admin = adminOrigin(baseURL);
    const staff = await newStaff('Harper Host');
    const problems = collectProblems(page);
    await page.goto(`${admin}/login`);
    await page.getByLabel('Email Address').fill(staff.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(`${admin}/dashboard`);
    await expect(page.getByRole('banner')).toContainText('Welcome, Harper Host');

    const nav = page.getByRole('navigation', { name: 'Admin' });
    for (const [name, href] of [
      ['Dashboard', '/dashboard'],
      ['Analytics', '/analytics'],
      ['Leads', '/leads'],
      ['Customers', '/customers'],
    ]) {
      await expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await nav.getByRole('link', { name: 'Customers' }).click();
    await expect(page).toHaveURL(`${admin}/customers`);
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${admin}/login`);
    await expect.poll(() => storage(page)).toEqual({ token: null, user: null });
    expect(problems).toEqual([]);
  });

  test('guards every console page and sends a refused token to /login', async ({ page, baseURL }) => {
    const admin = adminOrigin(baseURL);
    for (const path of ['/dashboard', '/analytics', '/leads', '/customers']) {
      await page.goto(`${admin}${path}`);
      await expect(page).toHaveURL(`${admin}/login`);
    }
    const staff = await newStaff();
    await signIn(page, staff.email, admin);
    await StaffModel.deleteOne({ email: staff.email });
    await page.goto(`${admin}/leads`);
    await expect(page).toHaveURL(`${admin}/login`);
    // The refused token sends the browser to /login with a full page load: wait for it to settle.
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect.poll(() => storage(page)).toEqual({ token: null, user: null });
  });

  test('the login page redirects to /dashboard when a token is stored', async ({ page, baseURL }) => {
    const admin = adminOrigin(baseURL);
    const staff = await newStaff();
    await signIn(page, staff.email, admin);
    await page.goto(`${admin}/login`);
    await expect(page).toHaveURL(`${admin}/dashboard`);
  });
});

test.describe('main site mode', () => {
  test('shows the public header and footer on public pages only, and has no /login', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    expect((await request.get('/login')).status()).toBe(404);
    expect((await request.get('/dashboard')).status()).toBe(404);
  });

  test('the console pages hydrate without errors for a signed-in user', async ({ page }) => {
    const staff = await newStaff();
    await signIn(page, staff.email);
    const problems = collectProblems(page);
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('banner')).toContainText('Welcome');
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect(problems).toEqual([]);
  });
});
