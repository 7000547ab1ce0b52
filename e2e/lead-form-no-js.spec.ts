// The lead form before, without and after JavaScript, at 390 and 1440 px: with scripts off a visitor
// sends it (a POST, nothing personal in any address) and lands on Thank You, the lead stored with its
// consent and first touch; a refused field shows its reason with the values kept; text typed while the
// script is held back is what the hydrated form sends; with scripts on, a bad email or a one-digit
// phone shows its reason beside the field and nothing is sent; the mobile menu opens with no script.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { findLeadRecords } from '../models/leads/index.ts';
import { db, errorMessageOf, fillLeadForm } from './helpers.ts';

const run = Date.now().toString(36);
let visitor = 0;
/** A context of a visitor with an address of its own: the form's per-address limit is not the subject here. */
const visitorContext = (browser: Browser, viewport: { width: number; height: number }, javaScriptEnabled: boolean) =>
  browser.newContext({
    viewport,
    javaScriptEnabled,
    extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${(Date.now() % 150) + ++visitor}` },
  });

/** Every address the context asked for or showed, to check none carries what the visitor typed. */
function recordUrls(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on('request', (r) => urls.push(r.url()));
  context.on('page', (p) => p.on('framenavigated', (f) => urls.push(f.url())));
  return urls;
}

/** Serious or critical axe findings on the page as it is now. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

const button = (page: Page) => page.getByRole('button', { name: 'Get My Free Consultation' });

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test('with JavaScript off the form is POSTed, thanked and stored with its consent and first touch', async ({ browser }) => {
      const context = await visitorContext(browser, viewport, false);
      const urls = recordUrls(context);
      const page = await context.newPage();
      const email = `nojs.${run}.${viewport.width}@example.com`;
      const posts: string[] = [];
      page.on('request', (r) => r.isNavigationRequest() && posts.push(`${r.method()} ${new URL(r.url()).pathname}`));
      await page.goto('/contact?utm_source=newsletter&utm_campaign=nojs');
      await fillLeadForm(page, { name: `No Script ${run}`, email, phone: '(303) 555-0161' });
      await page.getByRole('checkbox', { name: /may call and text me/ }).check();
      await expect(button(page)).toBeEnabled();
      await button(page).click();

      await expect(page).toHaveURL(/\/contact\/thank-you$/);
      await expect(page.getByRole('status')).toContainText('Thank You!');
      await expect(page.getByLabel('Email')).toHaveValue('');
      expect(posts).toContain('POST /contact');
      for (const url of urls) {
        expect(url).not.toContain(encodeURIComponent(email));
        expect(url).not.toContain(email);
        expect(url).not.toMatch(/555.?0161/);
      }

      await db();
      const [lead] = await findLeadRecords({ email });
      expect(lead).toMatchObject({ name: `No Script ${run}`, phone: '+13035550161', status: 'unclaimed', source: 'website' });
      expect(lead.consent).toMatchObject({ given: true, pageUrl: '/contact?utm_source=newsletter&utm_campaign=nojs', formId: 'lead-form' });
      expect(lead.firstTouch).toMatchObject({ landingPage: '/contact', utmSource: 'newsletter', utmCampaign: 'nojs' });
      await context.close();
    });

    test('with JavaScript off a bad email comes back with its reason beside it and the values kept', async ({ browser }) => {
      const context = await visitorContext(browser, viewport, false);
      const urls = recordUrls(context);
      const page = await context.newPage();
      const email = `bad.${run}.${viewport.width}@gmail`;
      await page.goto('/contact');
      await fillLeadForm(page, { name: `Bad Email ${run}`, email, phone: '(303) 555-0162' });
      await button(page).click();

      const field = page.getByLabel('Email');
      await expect(await errorMessageOf(field)).toHaveText('Enter a valid email address');
      await expect(field).toBeFocused();
      await expect(field).toHaveValue(email);
      await expect(page.getByLabel('Full name')).toHaveValue(`Bad Email ${run}`);
      await expect(page.getByLabel('Phone')).toHaveValue('(303) 555-0162');
      await expect(page.getByLabel('Phone')).not.toHaveAttribute('aria-invalid');
      for (const url of urls) expect(url).not.toContain('gmail');
      await db();
      expect(await findLeadRecords({ email })).toEqual([]);
      await context.close();
    });

    test('text typed while the script is held back is what the hydrated form sends', async ({ browser }) => {
      const context = await visitorContext(browser, viewport, true);
      const page = await context.newPage();
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      await page.route(/\/assets\/.+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      let sent: unknown;
      await page.route('**/api/referral', async (route) => {
        sent = route.request().postDataJSON();
        await route.fulfill({ status: 201, json: { success: true, leadId: 'x' } });
      });
      await page.goto('/contact', { waitUntil: 'commit' });
      await fillLeadForm(page, { name: 'Early Typist', email: 'early.typist@example.com', phone: '303 555 0163' });
      const hydrated = () =>
        Object.keys(document.querySelector('[data-island="lead-form"] form') ?? {}).some((k) => k.startsWith('__reactFiber$'));
      expect(await page.evaluate(hydrated)).toBe(false);
      release();
      await page.waitForFunction(hydrated);
      await expect(button(page)).toBeEnabled();
      await expect(page.getByLabel('Full name')).toHaveValue('Early Typist');
      await button(page).click();
      await expect(page.getByRole('status')).toContainText('Thank You!');
      expect(sent).toMatchObject({ name: 'Early Typist', email: 'early.typist@example.com', phone: '303 555 0163', consent: false });
      await context.close();
    });

    test('with JavaScript on, a bad email or a one-digit phone shows its reason beside the field and nothing is sent', async ({
      browser,
    }) => {
      const context = await visitorContext(browser, viewport, true);
      const page = await context.newPage();
      const sent: string[] = [];
      page.on('request', (r) => r.url().includes('/api/referral') && sent.push(r.url()));
      const email = `field.${run}.${viewport.width}@gmail`;
      await page.goto('/contact');
      await page.waitForLoadState('networkidle');
      await fillLeadForm(page, { name: `Field Reason ${run}`, email, phone: '5' });
      await button(page).click();

      const emailField = page.getByLabel('Email');
      await expect(await errorMessageOf(emailField)).toHaveText('Enter a valid email address');
      await expect(emailField).toBeFocused();
      const phone = page.getByLabel('Phone');
      await expect(await errorMessageOf(phone)).toHaveText('Phone must have 7 to 15 digits');
      await expect(page.getByRole('alert')).toBeEmpty();
      expect(sent).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      // Each reason sits under its own field, inside the screen's width.
      const box = (await (await errorMessageOf(phone)).boundingBox())!;
      expect(box.y).toBeGreaterThan((await phone.boundingBox())!.y);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);

      // Typing clears that field's reason only.
      await phone.fill('(303) 555-0164');
      await expect(phone).not.toHaveAttribute('aria-invalid');
      await expect(emailField).toHaveAttribute('aria-invalid', 'true');
      // An address the browser itself would refuse gets the same reason beside the field, not a bubble.
      await emailField.fill('not-an-email');
      await expect(emailField).not.toHaveAttribute('aria-invalid');
      await button(page).click();
      await expect(await errorMessageOf(emailField)).toHaveText('Enter a valid email address');
      expect(sent).toEqual([]);
      await db();
      expect(await findLeadRecords({ email })).toEqual([]);

      // A server refusal naming a field lands beside that field the same way.
      await emailField.fill(`field.${run}.${viewport.width}@example.com`);
      await page.route('**/api/referral', (route) => route.fulfill({ status: 400, json: { error: 'email: Enter a valid email address' } }));
      await button(page).click();
      await expect(await errorMessageOf(emailField)).toHaveText('Enter a valid email address');
      await expect(emailField).toBeFocused();
      await expect(page.getByRole('alert')).toBeEmpty();
      // A 400 naming no field of the form is the server's error.
      await page.unroute('**/api/referral');
      await page.route('**/api/referral', (route) => route.fulfill({ status: 400, json: { error: 'pageUrl: must be a path' } }));
      await emailField.fill(`field2.${run}.${viewport.width}@example.com`);
      await button(page).click();
      await expect(page.getByRole('alert')).toHaveText('Oops! Server error. Please try again.');
      await context.close();
    });
  });
}

test('the mobile menu opens and navigates with JavaScript off', async ({ browser }) => {
  const context = await visitorContext(browser, { width: 390, height: 844 }, false);
  const page = await context.newPage();
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeHidden();
  await page.getByLabel('Open menu').click();
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
