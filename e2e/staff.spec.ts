// The Staff and Audit Log pages: an admin adds a colleague, makes them an admin and resets their
// password, which makes them choose a new one at sign-in; staff who are not admins see neither page,
// and Logout ends the token on the server.
import { expect, test } from '@playwright/test';
import { StaffModel } from '../models/staff/accounts.ts';
import { E2E_ADMIN, db, signIn } from './helpers.ts';
import { newStaff, signIn as signInOnce, storage } from './auth-helpers.ts';

test('an admin adds staff, sets admin, resets a password, and the colleague must choose a new one', async ({ page, browser }) => {
  await db();
  const email = `staff-${Date.now()}@e2e.local`;
  await signIn(page, E2E_ADMIN.email);
  await page.goto('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Staff' }).click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  await expect(page.getByRole('heading', { name: 'Staff' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Staff' }).click();
  const add = page.getByRole('dialog', { name: 'Add Staff' });
  await add.getByLabel('Name').fill('Quinn Colleague');
  await add.getByLabel('Email').fill(email);
  await add.getByLabel('First Password').fill('first-password-1');
  await add.getByRole('button', { name: 'Add Staff' }).click();
  await expect(page.getByRole('status')).toContainText('Quinn Colleague was added');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('New password due');

  // The box follows the server's answer, so it is clicked, not `check`ed.
  await row.getByRole('checkbox', { name: 'Admin' }).click();
  await expect(page.getByRole('status')).toHaveText(/Quinn Colleague is now an admin\./);
  await expect(row.getByRole('checkbox', { name: 'Admin' })).toBeChecked();
  expect((await StaffModel.findOne({ email }).lean())!.isAdmin).toBe(true);

  await row.getByRole('button', { name: 'Reset Password' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  await reset.getByLabel('Temporary Password').fill('temporary-pass-1');
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('status')).toContainText("Quinn Colleague's password was reset");

  // The audit log shows what the admin did.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit Log' }).click();
  const entries = page.getByRole('row').filter({ hasText: email });
  await expect(entries.filter({ hasText: 'Reset password' })).toContainText(E2E_ADMIN.name);
  await expect(entries.filter({ hasText: 'Added staff account' })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'Changed roles' })).toHaveCount(1);

  // The colleague signs in with the temporary password and must choose a new one first.
  const context = await browser.newContext();
  const colleague = await context.newPage();
  await colleague.goto('/admin');
  await colleague.getByLabel('Email Address').fill(email);
  await colleague.getByLabel('Password').fill('temporary-pass-1');
  await colleague.getByRole('button', { name: 'Sign In' }).click();
  const change = colleague.getByRole('dialog', { name: 'Change Password' });
  await expect(change).toContainText('An administrator reset your password');
  await change.getByLabel('Current Password').fill('temporary-pass-1');
  await change.getByLabel('New Password', { exact: true }).fill('fresh-own-password');
  await change.getByLabel('Confirm New Password').fill('fresh-own-password');
  await change.getByRole('button', { name: 'Change Password' }).click();
  await expect(change.getByRole('status')).toHaveText('Password changed successfully!');
  await expect(change).toHaveCount(0, { timeout: 10_000 });
  await expect(colleague.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Staff' })).toBeVisible({ timeout: 15_000 });
  expect((await StaffModel.findOne({ email }).lean())!.mustChangePassword).toBe(false);
  await context.close();
});

test('staff who are not admins see no Staff or Audit Log entry, and Logout ends the token', async ({ page, baseURL }) => {
  await db();
  const staff = await newStaff('Nico Nonadmin');
  await signInOnce(page, staff.email);
  await page.goto('/admin/dashboard');
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Customers' })).toBeVisible();
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Analytics', 'Leads', 'Customers', 'My work']);
  await page.goto('/admin/staff');
  await expect(page.getByText('Only admins can manage staff.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Staff' })).toHaveCount(0);

  const { token } = await storage(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const me = await fetch(`${baseURL}/trpc/auth.me`, { headers: { authorization: `Bearer ${token}` } });
  expect(me.status).toBe(401);
});

test('on the admin host the Staff and Audit Log pages sit at /staff and /audit', async ({ page, baseURL }) => {
  await db();
  const admin = baseURL!.replace('//localhost', '//admin.localhost');
  await signInOnce(page, E2E_ADMIN.email, admin);
  await page.goto(`${admin}/dashboard`);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveAttribute('href', '/staff');
  await nav.getByRole('link', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(`${admin}/audit`);
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  await page.goto(`${admin}/staff`);
  await expect(page.getByRole('row').filter({ hasText: E2E_ADMIN.email })).toBeVisible();
});
