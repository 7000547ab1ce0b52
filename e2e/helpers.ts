// Shared steps of the browser tests: direct database access to the server's embedded
// database, staff accounts, signing in without going through the login form, the screen sizes a
// test runs at, words and leads made for a test, a failing server, the public lead form and the dashboard.
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import mongoose from 'mongoose';
import path from 'node:path';
import { findRunningEmbeddedDb } from '../server/embedded-db.ts';
import { StaffModel, hashPassword } from '../models/staff/accounts.ts';
import { signStaffToken } from '../server/tokens.ts';
import { configureDataKeys } from '../server/field-crypto.ts';
import { createLead } from '../models/leads/index.ts';

export const E2E_JWT_SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e-secret';
/** The e2e server's data key (32 bytes, base64): production mode takes it from the environment. */
export const E2E_DATA_KEY = Buffer.alloc(32, 'e2e-data-key').toString('base64');
export const E2E_ADMIN = { name: 'Test Admin', email: 'admin@e2e.local', password: 'e2e-admin-password' };

/** Connects (once per worker) to the embedded database the e2e server started. */
export async function db() {
  if (mongoose.connection.readyState !== 1) {
    // Rows written here are encrypted with the same key as the server's (playwright.config.ts).
    configureDataKeys({ kind: 'env', current: E2E_DATA_KEY, old: [] });
    const dataDir = path.resolve(process.env.E2E_DATA_DIR || '.cache/e2e-data');
    const running = findRunningEmbeddedDb(dataDir);
    if (!running) throw new Error(`no embedded database is running for ${dataDir}`);
    await mongoose.connect(`${running.uri.replace(/\/$/, '')}/brokerage`, { bufferCommands: false });
  }
  return mongoose.connection;
}

/** A mark of this run: names made from it are the suite's own. */
export const run = Date.now().toString(36);

/** Words unique in the suite for one file's tests, "<prefix><run>x<n>": each file has a prefix of its own. */
export function wordsFor(prefix: string) {
  let n = 0;
  return () => `${prefix}${run}x${++n}`;
}

/** Creates (or resets) a staff account and returns it. */
export async function ensureStaff(fields: { name: string; email: string; password?: string; isAgent?: boolean }) {
  await db();
  const passwordHash = await hashPassword(fields.password ?? 'e2e-staff-password');
  return StaffModel.findOneAndUpdate(
    { email: fields.email.toLowerCase() },
    { $set: { name: fields.name, passwordHash, isAgent: fields.isAgent ?? false }, $setOnInsert: { tokenVersion: 0 } },
    { upsert: true, new: true },
  ).orFail();
}

/** Creates (or resets) these staff accounts before the file's tests. */
export function withStaff(...accounts: Parameters<typeof ensureStaff>[0][]) {
  test.beforeAll(async () => {
    for (const account of accounts) await ensureStaff(account);
  });
}

/**
 * An agent of the file's own, made before its tests. Its name is a first name and digits only: other
 * files find dashboard fields by short labels a random word could contain.
 */
export function agentOfFile(firstName: string) {
  const name = `${firstName}${Date.now()}`;
  const agent = { name, email: `${name.toLowerCase()}@e2e.local`, isAgent: true };
  withStaff(agent);
  return agent;
}

/**
 * Puts a valid token and user into localStorage before the first page loads, as a signed-in browser
 * has them. Only once per tab: a later sign-out or 401 clearing is not undone on the next load.
 */
export async function signIn(page: Page, email = E2E_ADMIN.email) {
  await db();
  const staff = await StaffModel.findOne({ email: email.toLowerCase() }).orFail();
  const token = signStaffToken({ id: staff.id, tokenVersion: staff.tokenVersion }, E2E_JWT_SECRET);
  const user = { name: staff.name, email: staff.email };
  await page.addInitScript(
    ([t, u]) => {
      if (!window.sessionStorage.getItem('e2e-signed-in')) {
        window.sessionStorage.setItem('e2e-signed-in', '1');
        window.localStorage.setItem('token', t);
        window.localStorage.setItem('user', u);
      }
    },
    [token, JSON.stringify(user)] as const,
  );
  return { staff, token, user };
}

export type ScreenSize = { name: string; viewport: { width: number; height: number } };
export const PHONE: ScreenSize = { name: 'phone', viewport: { width: 390, height: 844 } };
export const DESKTOP: ScreenSize = { name: 'desktop', viewport: { width: 1440, height: 900 } };

/** Declares `tests` once per size, in a block titled `title(size)` with the browser at that size. */
export function atEachSize(sizes: ScreenSize[], title: (size: ScreenSize) => string, tests: (size: ScreenSize) => void) {
  for (const size of sizes) {
    test.describe(title(size), () => {
      test.use({ viewport: size.viewport });
      tests(size);
    });
  }
}

/** `count` new leads named "<tag> Person<i>", with emails "<tag>.<i>@example.com" and phones from 303-555-<phoneFrom>. */
export async function makeLeads(tag: string, count: number, phoneFrom: number) {
  await db();
  const leads = [];
  for (let i = 0; i < count; i++) {
    leads.push(await createLead({ name: `${tag} Person${i}`, email: `${tag}.${i}@example.com`, phone: `(303) 555-${phoneFrom + i}` }));
  }
  return leads;
}

/** A lead named `name`, its email made from the name; answers its id. */
export async function makeLead(name: string, phone = '(303) 555-4100') {
  await db();
  const lead = await createLead({ name, email: `${name.toLowerCase()}@example.com`, phone });
  return lead.id as string;
}

/** How far the page scrolls sideways: 0 when it fits the screen. */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

/** Answers a tRPC call as the server answers an unexpected failure (500, INTERNAL_SERVER_ERROR). */
export const answerInternalError = (route: Route) =>
  route.fulfill({
    status: 500,
    contentType: 'application/json',
    body: '[{"error":{"json":{"message":"boom","code":-32603,"data":{"code":"INTERNAL_SERVER_ERROR","httpStatus":500}}}}]',
  });

/** The console's errors and warnings and the page's uncaught errors from now on. */
export function collectProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return problems;
}

/** The public lead form's submit button, ready or sending. */
export const leadFormSubmit = (page: Page) => page.getByRole('button', { name: /Get My Free Consultation|Submitting\.\.\./ });

/** Types a person (Casey Form unless told) into the public lead form. */
export async function fillLeadForm(page: Page, values = { name: 'Casey Form', email: 'casey.form@example.com', phone: '(303) 555-0142' }) {
  await page.getByLabel('Full name').fill(values.name);
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel('Phone').fill(values.phone);
}

/** The error message an invalid field is described by. */
export async function errorMessageOf(field: Locator) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const id = (await field.getAttribute('aria-describedby'))!;
  return field.page().locator(`[id="${id}"]`);
}

/** Signs in as the admin and opens the Performance Dashboard. */
export async function openDashboard(page: Page) {
  await signIn(page);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Performance Dashboard' })).toBeVisible();
}

/** The figure under a dashboard card's label (a <dt>/<dd> pair). */
export function figure(card: Locator, label: string): Locator {
  return card
    .locator('div')
    .filter({ has: card.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
}
