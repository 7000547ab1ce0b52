// Overdue and duplicate leads on the lead list: search by phone digits, the age and Overdue marks, and
// a possible duplicate linking to the first lead, as a ?lead= link does (docs/product.md §4).
import { expect, test } from '@playwright/test';
import mongoose, { type Types } from 'mongoose';
import { signIn, run, wordsFor } from './helpers.ts';
import { withListStaff, makeListLeads, searchAsAdmin, row } from './lead-list-helpers.ts';
import { createLead } from '../models/leads/index.ts';
import { writeAroundLeadModel } from '../models/leads/testing.ts';

const word = wordsFor('lo');
withListStaff();

/** Dates a lead's arrival 30 hours back, and its duplicate-check keys (models/leads/keys.ts) with it. */
async function arrivedThirtyHoursAgo(leadId: Types.ObjectId) {
  const thirtyHoursAgo = new Date(Date.now() - 30 * 3600_000);
  await writeAroundLeadModel((Lead) => Lead.collection.updateOne({ _id: leadId }, { $set: { createdAt: thirtyHoursAgo } }));
  await mongoose.connection.collection('lead_keys').updateMany({ leadId }, { $set: { at: thirtyHoursAgo } });
}

test('search matches phone digits, overdue and duplicate leads are marked', async ({ page }) => {
  const tag = word();
  // Phones of this test's own (digits from the run's word), so no other test's lead matches.
  const digits = String(parseInt(run, 36) % 10_000).padStart(4, '0');
  const first = await createLead({ name: `${tag} Old`, email: `${tag}.old@example.com`, phone: `(719) 555-${digits}` });
  await arrivedThirtyHoursAgo(first._id);
  // The same email 30 hours later: outside the 24-hour window, so not a duplicate.
  await createLead({ name: `${tag} Again`, email: `${tag}.old@example.com`, phone: `(719) 556-${digits}` });
  // The same phone as "Again" within the window: a duplicate.
  await createLead({ name: `${tag} Twin`, email: `${tag}.twin@example.com`, phone: `719 556 ${digits}` });
  await signIn(page);
  await page.goto('/admin/leads');
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(`(719) 555${digits}`);
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(1);
  await expect(row(page, `${tag} Old`)).toContainText('Overdue');
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(tag);
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(3);
  await expect(row(page, `${tag} Twin`).getByRole('button', { name: 'Possible duplicate' })).toBeVisible();
  await expect(row(page, `${tag} Again`).getByRole('button', { name: 'Possible duplicate' })).toHaveCount(0);
  await expect(row(page, `${tag} Old`).getByRole('button', { name: 'Possible duplicate' })).toHaveCount(0);
});

test('open leads show their age; a duplicate links to the first lead, and so does a link with ?lead=', async ({ page }) => {
  const tag = word();
  const [first] = await makeListLeads(tag, 1);
  await arrivedThirtyHoursAgo(first._id);
  const [repeat] = await makeListLeads(`${tag}r`, 1);
  await writeAroundLeadModel((Lead) => Lead.updateOne({ _id: repeat._id }, { $set: { duplicateOf: first._id } }));
  await searchAsAdmin(page, tag);
  await expect(row(page, `${tag} Person0`)).toContainText('30h old');
  await expect(row(page, `${tag} Person0`)).toContainText('Overdue');

  await row(page, `${tag}r Person0`).getByRole('button', { name: 'Possible duplicate' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search leads' })).toHaveValue('');
  await expect(page.locator(`#lead-${first.id}`)).toBeInViewport();

  await page.goto(`/admin/leads?lead=${first.id}`);
  await expect(page.locator(`#lead-${first.id}`)).toBeInViewport();
});
