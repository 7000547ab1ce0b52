// Steps shared by the sign-in browser tests of both host modes.
import type { Page } from '@playwright/test';
import { StaffModel } from '../models/staff.ts';
import { signStaffToken } from '../server/tokens.ts';
import { E2E_JWT_SECRET, ensureStaff } from './helpers.ts';

export const PASSWORD = 'e2e-staff-password';
let n = 0;
/** A staff account of this test alone: the database is shared by the whole suite. */
export async function newStaff(name = 'Avery Auth') {
  const email = `auth-${Date.now()}-${++n}@e2e.local`;
  await ensureStaff({ name, email, password: PASSWORD });
  return { name, email };
}

/**
 * Stores a valid session once, as a signed-in browser has it. (Unlike an init script, a later
 * clearing by the app is not undone on the next page load.)
 */
export async function signIn(page: Page, email: string, origin = '') {
  const staff = await StaffModel.findOne({ email }).orFail();
  const token = signStaffToken({ id: staff.id, tokenVersion: staff.tokenVersion }, E2E_JWT_SECRET);
  await page.goto(`${origin}/api/health`);
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
    },
    [token, JSON.stringify({ name: staff.name, email: staff.email })] as const,
  );
}

export const storage = (page: Page) => page.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user') }));

/** Holds a request until `release` is called, so the in-flight state can be seen. */
export async function holdRequests(page: Page, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
