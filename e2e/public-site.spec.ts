// The public site (docs/product.md §2, §4, §5, §8): server-rendered pages, the header, the lead form in
// every state, search-engine files and an accessibility scan.
import { expect, test, type Page, type Route } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { findLeadRecords } from '../models/leads/index.ts';
import { db, fillLeadForm } from './helpers.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function collectProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return problems;
}

const fillForm = (page: Page, values = { name: 'Casey Form', email: 'casey.form@example.com', phone: '(303) 555-0142' }) =>
  fillLeadForm(page, values);

const submitButton = (page: Page) => page.getByRole('button', { name: /Get My Free Consultation|Submitting\.\.\./ });

test.describe('server-rendered pages with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('Home reads complete', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Health and life insurance');
    await expect(page.getByRole('link', { name: 'Get Your Free Consultation' }).first()).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('link', { name: 'Meet Our Team' }).first()).toHaveAttribute('href', '/about');
    for (const text of ['1000+', 'Clients served', '50', 'States licensed', '24/7', 'Support']) {
      await expect(page.getByRole('region', { name: 'Why clients trust us' })).toContainText(text);
    }
    for (const name of ['Health Insurance', 'Life Insurance', 'Expert Consultation', 'Ongoing Support']) {
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    for (const name of ['Free Consultation', 'Custom Plan Development', 'Seamless Implementation', 'Ongoing Partnership']) {
      await expect(page.getByRole('heading', { name: new RegExp(`Step \\d: ${name}$`) })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Independent advice you can trust' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What our clients say' })).toBeVisible();
    await expect(page.locator('blockquote')).toContainText('Stef compared a dozen plans');
    await expect(page.getByRole('heading', { name: 'Ready to find coverage that fits?' })).toBeVisible();
  });

  test('header and footer are on every public page', async ({ page }) => {
    for (const path of ['/', '/about', '/contact']) {
      await page.goto(path);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
      await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
      await expect(nav.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/contact');
      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText('Independent, licensed brokers');
      await expect(footer.getByRole('link', { name: 'hello@summithealthlife.com' })).toHaveAttribute(
        'href',
        'mailto:hello@summithealthlife.com',
      );
      await expect(footer.getByRole('link', { name: 'support@summithealthlife.com' })).toHaveAttribute(
        'href',
        'mailto:support@summithealthlife.com',
      );
      await expect(footer).toContainText(`© ${new Date().getFullYear()} Summit Health & Life Insurance. All rights reserved.`);
    }
  });

  test('About reads complete with three broker bios', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle('Meet Our Team | Summit Health & Life Insurance');
    await expect(page.getByRole('heading', { level: 1, name: 'Meet Our Team' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Advice from people, not call scripts' })).toBeVisible();
    const team = page.getByRole('list').filter({ has: page.getByRole('heading', { name: 'Ben Whitaker' }) });
    await expect(team.getByRole('listitem')).toHaveCount(3);
    for (const [name, title, email] of [
      ['Ben Whitaker', 'Founder & Senior Broker', 'ben@summithealthlife.com'],
      ['Stef Alvarez', 'Health & Life Insurance Broker', 'stef@summithealthlife.com'],
      ['Priya Raman', 'Life Insurance Specialist', 'priya@summithealthlife.com'],
    ]) {
      const card = team.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
      await expect(card).toContainText(title);
      await expect(card.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    }
    await expect(page.getByRole('heading', { name: 'How we work with you' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Your Free Consultation' })).toHaveAttribute('href', '/contact');
  });

  test('Get Started reads complete with the form and the sidebar', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Get Started' })).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Phone')).toHaveAttribute('type', 'tel');
    // With no script to enable it, the button is usable: the browser's own required check and the server guard the form.
    await expect(submitButton(page)).toBeEnabled();
    await expect(page.locator('form[method="post"][action="/contact"]')).toHaveCount(1);
    const sidebar = page.getByRole('complementary', { name: 'Prefer to reach us directly?' });
    await expect(sidebar.getByRole('link', { name: 'hello@summithealthlife.com' })).toBeVisible();
    await expect(sidebar).toContainText('Denver, Colorado');
    await expect(sidebar).toContainText('Serving clients nationwide');
    await expect(sidebar).toContainText('Within 24 hours');
    await expect(sidebar).toContainText('Monday - Sunday');
  });
});

test.describe('header', () => {
  test('changes style once the page is scrolled more than 50 px', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    // Two animation frames: the scroll event and whatever it set have run before the check.
    await page.evaluate(() => {
      window.scrollTo(0, 50);
      return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 51));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect(header).toHaveClass(/shadow-md/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await expect(header).not.toHaveClass(/shadow-md/);
  });

  test('the mobile menu opens, navigates and closes on route change', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await menu.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Meet Our Team' })).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');

    // The close button closes it too, and nothing overflows a 320 px screen.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});

test.describe('lead form', () => {
  test('stays disabled until name, email and phone are all non-blank', async ({ page }) => {
    await page.goto('/contact');
    const button = submitButton(page);
    await expect(button).toBeDisabled();
    await page.getByLabel('Full name').fill('Dana Blank');
    await page.getByLabel('Email').fill('dana@example.com');
    await expect(button).toBeDisabled();
    await page.getByLabel('Phone').fill('   ');
    await expect(button).toBeDisabled();
    await expect(button).toHaveClass(/cursor-not-allowed/);
    await page.getByLabel('Phone').fill('303 555 0143');
    await expect(button).toBeEnabled();
    await page.getByLabel('Full name').fill('  ');
    await expect(button).toBeDisabled();
  });

  test('a submission is stored as an unclaimed lead and thanked, with the fields cleared', async ({ page }) => {
    const problems = collectProblems(page);
    const email = `lead-${unique()}@example.com`;
    await page.goto('/contact');
    await page.waitForLoadState('networkidle');
    await fillForm(page, { name: 'Robin Real', email, phone: '(720) 555-0144' });
    const answer = page.waitForResponse('**/api/referral');
    await submitButton(page).click();
    expect((await answer).status()).toBe(201);
    await expect(page.getByRole('status')).toContainText('Thank You!');
    for (const label of ['Full name', 'Email', 'Phone']) await expect(page.getByLabel(label)).toHaveValue('');
    await expect(submitButton(page)).toBeDisabled();
    await expect(page.getByRole('alert')).toBeEmpty();

    await db();
    const lead = await findLeadRecords({ email }).then((r) => r[0] ?? null);
    expect(lead).toMatchObject({ name: 'Robin Real', phone: '+17205550144', status: 'unclaimed', claimedBy: null, source: 'website' });
    expect(problems).toEqual([]);
  });

  test('shows Submitting... and stays disabled while the request is in flight', async ({ page }) => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    await page.route('**/api/referral', async (route) => {
      await released;
      await route.fulfill({ status: 201, json: { success: true, leadId: 'x' } });
    });
    await page.goto('/contact');
    await fillForm(page);
    await submitButton(page).click();
    const button = page.getByRole('button', { name: 'Submitting...' });
    await expect(button).toBeVisible();
    await expect(button).toBeDisabled();
    release();
    await expect(page.getByRole('status')).toContainText('Thank You!');
    await expect(page.getByRole('button', { name: 'Get My Free Consultation' })).toBeDisabled();
  });

  const failures: [string, (route: Route) => Promise<void>, string][] = [
    ['a non-OK status', (route) => route.fulfill({ status: 500, json: { error: 'boom' } }), 'Server error. Please try again.'],
    [
      'a refused submission (429)',
      (route) => route.fulfill({ status: 429, json: { error: 'Too many submissions.' } }),
      'Server error. Please try again.',
    ],
    ['a failed fetch', (route) => route.abort('failed'), 'Network error. Please check your connection and try again.'],
    [
      'an unreadable answer',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '<html>' }),
      'Something went wrong. Please try again later.',
    ],
  ];
  for (const [what, answer, message] of failures) {
    test(`${what} shows Oops with "${message}", kept until the visitor types`, async ({ page }) => {
      await page.route('**/api/referral', answer);
      await page.goto('/contact');
      await fillForm(page);
      await submitButton(page).click();
      const alert = page.getByRole('alert');
      await expect(alert).toHaveText(`Oops! ${message}`);
      await expect(page.getByLabel('Full name')).toHaveValue('Casey Form');
      await expect(page.getByRole('button', { name: 'Get My Free Consultation' })).toBeEnabled();
      await expect(page.getByRole('status')).toBeEmpty();
      await page.getByLabel('Phone').press('End');
      await page.getByLabel('Phone').pressSequentially('5');
      await expect(alert).toBeEmpty();
    });
  }

  test('an answer without a success flag changes nothing visible', async ({ page }) => {
    await page.route('**/api/referral', (route) => route.fulfill({ status: 201, json: { leadId: 'x' } }));
    await page.goto('/contact');
    await fillForm(page);
    const before = await page.locator('form').innerText();
    const answered = page.waitForResponse('**/api/referral');
    await submitButton(page).click();
    await answered;
    await expect(page.getByRole('button', { name: 'Get My Free Consultation' })).toBeEnabled();
    expect(await page.locator('form').innerText()).toBe(before);
    await expect(page.getByLabel('Email')).toHaveValue('casey.form@example.com');
    await expect(page.getByRole('status')).toBeEmpty();
    await expect(page.getByRole('alert')).toBeEmpty();
  });

  test('posts trimmed values, the consent box and an empty honeypot, which people cannot reach', async ({ page }) => {
    let sent: unknown;
    await page.route('**/api/referral', async (route) => {
      sent = route.request().postDataJSON();
      await route.fulfill({ status: 201, json: { success: true, leadId: 'x' } });
    });
    await page.goto('/contact');
    await fillForm(page, { name: '  Pat Trim ', email: ' pat@example.com ', phone: ' 303-555-0145 ' });
    await submitButton(page).click();
    await expect(page.getByRole('status')).toContainText('Thank You!');
    // The consent box, unticked, goes with the page and the form it was shown on (schemas/consent.ts).
    expect(sent).toEqual({
      name: 'Pat Trim',
      email: 'pat@example.com',
      phone: '303-555-0145',
      consent: false,
      pageUrl: '/contact',
      formId: 'lead-form',
      website: '',
    });
    await expect(page.locator('input[name="website"]')).toHaveAttribute('tabindex', '-1');
    await expect(page.getByRole('textbox')).toHaveCount(3);
  });
});

test.describe('search engines and sharing', () => {
  test('public pages carry title, description, canonical, Open Graph and agency JSON-LD', async ({ page, baseURL }) => {
    await page.goto('/contact');
    await expect(page).toHaveTitle('Get Started | Summit Health & Life Insurance');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /within 24 hours/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/contact`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Get Started | Summit Health & Life Insurance');
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}/contact`);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld).toMatchObject({
      '@type': 'InsuranceAgency',
      name: 'Summit Health & Life Insurance',
      areaServed: { '@type': 'Country', name: 'United States' },
      contactPoint: { '@type': 'ContactPoint', email: 'hello@summithealthlife.com' },
      address: { addressLocality: 'Denver', addressRegion: 'CO' },
    });
  });

  test('admin pages are noindex, robots.txt and sitemap.xml list the public pages', async ({ page, request, baseURL }) => {
    await page.goto('/admin');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);

    const robots = await request.get('/robots.txt');
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await robots.text()).toBe(`User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: ${baseURL}/sitemap.xml\n`);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toMatch(/xml/);
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([`${baseURL}/`, `${baseURL}/about`, `${baseURL}/contact`, `${baseURL}/privacy`]);

    const adminHost = { headers: { host: new URL(baseURL!).host.replace('localhost', 'admin.localhost') } };
    expect(await (await request.get('/robots.txt', adminHost)).text()).toBe('User-agent: *\nDisallow: /\n');
    expect((await request.get('/sitemap.xml', adminHost)).status()).toBe(404);
  });
});

test.describe('accessibility and hydration', () => {
  for (const path of ['/', '/about', '/contact']) {
    test(`${path} has no serious or critical axe violations and hydrates cleanly`, async ({ page }) => {
      const problems = collectProblems(page);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  test('the form in its error state and the open mobile menu pass the scan too', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.route('**/api/referral', (route) => route.fulfill({ status: 500, json: {} }));
    await page.goto('/contact');
    await fillForm(page);
    await submitButton(page).click();
    await expect(page.getByRole('alert')).toContainText('Oops!');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
});
