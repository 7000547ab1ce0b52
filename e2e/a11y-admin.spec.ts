// Accessibility of the console (WCAG 2.1 A and AA rules of axe) on every admin page (dashboard,
// analytics, leads, customers, staff, audit, compliance) at desktop and phone sizes, with data on each: activity
// entries, visits with percentages and both chart lines, a lead, customers including one missing
// details and one with policies and a birth date (their rows' actions included), the customer edit dialog
// open, with and without policies, and the import dialog over the list. On the customer screens the
// rule that a control's name starts with its visible words (label-content-name-mismatch, which axe
// keeps off by default) runs too. A new admin page adds one row to PAGES.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { db, ensureStaff, signIn, atEachSize, DESKTOP, PHONE } from './helpers.ts';
import { CustomerModel } from '../models/customers/customer.ts';
import { PolicyModel } from '../models/policies/schema.ts';
import { storeVisits, type EnrichedVisit } from '../models/visits/index.ts';
import { claimLead, createLead, updateLead } from '../models/leads/index.ts';

const run = Date.now().toString(36);
/** A claimed lead with a history, for its record page; set before the tests run. */
let recordId = '';
/** Digits only: other files find dashboard fields by short labels ("To") that a random word could contain. */
const AXE_AGENT = `Axe Agent ${Date.now()}`;
let missingCustomerId = '';
let policyCustomerId = '';

test.beforeAll(async () => {
  await db();
  const now = Date.now();
  const visits: EnrichedVisit[] = Array.from({ length: 24 }, (_, i) => ({
    at: new Date(now - (i + 1) * 20 * 60_000),
    page: ['home', 'about', 'contact'][i % 3]!,
    browser: ['Chrome', 'Firefox', 'Safari'][i % 3]!,
    os: ['Windows', 'macOS', 'iOS'][i % 3]!,
    device: i % 2 ? 'Desktop' : 'Mobile', // as parseUserAgent names them
    country: 'US',
    state: ['CO', 'TX', 'CA'][i % 3]!,
    city: ['Denver, CO', 'Dallas, TX', 'Los Angeles, CA'][i % 3]!,
    referrer: i % 2 ? 'direct' : 'google.com',
    visitor: `a11y-${run}-${i % 7}`,
  }));
  await storeVisits(visits, 'America/Denver', { raw: false });
  const lead = await createLead({ name: `Axe Record ${run}`, email: `axe.record.${run}@example.com`, phone: '3035559292' });
  recordId = lead.id as string;
  const admin = { name: 'Test Admin' };
  await ensureStaff({ name: AXE_AGENT, email: `axe.agent.${run}@e2e.local`, isAgent: true });
  await claimLead(recordId, AXE_AGENT, admin);
  await updateLead(recordId, { status: 'called', notes: 'Prefers mornings' }, admin);
  await createLead({ name: `Axe Lead ${run}`, email: `axe.lead.${run}@example.com`, phone: '(303) 555-9292' });
  missingCustomerId = (
    await CustomerModel.create({
      name: `Axe Missing Open ${run}`,
      email: `axe.open.${run}@example.com`,
      phone: '3035559393',
      leadKey: `manual:e2e-a11y-open-${run}`,
    })
  ).id;
  await CustomerModel.create({
    name: `Axe Complete ${run}`,
    email: `axe.${run}@example.com`,
    phone: '3035559090',
    age: 50,
    insuranceProvider: 'Aetna',
    leadKey: `manual:e2e-a11y-${run}`,
  });
  policyCustomerId = (
    await CustomerModel.create({
      name: `Axe Policies ${run}`,
      email: `axe.policies.${run}@example.com`,
      phone: '3035559494',
      birthDate: '1955-06-01',
      leadKey: `import:axe.policies.${run}@example.com`,
    })
  ).id;
  await PolicyModel.create(
    [
      { customerId: policyCustomerId, carrier: 'Humana', line: 'medicare-advantage', status: 'active', effectiveDate: '2026-01-01' },
      { customerId: policyCustomerId, carrier: 'WellCare', line: 'part-d', status: 'lapsed', effectiveDate: '2025-01-01' },
    ].map((p) => ({ ...p, premiumCents: 4550, premiumPeriod: 'monthly', writingAgent: 'Test Admin' })),
  );
  await CustomerModel.create({
    name: `Axe Missing ${run}`,
    email: `axe.missing.${run}@example.com`,
    phone: '3035559191',
    leadKey: `manual:e2e-a11y-missing-${run}`,
  });
});

