// Shared steps of the browser tests: direct database access to the server's embedded
// database, staff accounts, and signing in without going through the login form.
import type { Page } from '@playwright/test';
import mongoose from 'mongoose';
import path from 'node:path';
import { findRunningEmbeddedDb } from '../server/embedded-db.ts';
import { StaffModel, hashPassword } from '../models/staff/accounts.ts';
import { signStaffToken } from '../server/tokens.ts';
import { configureDataKeys } from '../server/field-crypto.ts';

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
