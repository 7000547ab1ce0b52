// Steps shared by the sign-in browser tests of both host modes, and the setup of the console tests run
// at both widths with the admin signed in on a lead of their own.
import { test, type Page } from '@playwright/test';
import { StaffModel } from '../models/staff/accounts.ts';
import { createLead } from '../models/leads/index.ts';
import { signStaffToken } from '../server/tokens.ts';
import { DESKTOP, E2E_ADMIN, E2E_JWT_SECRET, PHONE, atEachSize, db, ensureStaff, signIn as signInBeforeLoad } from './helpers.ts';

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
export async function signIn(page: Page, email: string, origin = '', authTime?: number) {
  const staff = await StaffModel.findOne({ email }).orFail();
  const token = signStaffToken({ id: staff.id, tokenVersion: staff.tokenVersion }, E2E_JWT_SECRET, { authTime });
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

/** Declares `tests` once per console width (1440 px desktop, 390 px phone), with the e2e admin account in place. */
export function atBothWidths(tests: () => void) {
  test.beforeAll(async () => {
    await ensureStaff({ ...E2E_ADMIN });
  });
  atEachSize([DESKTOP, PHONE], ({ viewport }) => `at ${viewport.width} px`, tests);
}

const run = Date.now().toString(36);
let leadsMade = 0;
/** A lead of this test alone ("<prefix><run>x<n>", its email, a phone from `phoneFrom`), with the admin signed in. */
export async function adminOnNewLead(page: Page, prefix: string, phoneFrom: number) {
  await db();
  const name = `${prefix}${run}x${++leadsMade}`;
  const email = `${name.toLowerCase()}@example.com`;
  const lead = await createLead({ name, email, phone: `(303) 555-${phoneFrom + leadsMade}` });
  await signInBeforeLoad(page);
  return { name, email, leadId: String(lead.id) };
}
