// The login screen, the admin shell, logout, the 401 path, the settings menu and every message
// of the Change Password dialog, on the main site (/admin...).
import { expect, test, type Page } from '@playwright/test';
import { StaffModel } from '../models/staff/accounts.ts';
import { PASSWORD, holdRequests, newStaff, signIn, storage } from './auth-helpers.ts';

test.describe('login screen', () => {
  test('shows the heading, fields, Sign In, the OR divider and the note, without Google when unconfigured', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByLabel('Email Address')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByText(/authorized personnel only/)).toBeVisible();
    // The divider stays; without Google, the line under it says why there is no button.
    await expect(page.getByRole('separator', { name: 'OR' })).toBeVisible();
    await expect(page.getByText('Google sign-in is not set up for this office.')).toBeVisible();
    await expect(page.getByText(/contact the system administrator/)).toBeVisible();
    await expect(page.getByTestId('google-sign-in')).toHaveCount(0);
    // No public header or footer around the console.
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
    // The Google script is not even loaded.
    expect(await page.locator('script[src*="accounts.google.com"]').count()).toBe(0);
  });

  test('requires both fields before sending', async ({ page }) => {
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect(await page.getByLabel('Email Address').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('shows the server error for a wrong password and stays', async ({ page }) => {
    const staff = await newStaff();
    await page.goto('/admin');
    await page.getByLabel('Email Address').fill(staff.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByLabel('Password')).toBeEnabled();
    expect((await storage(page)).token).toBeNull();
  });

  test('disables the form while signing in, then opens the dashboard with token and user stored', async ({ page }) => {
    const staff = await newStaff('Morgan Main');
    await page.goto('/admin');
    await page.getByLabel('Email Address').fill(staff.email.toUpperCase());
    await page.getByLabel('Password').fill(PASSWORD);
    const release = await holdRequests(page, '**/trpc/auth.login**');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    await expect(page.getByLabel('Email Address')).toBeDisabled();
    await expect(page.getByLabel('Password')).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const stored = await storage(page);
    expect(stored.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.parse(stored.user!)).toEqual({ name: 'Morgan Main', email: staff.email });
    await expect(page.getByRole('banner')).toContainText('Welcome, Morgan Main');
  });

  test('goes straight to the dashboard when a token is stored', async ({ page }) => {
    const staff = await newStaff();
    await signIn(page, staff.email);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});

test.describe('admin shell', () => {
  test('sends visitors without a token to the login, from every console page', async ({ page }) => {
    for (const path of ['/admin/dashboard', '/admin/analytics', '/admin/leads', '/admin/customers']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    }
  });

  test('renders a neutral loading state on the server, never the console', async ({ request }) => {
    const html = await (await request.get('/admin/leads')).text();
    expect(html).toContain('Loading…');
    expect(html).not.toContain('Admin Console');
  });

  test('has the Admin Console sidebar with its four links and greets the user', async ({ page }) => {
    const staff = await newStaff('Riley Sidebar');
    await signIn(page, staff.email);
    await page.goto('/admin/dashboard');
    await expect(page.getByText('Admin Console')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Admin' });
    for (const [name, href] of [
      ['Dashboard', '/admin/dashboard'],
      ['Analytics', '/admin/analytics'],
      ['Leads', '/admin/leads'],
      ['Customers', '/admin/customers'],
    ]) {
      await expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await expect(page.getByRole('banner')).toContainText('Welcome, Riley Sidebar');
    await nav.getByRole('link', { name: 'Leads' }).click();
    await expect(page).toHaveURL(/\/admin\/leads$/);
    await expect(nav.getByRole('link', { name: 'Leads' })).toHaveAttribute('aria-current', 'page');
  });

  test('the settings menu holds Change Password, Sign-in security, Away and Logout and closes on an outside click', async ({ page }) => {
    const staff = await newStaff();
    await signIn(page, staff.email);
    await page.goto('/admin/dashboard');
    const settings = page.getByRole('button', { name: 'Settings' });
    await settings.click();
    const menu = page.getByRole('menu', { name: 'Settings' });
    await expect(menu.getByRole('menuitem')).toHaveText(['Change Password', 'Sign-in security', 'Away', 'Logout']);
    await expect(settings).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('banner').getByText('Welcome').click();
    await expect(menu).toBeHidden();
    await settings.click();
    await expect(menu).toBeVisible();
    await page.mouse.click(5, 400);
    await expect(menu).toBeHidden();
  });

  test('Logout clears token and user and opens /admin; the console stays closed afterwards', async ({ page }) => {
    const staff = await newStaff();
    await signIn(page, staff.email);
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect.poll(() => storage(page)).toEqual({ token: null, user: null });
    await page.goto('/admin/leads');
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('a 401 from the server clears storage and goes to /admin', async ({ page }) => {
    const staff = await newStaff();
    await signIn(page, staff.email);
    // The password was changed elsewhere: the stored token is now refused.
    await StaffModel.updateOne({ email: staff.email }, { $inc: { tokenVersion: 1 } });
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect.poll(() => storage(page)).toEqual({ token: null, user: null });
  });
});

test.describe('Change Password dialog', () => {
  /** A staff account of this test, signed in on the dashboard. */
  async function newStaffOnDashboard(page: Page) {
    const staff = await newStaff();
    await signIn(page, staff.email);
    await page.goto('/admin/dashboard');
    return staff;
  }
  async function openDialog(page: Page) {
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await expect(dialog).toBeVisible();
    return dialog;
  }
  async function fill(dialog: ReturnType<Page['getByRole']>, current: string, next: string, confirm: string) {
    await dialog.getByLabel('Current Password').fill(current);
    await dialog.getByLabel('New Password', { exact: true }).fill(next);
    await dialog.getByLabel('Confirm New Password').fill(confirm);
  }

  test('checks the confirmation first, then the length, then the current password', async ({ page }) => {
    await newStaffOnDashboard(page);
    const dialog = await openDialog(page);
    const submit = dialog.getByRole('button', { name: 'Change Password' });

    await fill(dialog, PASSWORD, 'short', 'shorter');
    await submit.click();
    await expect(dialog.getByRole('alert')).toHaveText('New passwords do not match');

    await fill(dialog, PASSWORD, 'short', 'short');
    await submit.click();
    await expect(dialog.getByRole('alert')).toHaveText('Password must be at least 8 characters long');
    await expect(dialog.getByLabel('New Password', { exact: true })).toHaveAttribute('minlength', '8');

    await fill(dialog, 'not-my-password', 'long-enough-1', 'long-enough-1');
    await submit.click();
    await expect(dialog.getByRole('alert')).toHaveText('Current password is incorrect');
    // Nothing changed: the session still works.
    await page.reload();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('shows Changing... with everything disabled, then the success message, clears the fields and closes after 2 seconds', async ({
    page,
  }) => {
    const staff = await newStaffOnDashboard(page);
    const dialog = await openDialog(page);
    await fill(dialog, PASSWORD, 'brand-new-password', 'brand-new-password');
    const release = await holdRequests(page, '**/trpc/auth.changePassword**');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByRole('button', { name: 'Changing...' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeDisabled();
    for (const label of ['Current Password', 'Confirm New Password']) await expect(dialog.getByLabel(label)).toBeDisabled();
    await expect(dialog.getByLabel('New Password', { exact: true })).toBeDisabled();
    release();

    await expect(dialog.getByRole('status')).toHaveText('Password changed successfully!');
    const shownAt = Date.now();
    for (const label of ['Current Password', 'Confirm New Password']) await expect(dialog.getByLabel(label)).toHaveValue('');
    await expect(dialog.getByLabel('New Password', { exact: true })).toHaveValue('');
    await expect(dialog).toBeHidden({ timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThan(1500);

    // This browser stays signed in with a fresh token; the old password no longer works.
    await page.reload();
    await expect(page.getByRole('banner')).toContainText('Welcome');
    const res = await page.request.post('/api/auth/login', { data: { email: staff.email, password: PASSWORD } });
    expect(res.status()).toBe(401);
    const ok = await page.request.post('/api/auth/login', { data: { email: staff.email, password: 'brand-new-password' } });
    expect(ok.status()).toBe(200);
  });

  test('× and Cancel close alike and the next opening starts empty', async ({ page }) => {
    await newStaffOnDashboard(page);
    for (const closer of ['Close', 'Cancel']) {
      const dialog = await openDialog(page);
      await expect(dialog.getByLabel('Current Password')).toHaveValue('');
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      await fill(dialog, 'typed', 'typed-new', 'other');
      await dialog.getByRole('button', { name: 'Change Password' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('New passwords do not match');
      await dialog.getByRole('button', { name: closer }).click();
      await expect(dialog).toBeHidden();
    }
  });

  test('shows the network error of a failed request', async ({ page }) => {
    await newStaffOnDashboard(page);
    const dialog = await openDialog(page);
    await fill(dialog, PASSWORD, 'brand-new-password', 'brand-new-password');
    await page.route('**/trpc/auth.changePassword**', (route) => route.abort('internetdisconnected'));
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(/Failed to fetch/);
    await expect(dialog.getByRole('button', { name: 'Change Password' })).toBeEnabled();
  });
});

test.describe('Google sign-in button', () => {
  // The e2e server runs without GOOGLE_CLIENT_ID (so the button is absent above). Here the page's
  // configuration names a client id and Google's script is replaced by a stand-in that hands over
  // a credential, so the page's wiring is exercised against the real server's answer.
  test('loads Google Identity Services, renders its button and shows the server error', async ({ page }) => {
    await page.route('**/admin', async (route) => {
      const res = await route.fetch();
      const body = (await res.text()).replace('"googleClientId":null', '"googleClientId":"e2e-client.apps.googleusercontent.com"');
      await route.fulfill({ response: res, body });
    });
    await page.route('https://accounts.google.com/gsi/client', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.google = { accounts: { id: {
          initialize(o) { window.__gsi = o; },
          renderButton(el) {
            const b = document.createElement('button');
            b.type = 'button';
            b.textContent = 'Sign in with Google (' + window.__gsi.client_id + ')';
            b.onclick = () => window.__gsi.callback({ credential: 'e2e.google.credential' });
            el.appendChild(b);
          } } } };`,
      }),
    );
    await page.goto('/admin');
    const button = page.getByRole('button', { name: 'Sign in with Google (e2e-client.apps.googleusercontent.com)' });
    await expect(button).toBeVisible();
    await button.click();
    await expect(page.getByRole('alert')).toHaveText('Google sign-in is not enabled on this server.');
    await expect(page).toHaveURL(/\/admin$/);
  });
});
