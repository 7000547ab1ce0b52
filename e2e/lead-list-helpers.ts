// Shared setup of the lead list's browser tests (docs/product.md §4, §8): its agents, leads made for a
// test, opening the list as the admin or as an agent, and its rows, tabs and column headers. The
// database is shared by the whole suite, so every test makes leads with a unique word and searches for it.
import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN, makeLeads, run, signIn, withStaff } from './helpers.ts';
import { writeAroundLeadModel } from '../models/leads/testing.ts';

/** Agents the admin claims and assigns for. */
export const AGENT_A = `Ada${run}`;
export const AGENT_B = `Bo${run}`;
/** The agent signed in on the list as itself, and another agent. */
export const ME = `Mia${run}`;
export const ME_EMAIL = `mia.${run}@e2e.local`;
export const OTHER = `Oz${run}`;
/** Someone else working in the console meanwhile: through the model, so the counters follow. */
export const elsewhere = { name: 'Another Admin' };

/** Makes the admin and the agents above before the file's tests. */
export function withListStaff() {
  withStaff(
    { ...E2E_ADMIN },
    { name: AGENT_A, email: `ada.${run}@e2e.local`, isAgent: true },
    { name: AGENT_B, email: `bo.${run}@e2e.local`, isAgent: true },
    { name: ME, email: ME_EMAIL, isAgent: true },
    { name: OTHER, email: `oz.${run}@e2e.local`, isAgent: true },
  );
}

/** `count` leads "<tag> Person<i>" with phones from 303-555-2000, each with `extra` set on it. */
export async function makeListLeads(tag: string, count: number, extra: Record<string, unknown> = {}) {
  const leads = await makeLeads(tag, count, 2000);
  if (Object.keys(extra).length) {
    for (const lead of leads) await writeAroundLeadModel((Lead) => Lead.updateOne({ _id: lead._id }, { $set: extra }));
  }
  return leads;
}

/** Signs in as the admin, opens the list and searches for `tag`. */
export async function searchAsAdmin(page: Page, tag: string) {
  await signIn(page);
  await page.goto('/admin/leads');
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(tag);
  // The search runs on the server after a short pause: wait until only this test's leads (or an
  // empty state) are listed.
  await expect
    .poll(async () => {
      const rows = await page.locator('tbody tr').allTextContents();
      if (await page.getByText(/^No (leads found|\w+ (leads|deals))$/).isVisible()) return rows.length === 0;
      return rows.length > 0 && rows.every((t) => t.includes(tag));
    })
    .toBe(true);
}

/** Signs in as the agent ME and opens the lead list showing `query`'s view. */
export async function openAsMe(page: Page, query: string) {
  await signIn(page, ME_EMAIL);
  await page.goto(`/admin/leads?${query}`);
}

export const row = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) });
export const tab = (page: Page, label: string) => page.getByRole('tab', { name: new RegExp(`^${label}`) });
/** The count badge of a tab, matched whole (agent names hold digits). */
export const tabCount = (page: Page, label: string) => tab(page, label).locator('span').last();
export const header = (page: Page, label: string) => page.getByRole('columnheader', { name: new RegExp(`^${label}`) });
