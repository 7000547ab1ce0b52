// Hydration of the public pages, checked rather than hoped for: React hydrates each island of every
// public page (src/entry-public.tsx) and must report no mismatch (its onRecoverableError, recorded in
// window.__hydrationErrors, and console errors: in development React also logs attribute
// mismatches there), and no label or ARIA reference may point at an element that is not in the page.
// Runs against the production build; E2E_DEV_URL=http://localhost:<port> (a running `npm run dev`)
// runs the same checks against the development server too.
import { expect, test, type Page } from '@playwright/test';

const PAGES = ['/', '/about', '/contact', '/contact/thank-you', '/privacy', '/no-such-page'];
const WIDTHS = [390, 1440];
const servers = [
  { name: 'production', base: '' },
  ...(process.env.E2E_DEV_URL ? [{ name: 'development', base: process.env.E2E_DEV_URL }] : []),
];

/** Waits until every island's root element carries React's fiber, that is, React has hydrated it. */
async function waitForIslands(page: Page) {
  await page.waitForFunction(() => {
    const islands = [...document.querySelectorAll('[data-island]')];
    return (
      islands.length > 0 &&
      islands.every(
        (island) => island.firstElementChild && Object.keys(island.firstElementChild).some((k) => k.startsWith('__reactFiber$')),
      )
    );
  });
}

/** Every for / aria-describedby / aria-controls / aria-labelledby id that names no element. */
const danglingReferences = (page: Page) =>
  page.evaluate(() => {
    const missing: string[] = [];
    for (const attr of ['for', 'aria-describedby', 'aria-controls', 'aria-labelledby']) {
      for (const el of document.querySelectorAll(`[${attr}]`)) {
        for (const id of (el.getAttribute(attr) ?? '').split(/\s+/).filter(Boolean)) {
          if (!document.getElementById(id)) missing.push(`${el.tagName.toLowerCase()}[${attr}="${id}"]`);
        }
      }
    }
    return missing;
  });

for (const server of servers) {
  test.describe(`public pages hydrate with React without a mismatch (${server.name})`, () => {
    for (const width of WIDTHS) {
      for (const path of PAGES) {
        test(`${path} at ${width} px`, async ({ page }) => {
          await page.setViewportSize({ width, height: 900 });
          const errors: string[] = [];
          page.on('console', (msg) => {
            // The 404 page's own status is logged as a failed load; that is the page, not an error of it.
            if (msg.type() !== 'error') return;
            if (msg.location().url.endsWith(path) && msg.text().includes('status of 404')) return;
            // Development only: Vite's hot-reload socket, whose port another dev server may hold.
            if (server.name === 'development' && /WebSocket|^\[vite\]/.test(msg.text())) return;
            errors.push(msg.text());
          });
          page.on('pageerror', (err) => {
            if (!(server.name === 'development' && /WebSocket/.test(err.message))) errors.push(err.message);
          });
          await page.goto(server.base + path);
          await waitForIslands(page);
          // A recoverable error is reported in the commit that follows hydration: let it settle.
          await page.waitForLoadState('networkidle');
          const islands = await page.locator('[data-island]').evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.island));
          expect(islands).toEqual(path.startsWith('/contact') ? ['header', 'lead-form'] : ['header']);
          expect(await page.evaluate(() => (window as unknown as { __hydrationErrors?: string[] }).__hydrationErrors)).toEqual([]);
          expect(errors).toEqual([]);
          expect(await danglingReferences(page)).toEqual([]);
        });
      }
    }
  });
}
