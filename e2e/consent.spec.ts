// Contact rules in the browser (README, "Contact rules"), at 1440 and at 390 px: the lead form's optional consent box
// sent unticked and ticked, the record's matching consent line, the stored consent record read back
// through GET /api/admin/leads, the Privacy page linked from the footer and the form, and the
// calling-hours warning for a Florida number at 8:30 p.m. its time (a test clock), not for Colorado.
import { TZDate } from '@date-fns/tz';
import { expect, test, type Page } from '@playwright/test';
import { db, ensureStaff, signIn, atEachSize, DESKTOP, PHONE } from './helpers.ts';
import { claimLead, createLead } from '../models/leads/index.ts';
import { CURRENT_CONSENT, consentText } from '../schemas/consent.ts';
import { site } from '../schemas/brokerage.ts';

const run = Date.now().toString(36);
let n = 0;
const AGENT = { name: `Cora${Date.now()}`, email: `cora.${run}@e2e.local`, isAgent: true };

test.beforeAll(async () => {
  await ensureStaff(AGENT);
});

/** The last moment it was 8:30 p.m. in Miami (Florida's calling day ends at 8). */
function floridaEvening(): Date {
  const at = new TZDate(Date.now(), 'America/New_York');
  at.setHours(20, 30, 0, 0);
  if (at.getTime() > Date.now()) at.setDate(at.getDate() - 1);
  return new Date(at.getTime());
}

interface ListedLead {
  leadId: string;
  email: string;
  consent: { given: boolean; version: number; at: string; pageUrl: string | null; formId: string | null } | null;
}

async function listed(page: Page, token: string, email: string): Promise<ListedLead> {
  const res = await page.request.get('/api/admin/leads', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const lead = ((await res.json()) as ListedLead[]).find((l) => l.email === email);
  expect(lead).toBeDefined();
  return lead!;
}

atEachSize(
  [DESKTOP, PHONE],
  (size) => `at ${size.viewport.width} px`,
  (size) => {
    test('the form sends with the box unticked and ticked; the record shows the matching consent line', async ({ page, browser }) => {
      // A visitor's address of its own: the form's per-address limit is not this test's subject.
      const visitor = await browser.newContext({
        viewport: size.viewport,
        extraHTTPHeaders: { 'x-forwarded-for': `192.0.2.${(Date.now() % 200) + n}` },
      });
      const form = await visitor.newPage();
      const emails = { no: `consent.no.${run}.${++n}@example.com`, yes: `consent.yes.${run}.${n}@example.com` };
      const before = Date.now();
      for (const [choice, email] of Object.entries(emails)) {
        await form.goto('/contact?from=e2e');
        const box = form.getByRole('checkbox', { name: /may call and text me/ });
        await expect(box).not.toBeChecked();
        await expect(form.getByText(consentText(site.name), { exact: true })).toBeVisible();
        await form.getByLabel('Full name').fill(`Consent ${choice} ${run}`);
        await form.getByLabel('Email').fill(email);
        await form.getByLabel('Phone').fill('(303) 555-0190');
        if (choice === 'yes') await box.check();
        await form.getByRole('button', { name: 'Get My Free Consultation' }).click();
        await expect(form.getByRole('status')).toContainText('Thank You!');
        await expect(box).not.toBeChecked();
      }
      await visitor.close();

      const { token } = await signIn(page);
      const yes = await listed(page, token, emails.yes);
      expect(yes.consent).toMatchObject({
        given: true,
        version: CURRENT_CONSENT.version,
        pageUrl: '/contact?from=e2e',
        formId: 'lead-form',
      });
      expect(new Date(yes.consent!.at).getTime()).toBeGreaterThanOrEqual(before - 2000);
      expect(new Date(yes.consent!.at).getTime()).toBeLessThanOrEqual(Date.now() + 2000);
      const no = await listed(page, token, emails.no);
      expect(no.consent).toMatchObject({
        given: false,
        version: CURRENT_CONSENT.version,
        pageUrl: '/contact?from=e2e',
        formId: 'lead-form',
      });

      await page.goto(`/admin/leads/${yes.leadId}`);
      await expect(page.getByText(new RegExp(`^Consented to calls and texts on .+ — text v${CURRENT_CONSENT.version}$`))).toBeVisible();
      await page.goto(`/admin/leads/${no.leadId}`);
      await expect(page.getByText('No consent to automated calls or texts: manual calls about this request only')).toBeVisible();
    });

    test('the Privacy page renders and is linked from the footer and the form', async ({ page }) => {
      await page.goto('/contact');
      await expect(page.locator('form').getByRole('link', { name: CURRENT_CONSENT.linkLabel })).toHaveAttribute('href', '/privacy');
      const footerLink = page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy' });
      await expect(footerLink).toHaveAttribute('href', '/privacy');
      await footerLink.click();
      await expect(page).toHaveURL(/\/privacy$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
      for (const heading of [
        'What we collect',
        'Why we collect it',
        'How long we keep it',
        'Calls and texts',
        'A copy of your data, or its erasure',
      ]) {
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      }
      await expect(page.getByText(/Reply STOP to any text/)).toBeVisible();
      await expect(page.getByRole('link', { name: site.emails.privacy })).toHaveAttribute('href', `mailto:${site.emails.privacy}`);
      await expect(page.getByText(/This product includes GeoLite2 data created by MaxMind/)).toBeVisible();
    });

    test('warns before calling a Florida number at 8:30 p.m. its time, not a Colorado number', async ({ page }) => {
      await db();
      const florida = await createLead({ name: `Flo Rida ${run}${++n}`, email: `flo.${run}.${n}@example.com`, phone: '(305) 555-0144' });
      const colorado = await createLead({ name: `Cole Rado ${run}${n}`, email: `cole.${run}.${n}@example.com`, phone: '(303) 555-0144' });
      await claimLead(florida.id as string, AGENT.name, { name: AGENT.name });
      await page.clock.setFixedTime(floridaEvening());
      await signIn(page);

      await page.goto(`/admin/leads/${florida.id as string}`);
      await expect(page.getByText(/Lead's time 8:30 PM \(Florida\)/)).toBeVisible();
      await expect(page.getByText('outside calling hours (8 AM–8 PM)')).toBeVisible();
      const warning = 'It is 8:30 PM for this lead (Florida): calling hours are 8 AM–8 PM';
      await page.getByRole('link', { name: '(305) 555-0144' }).click();
      const ask = page.getByRole('dialog', { name: /Call Flo Rida/ });
      await expect(ask).toContainText(warning);
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await expect(ask).toHaveCount(0);
      await page.getByRole('button', { name: 'Log call' }).click();
      await expect(page.getByRole('dialog', { name: /Log a call/ }).getByRole('note')).toContainText(warning);
      await page.keyboard.press('Escape');

      await page.goto(`/admin/leads/${colorado.id as string}`);
      await expect(page.getByText(/Lead's time \d{1,2}:30 PM \(Colorado\)/)).toBeVisible();
      await expect(page.getByText('good time to call')).toBeVisible();
      await expect(page.getByText(/calling hours are/)).toHaveCount(0);
    });
  },
);