async function violations(page: Page, extraRules: string[] = []) {
  // options() replaces what withTags() set: it comes first.
  const result = await new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(extraRules.map((id) => [id, { enabled: true }])) })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Rules axe keeps off by default (experimental) that the customer screens are held to. */
const CUSTOMER_RULES = ['label-content-name-mismatch'];

const PAGES: { path: string | (() => string); name?: string; rules?: string[]; ready(page: Page): Promise<void> }[] = [
  {
    path: '/admin/dashboard',
    // The activity list, or its empty state when this file runs before any lead was touched.
    ready: (page: Page) =>
      expect(page.getByRole('list', { name: 'Recent activity' }).or(page.getByText('No recent activity to display'))).toBeVisible({
        timeout: 15_000,
      }),
  },
  { path: '/admin/analytics', ready: (page: Page) => expect(page.getByRole('list', { name: 'Legend' })).toBeVisible({ timeout: 20_000 }) },
  {
    path: `/admin/customers?search=${run}`,
    rules: CUSTOMER_RULES,
    ready: async (page: Page) => {
      await expect(page.locator('text=Missing details >> visible=true').first()).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('text=Humana · Medicare Advantage >> visible=true')).toBeVisible();
    },
  },
  {
    path: `/admin/customers?search=${run}`,
    name: '/admin/customers with the import dialog open',
    rules: CUSTOMER_RULES,
    ready: async (page: Page) => {
      await expect(page.locator('text=Missing details >> visible=true').first()).toBeVisible({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Import customers and policies' })).toBeVisible();
    },
  },
  {
    path: () => `/admin/customers?customer=${policyCustomerId}`,
    name: '/admin/customers with a customer with policies open',
    rules: CUSTOMER_RULES,
    ready: (page: Page) =>
      expect(
        page.getByRole('dialog', { name: 'Edit Customer' }).getByRole('list', { name: `Policies of Axe Policies ${run}` }),
      ).toBeVisible({
        timeout: 15_000,
      }),
  },
  {
    path: () => `/admin/leads/${recordId}`,
    ready: (page: Page) => expect(page.getByRole('list', { name: 'Timeline' })).toBeVisible({ timeout: 15_000 }),
  },
  {
    path: '/admin/work',
    ready: (page: Page) =>
      expect(page.getByRole('heading', { name: /^Unclaimed, nearing the 24-hour promise/ })).toBeVisible({ timeout: 15_000 }),
  },
  {
    path: () => `/admin/customers?customer=${missingCustomerId}`,
    rules: CUSTOMER_RULES,
    // The edit dialog of a record missing details, opened from its address.
    ready: (page: Page) =>
      expect(page.getByRole('dialog', { name: 'Edit Customer' }).getByText(/^Missing details: Age, Insurance provider\./)).toBeVisible({
        timeout: 15_000,
      }),
  },
  {
    path: '/admin/leads',
    // A card on a phone, a row on a desktop: the one on screen.
    ready: (page: Page) => expect(page.locator(`text=Axe Lead ${run} >> visible=true`).first()).toBeVisible({ timeout: 15_000 }),
  },
  { path: '/admin/staff', ready: (page: Page) => expect(page.getByText('Test Admin').first()).toBeVisible({ timeout: 15_000 }) },
  {
    path: '/admin/audit',
    ready: async (page: Page) => {
      await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText('Loading the audit log...')).toHaveCount(0, { timeout: 15_000 });
    },
  },
  {
    path: '/admin/compliance',
    ready: (page: Page) => expect(page.getByRole('button', { name: 'Save settings' })).toBeVisible({ timeout: 15_000 }),
  },
];
/** Paths of records made in beforeAll are known once it ran; the test's name uses the route's shape. */
const pathOf = (path: string | (() => string)) => (typeof path === 'string' ? path : path());
const nameOf = ({ path, name }: { path: string | (() => string); name?: string }) => {
  if (name) return name;
  if (typeof path === 'string') return path.split('?')[0];
  return path().includes('customer=') ? '/admin/customers with a customer open' : '/admin/leads/:leadId';
};

atEachSize(
  [DESKTOP, PHONE],
  (size) => `at ${size.name} size`,
  () => {
    for (const screen of PAGES) {
      test(`axe finds nothing on ${nameOf(screen)}`, async ({ page }) => {
        test.setTimeout(60_000);
        await signIn(page);
        await page.goto(pathOf(screen.path));
        await screen.ready(page);
        expect(await violations(page, screen.rules)).toEqual([]);
      });
    }
  },
);
