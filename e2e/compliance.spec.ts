// A Scope of Appointment signed from a link, at phone and desktop sizes (docs/compliance.md): an agent prepares
// it on a customer's card, the person opens the link with JavaScript off, switches to Spanish and signs; the
// card then shows the record with its text version; the link again answers "already used"; a link prepared
// 25 hours ago (the model's clock) answers "expired"; a tampered token is a 404.
import { expect, test } from '@playwright/test';
import { db, ensureStaff, signIn, atEachSize, DESKTOP, PHONE } from './helpers.ts';
import { CustomerModel } from '../models/customers/customer.ts';
import { createSignRequest } from '../models/compliance/index.ts';

atEachSize(
  [PHONE, DESKTOP],
  (size) => `at ${size.name} size`,
  (size) => {
    test('an agent sends a Scope of Appointment and the person signs it in Spanish without JavaScript', async ({ page, browser }) => {
      test.setTimeout(90_000);
      const run = `${size.name}${Date.now().toString(36)}`;
      const agent = `Sofia ${run}`;
      const email = `sofia.${run}@e2e.local`;
      await ensureStaff({ name: agent, email, isAgent: true });
      await db();
      const customer = await CustomerModel.create({
        name: `Marta Ruiz ${run}`,
        email: `marta.${run}@example.com`,
        phone: '+13035550142',
        age: 66,
        insuranceProvider: 'Humana',
        leadKey: `manual:e2e-compliance-${run}`,
      });

      await signIn(page, email);
      const openCard = async () => {
        await page.goto(`/admin/customers?search=${run}`);
        await page
          .getByRole('button', { name: `Edit Marta Ruiz ${run}` })
          .locator('visible=true')
          .click();
        return page.getByRole('dialog').getByRole('region', { name: 'Compliance' });
      };
      let panel = await openCard();
      await expect(panel.getByText('Medicare Scope of Appointment: missing')).toBeVisible();
      await panel.getByRole('button', { name: 'Prepare signing link' }).click();
      await panel.getByLabel('Medicare Advantage (Part C)').check();
      await panel.getByLabel('Stand-alone prescription drug plan (Part D)').check();
      await panel.getByLabel('Appointment date').fill('2027-01-15');
      await panel.getByRole('button', { name: 'Prepare link' }).click();
      const linkBox = panel.getByRole('textbox', { name: 'Signing link' });
      await expect(linkBox).toHaveValue(/\/sign\/[A-Za-z0-9_-]{43}$/);
      const signPath = new URL(await linkBox.inputValue()).pathname;

      // The person's phone: no JavaScript at all.
      const person = await browser.newContext({ javaScriptEnabled: false, viewport: size.viewport });
      const phone = await person.newPage();
      await phone.goto(signPath);
      await expect(phone.getByRole('heading', { name: 'Medicare Scope of Appointment' })).toBeVisible();
      await expect(phone.getByTestId('sign-text')).toContainText('Scope of Sales Appointment Confirmation Form');
      await expect(phone.getByTestId('sign-text')).toContainText('Medicare Advantage (Part C)');
      await phone.getByRole('link', { name: 'Español' }).click();
      await expect(phone).toHaveURL(new RegExp(`${signPath}\\?lang=es$`));
      await expect(phone.getByTestId('sign-text')).toContainText('Formulario de confirmación del alcance de la cita de ventas');
      await phone.getByLabel('Escriba su nombre completo para firmar').fill(`Marta Ruiz ${run}`);
      await phone.getByLabel('He leído el texto anterior y acepto firmarlo electrónicamente.').check();
      await phone.getByRole('button', { name: 'Firmar' }).click();
      await expect(phone.getByText('Firmado. Gracias.')).toBeVisible();
      await expect(phone.getByTestId('signed-text')).toContainText('Formulario de confirmación');

      // The same link again.
      await phone.goto(signPath);
      await expect(phone.getByRole('heading', { name: 'This link was already used.' })).toBeVisible();

      // The card shows the record with its text version.
      panel = await openCard();
      await expect(panel.getByText('Medicare Scope of Appointment: on file', { exact: false })).toBeVisible();
      await expect(panel.getByText(`Signed by Marta Ruiz ${run}`, { exact: false })).toContainText('text version 1 (Spanish)');

      // A link prepared 25 hours ago has expired; a tampered one is unknown.
      const old = await createSignRequest(
        {
          subject: { customerId: customer.id },
          type: 'medicare-soa',
          language: 'en',
          products: ['pdp'],
          appointmentDate: '2027-01-20',
          scope: '',
        },
        agent,
        new Date(Date.now() - 25 * 3_600_000),
      );
      await phone.goto(`/sign/${old.token}`);
      await expect(phone.getByRole('heading', { name: 'This link has expired.' })).toBeVisible();
      const tampered = signPath.slice(0, -1) + (signPath.endsWith('A') ? 'B' : 'A');
      const answer = await phone.goto(tampered);
      expect(answer?.status()).toBe(404);
      await person.close();
    });
  },
);
