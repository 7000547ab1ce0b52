// Records captured by a recorded call or on paper, at phone and desktop sizes (docs/compliance.md): an agent
// adds an SOA by recorded call and an ACA consent signed on paper from a customer's Compliance panel; a file
// that is not a PDF or image is refused whatever its name; the paper form downloads back as it was uploaded.
// On a lead's record, the Medicare appointment logged against an SOA uses it: the panel shows it used.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { db, ensureStaff, signIn, atEachSize, DESKTOP, PHONE } from './helpers.ts';
import { CustomerModel } from '../models/customers/customer.ts';
import { claimLead, createLead } from '../models/leads/index.ts';

const PDF = Buffer.from('%PDF-1.4\n% signed consent scan\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

atEachSize(
  [PHONE, DESKTOP],
  (size) => `at ${size.name} size`,
  (size) => {
    test('an agent adds a recorded-call SOA and a paper ACA consent, and downloads the form', async ({ page }) => {
      test.setTimeout(90_000);
      const run = `${size.name}${Date.now().toString(36)}`;
      const email = `paz.${run}@e2e.local`;
      await ensureStaff({ name: `Paz ${run}`, email, isAgent: true });
      await db();
      await CustomerModel.create({
        name: `Olga Paper ${run}`,
        email: `olga.${run}@example.com`,
        phone: '+13035550143',
        age: 67,
        insuranceProvider: 'Humana',
        leadKey: `manual:e2e-compliance-paper-${run}`,
      });
      await signIn(page, email);
      await page.goto(`/admin/customers?search=${run}`);
      await page
        .getByRole('button', { name: `Edit Olga Paper ${run}` })
        .locator('visible=true')
        .click();
      const panel = page.getByRole('dialog').getByRole('region', { name: 'Compliance' });
      await expect(panel.getByText('Medicare Scope of Appointment: missing')).toBeVisible();

      // A Scope of Appointment agreed on a recorded call.
      await panel.getByRole('button', { name: 'Add call or paper record' }).click();
      let form = panel.getByRole('form', { name: 'Add a recorded-call or paper record' });
      await form.getByLabel('Recording system').fill('Office phones');
      await form.getByLabel('Call id or recording address').fill(`call-${run}`);
      await form.getByLabel('Medicare Supplement (Medigap)').check();
      await form.getByLabel('Appointment date').fill('2027-02-10');
      await form.getByRole('button', { name: 'Add record' }).click();
      await expect(form).toBeHidden();
      await expect(panel.getByText('Medicare Scope of Appointment: on file', { exact: false })).toBeVisible();
      await expect(panel.getByText(`Recording: Office phones · call-${run}`)).toBeVisible();

      // A paper ACA consent: a file named .pdf that is not one is refused, then the real scan is kept.
      await panel.getByRole('button', { name: 'Add call or paper record' }).click();
      form = panel.getByRole('form', { name: 'Add a recorded-call or paper record' });
      await form.getByLabel(/^Form/).selectOption('aca-consent');
      await form.getByLabel(/^Captured by/).selectOption('paper');
      await form.getByLabel('Scope, purpose and duration of the help').fill('Enrolment help for plan year 2027');
      const upload = form.getByLabel('Signed form (PDF, PNG or JPEG, up to 10 MB)');
      await upload.setInputFiles({ name: 'consent.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>not a scan</html>') });
      await form.getByRole('button', { name: 'Add record' }).click();
      await expect(form.getByText('The file must be a PDF, PNG or JPEG')).toBeVisible();
      await upload.setInputFiles({ name: 'consent.pdf', mimeType: 'application/pdf', buffer: PDF });
      await form.getByRole('button', { name: 'Add record' }).click();
      await expect(form).toBeHidden();
      await expect(panel.getByText('ACA consent: on file')).toBeVisible();

      const download = page.waitForEvent('download');
      await panel.getByRole('button', { name: 'Download paper form (PDF)' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^aca-consent-[0-9a-f]{24}\.pdf$/);
      expect((await readFile(await file.path())).equals(PDF)).toBe(true);
      await expect(page.locator('body')).not.toHaveCSS('overflow-x', 'scroll');
    });

    test('a Medicare appointment uses the Scope of Appointment it relied on', async ({ page }) => {
      test.setTimeout(90_000);
      const run = `${size.name}${Date.now().toString(36)}`;
      const agent = `Ines ${run}`;
      const email = `ines.${run}@e2e.local`;
      await ensureStaff({ name: agent, email, isAgent: true });
      await db();
      const name = `Walter Soa ${run}`;
      const lead = await createLead({ name, email: `walter.${run}@example.com`, phone: '(303) 555-4177' });
      await claimLead(lead.id as string, agent, { name: agent });
      await signIn(page, email);
      await page.goto(`/admin/leads/${lead.id}`);
      const panel = page.getByRole('region', { name: 'Compliance' });
      await panel.getByRole('button', { name: 'Add call or paper record' }).click();
      const form = panel.getByRole('form', { name: 'Add a recorded-call or paper record' });
      await form.getByLabel('Recording system').fill('Office phones');
      await form.getByLabel('Call id or recording address').fill(`call-${run}`);
      await form.getByLabel('Medicare Advantage (Part C)').check();
      await form.getByLabel('Appointment date').fill('2027-03-10');
      await form.getByRole('button', { name: 'Add record' }).click();
      await expect(panel.getByText('Medicare Scope of Appointment: on file', { exact: false })).toBeVisible();

      await page.getByRole('button', { name: 'Log call' }).click();
      const dialog = page.getByRole('dialog', { name: `Log a call with ${name}` });
      await dialog.getByRole('radio', { name: 'Reached' }).check();
      await dialog.getByLabel('This was a Medicare appointment').check();
      await dialog.getByRole('button', { name: 'Save call' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(panel.getByText('Used at the Medicare appointment on', { exact: false })).toBeVisible();
      await expect(panel.getByText('the last one was used at the appointment on', { exact: false })).toBeVisible();
    });
  },
);
