// The public pages as the server renders them, read with JavaScript off (docs/product.md §2, §5): Home,
// About and Get Started complete, with the header and footer on each.
import { expect, test } from '@playwright/test';
import { leadFormSubmit } from './helpers.ts';

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
    await expect(leadFormSubmit(page)).toBeEnabled();
    await expect(page.locator('form[method="post"][action="/contact"]')).toHaveCount(1);
    const sidebar = page.getByRole('complementary', { name: 'Prefer to reach us directly?' });
    await expect(sidebar.getByRole('link', { name: 'hello@summithealthlife.com' })).toBeVisible();
    await expect(sidebar).toContainText('Denver, Colorado');
    await expect(sidebar).toContainText('Serving clients nationwide');
    await expect(sidebar).toContainText('Within 24 hours');
    await expect(sidebar).toContainText('Monday - Sunday');
  });
});
