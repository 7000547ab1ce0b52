// Shared steps of the browser tests: direct database access to the server's embedded
// database, staff accounts, signing in without going through the login form, the screen sizes a
// test runs at, leads made for a test, and the public lead form.
import { expect, test, type Locator, type Page } from '@playwright/test';
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

/** Types a person into the public lead form. */
export async function fillLeadForm(page: Page, values: { name: string; email: string; phone: string }) {
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
