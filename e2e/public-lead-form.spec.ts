// The public lead form in every state (docs/product.md §4, §8): enabled once filled, stored and thanked,
// sending, each failure and its message, and what it posts.
import { expect, test, type Route } from '@playwright/test';
import { db, collectProblems, leadFormSubmit, fillLeadForm } from './helpers.ts';
import { findLeadRecords } from '../models/leads/index.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe('lead form', () => {
  test('stays disabled until name, email and phone are all non-blank', async ({ page }) => {
    await page.goto('/contact');
    const button = leadFormSubmit(page);
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
    await fillLeadForm(page, { name: 'Robin Real', email, phone: '(720) 555-0144' });
    const answer = page.waitForResponse('**/api/referral');
    await leadFormSubmit(page).click();
    expect((await answer).status()).toBe(201);
    await expect(page.getByRole('status')).toContainText('Thank You!');
    for (const label of ['Full name', 'Email', 'Phone']) await expect(page.getByLabel(label)).toHaveValue('');
    await expect(leadFormSubmit(page)).toBeDisabled();
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
    await fillLeadForm(page);
    await leadFormSubmit(page).click();
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
      await fillLeadForm(page);
      await leadFormSubmit(page).click();
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
    await fillLeadForm(page);
    const before = await page.locator('form').innerText();
    const answered = page.waitForResponse('**/api/referral');
    await leadFormSubmit(page).click();
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
    await fillLeadForm(page, { name: '  Pat Trim ', email: ' pat@example.com ', phone: ' 303-555-0145 ' });
    await leadFormSubmit(page).click();
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
