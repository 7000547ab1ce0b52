// The public site for search engines and sharing (docs/product.md §5): titles, descriptions, canonical
// links, Open Graph and the agency's JSON-LD; robots.txt and sitemap.xml; admin pages kept out.
import { expect, test } from '@playwright/test';

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
