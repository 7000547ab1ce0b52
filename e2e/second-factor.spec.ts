// The second factor in the browser at phone and desktop widths: adding an authenticator app from
// the settings menu (a QR code with the key below it), saving the recovery codes (Copy, Download),
// signing in with its code, with a recovery code once (and failing with it the second time), adding
// a passkey (Chromium's virtual authenticator), signing in with it and removing it (confirm, then the
// password), and the office's requirement sending an account without a factor to enrolment.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { PASSWORD, newStaff, signIn } from './auth-helpers.ts';
import { DESKTOP, PHONE, atEachSize, db } from './helpers.ts';
import { updateOfficeSettings } from '../models/flows/office-settings.ts';

const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
const actor = { id: 'e2e', name: 'E2E', email: 'e2e@e2e.local' };

async function passwordStep(page: Page, email: string) {
  await page.goto('/admin');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Opens the settings menu's Sign-in security dialog. */
async function openSignInSecurity(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Sign-in security' }).click();
  return page.getByRole('dialog', { name: 'Sign-in security' });
}

/** The password step, then a recovery code for the second. */
async function signInWithRecoveryCode(page: Page, email: string, code: string) {
  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
}

atEachSize(
  [PHONE, DESKTOP],
  ({ viewport }) => `second factor at ${viewport.width} px`,
  () => {
    test('adds an authenticator app, signs in with its code and with a recovery code once', async ({ page }) => {
      const staff = await newStaff('Tess Totp');
      await passwordStep(page, staff.email);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);

      const dialog = await openSignInSecurity(page);
      await dialog.getByRole('button', { name: 'Add an authenticator app' }).click();
      // A QR code made in the browser (a data URL: no outside service), with the key below it.
      const qr = dialog.getByRole('img', { name: 'QR code for your authenticator app' });
      await expect(qr).toBeVisible();
      expect(await qr.getAttribute('src')).toMatch(/^data:image\//);
      expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
      const key = dialog.getByTestId('totp-secret');
      await expect(key).toBeVisible();
      expect((await key.boundingBox())!.y).toBeGreaterThan((await qr.boundingBox())!.y);
      const secret = (await key.textContent())!.trim();
      await expect(dialog.getByRole('link', { name: /^otpauth:\/\/totp\// })).toBeVisible();
      await dialog.getByLabel('Code from the app').fill(await codeAt(secret));
      await dialog.getByRole('button', { name: 'Turn on' }).click();
      await expect(dialog.getByRole('region', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
      const codes = (await dialog.getByRole('region', { name: 'Recovery codes' }).getByRole('listitem').allTextContents()).map((c) =>
        c.trim(),
      );
      expect(codes).toHaveLength(10);
      // Download: a text file holding every code.
      const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
      expect(download.suggestedFilename()).toBe('recovery-codes.txt');
      const saved = readFileSync((await download.path())!, 'utf8');
      for (const c of codes) expect(saved).toContain(c);
      await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
      await dialog.getByRole('button', { name: 'I saved my recovery codes' }).click();
      await expect(dialog.getByText('Authenticator app')).toBeVisible();
      await expect(dialog.getByText('Recovery codes (10 left)')).toBeVisible();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await logout(page);

      // The password alone no longer opens the console: the next code of the app does.
      await passwordStep(page, staff.email);
      await expect(page.getByRole('heading', { name: 'Second step' })).toBeVisible();
      await expect(page).toHaveURL(/\/admin$/);
      await page.getByLabel('Authentication code').fill(await codeAt(secret, 30));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await logout(page);

      // A recovery code works once.
      await signInWithRecoveryCode(page, staff.email, codes[0]!);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await logout(page);
      await signInWithRecoveryCode(page, staff.email, codes[0]!);
      await expect(page.getByRole('alert')).toHaveText('Invalid or already used code');
      await expect(page).toHaveURL(/\/admin$/);
    });

    test('adds a passkey, signs in with the password and the passkey, and removes it', async ({ page }) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
      });
      const staff = await newStaff('Pat Passkey');
      await passwordStep(page, staff.email);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);

      const dialog = await openSignInSecurity(page);
      await dialog.getByLabel('Passkey name (optional)').fill('Work laptop');
      await dialog.getByRole('button', { name: 'Add a passkey' }).click();
      // The first factor comes with recovery codes.
      await expect(dialog.getByRole('region', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
      await dialog.getByRole('button', { name: 'I saved my recovery codes' }).click();
      await expect(dialog.getByText('Passkey: Work laptop')).toBeVisible();
      await expect(dialog.getByText(/last used never/).first()).toBeVisible();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await logout(page);

      // The password alone no longer opens the console: the passkey does.
      await passwordStep(page, staff.email);
      await expect(page.getByRole('heading', { name: 'Second step' })).toBeVisible();
      await page.getByRole('button', { name: 'Use a passkey' }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);

      const listed = (await openSignInSecurity(page)).getByRole('listitem').filter({ hasText: 'Passkey: Work laptop' });
      await expect(listed).not.toContainText('last used never');
      // Removing asks to confirm, then for the password or a code.
      await page.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
      await expect(page.getByText('Remove the passkey "Work laptop"?')).toBeVisible();
      await page.getByRole('button', { name: 'Yes, remove' }).click();
      const proof = page.getByRole('form', { name: 'Confirm it is you' });
      await expect(proof).toBeVisible();
      await proof.getByLabel('Current password or a code').fill('not-the-password');
      await proof.getByRole('button', { name: 'Remove passkey' }).click();
      await expect(proof.getByRole('alert')).toHaveText('Current password is incorrect');
      await expect(listed).toBeVisible();
      await proof.getByLabel('Current password or a code').fill(PASSWORD);
      await proof.getByRole('button', { name: 'Remove passkey' }).click();
      await expect(page.getByText('No second factor yet')).toBeVisible();
    });

    test('asks a sign-in older than 5 minutes for the password before setting up an authenticator app', async ({ page }) => {
      await db();
      const staff = await newStaff('Olive Older');
      await signIn(page, staff.email, '', Math.floor(Date.now() / 1000) - 10 * 60);
      await page.goto('/admin/dashboard');
      const dialog = await openSignInSecurity(page);
      await dialog.getByRole('button', { name: 'Add an authenticator app' }).click();
      const proof = dialog.getByRole('form', { name: 'Confirm it is you' });
      await expect(proof).toContainText('more than 5 minutes old');
      await expect(dialog.getByTestId('totp-secret')).toHaveCount(0);
      await proof.getByLabel('Current password or a code').fill(PASSWORD);
      await proof.getByRole('button', { name: 'Continue' }).click();
      await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
      const secret = (await dialog.getByTestId('totp-secret').textContent())!.trim();
      // The proof given to the setup covers turning it on.
      await dialog.getByLabel('Code from the app').fill(await codeAt(secret));
      await dialog.getByRole('button', { name: 'Turn on' }).click();
      await expect(dialog.getByRole('region', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    });

    test('sends an account without a factor to enrolment while the office requires one', async ({ page }) => {
      await db();
      const staff = await newStaff('Erin Enrol');
      await updateOfficeSettings({ requireSecondFactor: true }, actor);
      try {
        await passwordStep(page, staff.email);
        await expect(page.getByRole('heading', { name: 'Set up a second factor' })).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link')).toHaveCount(0);
        // Another screen's address still shows only the enrolment.
        await page.goto('/admin/leads');
        await expect(page.getByRole('heading', { name: 'Set up a second factor' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Leads' })).toHaveCount(0);

        await page.getByRole('button', { name: 'Add an authenticator app' }).click();
        const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
        await page.getByLabel('Code from the app').fill(await codeAt(secret));
        await page.getByRole('button', { name: 'Turn on' }).click();
        await page.getByRole('button', { name: 'I saved my recovery codes' }).click();
        await expect(page.getByRole('heading', { name: 'Set up a second factor' })).toHaveCount(0);
        await expect(page.getByRole('link', { name: 'Leads' })).toBeVisible();
      } finally {
        await updateOfficeSettings({ requireSecondFactor: false }, actor);
      }
    });
  },
);
