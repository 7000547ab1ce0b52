// A lead's notes from the lead list: view and edit, long notes collapsed, and a warning before unsaved
// text is lost (docs/product.md §4).
import { expect, test } from '@playwright/test';
import { wordsFor } from './helpers.ts';
import { withListStaff, makeListLeads, searchAsAdmin, openAsMe, row } from './lead-list-helpers.ts';
import { readLead, findLeadRecords } from '../models/leads/index.ts';
import { openText } from '../server/field-crypto.ts';

const word = wordsFor('ln');
withListStaff();

test('notes toggle between view and edit, and long notes collapse', async ({ page }) => {
  const tag = word();
  const long = `Prefers afternoon calls. ${'Needs a family plan with good pediatric coverage. '.repeat(6)}`;
  await makeListLeads(tag, 1, { notes: long });
  await searchAsAdmin(page, tag);
  await row(page, `${tag} Person0`)
    .getByRole('button', { name: `Notes for ${tag} Person0` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Notes for ${tag} Person0` });
  await expect(dialog).not.toContainText(long.trim());
  await dialog.getByRole('button', { name: 'Read More' }).click();
  await expect(dialog).toContainText(long.trim());
  await dialog.getByRole('button', { name: 'Show Less' }).click();
  await dialog.getByRole('button', { name: 'Edit Notes' }).click();
  await dialog.getByLabel('Notes').fill('Call back Tuesday');
  await dialog.getByRole('button', { name: 'Save Notes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect
    .poll(async () => openText((await findLeadRecords({ name: `${tag} Person0` }).then((r) => r[0] ?? null))?.notes))
    .toBe('Call back Tuesday');
});

test('leaving the notes editor with unsaved text asks first', async ({ page }) => {
  const tag = word();
  const [lead] = await makeListLeads(tag, 1);
  await openAsMe(page, `q=${tag}`);
  await row(page, `${tag} Person0`)
    .getByRole('button', { name: `Notes for ${tag} Person0` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Notes for ${tag} Person0` });
  await dialog.getByRole('button', { name: 'Edit Notes' }).click();
  await dialog.getByLabel('Notes').fill('Half a thought');
  await page.keyboard.press('Escape');
  await expect(dialog).toContainText('Discard unsaved notes?');
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByLabel('Notes')).toHaveValue('Half a thought');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await readLead(lead._id))?.notes).toBe('');
});
