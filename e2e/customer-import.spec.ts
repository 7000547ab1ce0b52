// The customer import in the browser, at phone and desktop sizes: an admin chooses a small CSV on the
// Customers page, reads the dry run's table (two customers and a policy to create, an ignored column),
// confirms, sees the summary, and finds the imported customers in the list: the Medicare client with
// their carrier and line and the age of their birth date, the other marked for what the file lacked.
import { expect, test } from '@playwright/test';
import { signIn, atEachSize, DESKTOP, PHONE } from './helpers.ts';
import { ageOn } from '../schemas/customer-details.ts';
import { todayIn } from '../schemas/book-windows.ts';
import { site } from '../schemas/brokerage.ts';

const BIRTH_DATE = '1956-03-15';

atEachSize(
  [PHONE, DESKTOP],
  (size) => `at ${size.name} size`,
  (size) => {
    test('an admin imports a small file: dry run table, confirm, customers listed', async ({ page }) => {
      const run = `${size.name}${Date.now().toString(36)}`;
      // Phones of this run only: a customer is matched by phone when the email is new.
      const digits = String((Date.now() % 9_000_000) + 1_000_000);
      const phone = (last: number) => `(720) ${digits.slice(0, 3)}-${digits.slice(3, 6)}${last}`;
      const csv = [
        'First Name,Last Name,E-mail,Mobile,DOB,Company,Product,Policy #,Effective Date,Monthly Premium,Shoe Size',
        `Iris,Import${run},iris.${run}@example.com,${phone(1)},${BIRTH_DATE},Humana,Medicare Advantage,H-${run},2026-01-01,45.50,7`,
        `Ivo,Import${run},ivo.${run}@example.com,${phone(2)},,,,,,,9`,
      ].join('\n');

      await signIn(page);
      await page.goto('/admin/customers');
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Import customers and policies' });
      await dialog.getByLabel('Choose CSV file').setInputFiles({ name: 'book.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

      const rows = dialog.getByRole('region', { name: 'Rows of the file' });
      await expect(rows.getByRole('row')).toHaveCount(3);
      await expect(rows.getByRole('row', { name: new RegExp(`^2 Iris Import${run}`) })).toContainText('Create');
      await expect(dialog.getByText('Ignored columns: Shoe Size')).toBeVisible();
      const counts = dialog.getByRole('definition');
      await expect(counts.first()).toHaveText('2'); // customers to create
      await expect(counts.nth(2)).toHaveText('1'); // policies to create

      await dialog.getByRole('button', { name: 'Confirm import' }).click();
      await expect(dialog.getByRole('status')).toHaveText('Import complete: 2 rows read.');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();

      await page.getByRole('searchbox', { name: 'Search customers' }).fill(`Import${run}`);
      await expect(page.getByText(`Iris Import${run}`).locator('visible=true')).toBeVisible();
      await expect(page.getByText(`Ivo Import${run}`).locator('visible=true')).toBeVisible();

      // What the file gave, not an invented plan: the carrier and line of the policy, the age of the birth date.
      const age = ageOn(BIRTH_DATE, todayIn(site.timeZone))!;
      const listed = (who: string) =>
        size.name === 'phone'
          ? page.getByRole('article', { name: `${who} Import${run}` })
          : page.getByRole('row', { name: new RegExp(`^${who} Import${run}`) });
      const iris = listed('Iris');
      await expect(iris.getByRole('list', { name: `Coverage of Iris Import${run}` })).toHaveText('Humana · Medicare Advantage');
      if (size.name === 'phone') await expect(iris.getByText(`Age ${age}`, { exact: true })).toBeVisible();
      else await expect(iris.getByRole('cell').nth(1)).toHaveText(String(age));
      await expect(iris).not.toContainText('Individual · PPO');
      await expect(iris).not.toContainText('Missing details');
      // The other row gave neither a birth date nor a carrier: that is what it lacks.
      const ivo = listed('Ivo');
      await expect(ivo.getByTitle('Missing: Age, Insurance provider')).toBeVisible();
      await expect(ivo.getByRole('list', { name: `Coverage of Ivo Import${run}` })).toHaveText('No policy on file');
    });
  },
);
