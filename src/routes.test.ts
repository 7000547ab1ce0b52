// Every page name the routes report for visit tracking is one the server counts (schemas/analytics.ts).
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { buildRoutes } from './routes.tsx';
import type { PageHandle } from './lib/meta.ts';
import { SITE_PAGES, sitePageOf } from '../schemas/analytics.ts';

const pagesOf = (routes: RouteObject[]): string[] =>
  routes.flatMap((r) => [
    ...((r.handle as PageHandle | undefined)?.page ? [(r.handle as PageHandle).page] : []),
    ...pagesOf(r.children ?? []),
  ]);

describe('tracked page names', () => {
  it('lists every page of both hosting modes in SITE_PAGES', () => {
    const pages = new Set([...pagesOf(buildRoutes(false)), ...pagesOf(buildRoutes(true))]);
    expect([...pages].sort()).toEqual([...SITE_PAGES].sort());
  });

  it('maps page names and paths to site pages, and nothing else', () => {
    expect(sitePageOf('home')).toBe('home');
    expect(sitePageOf(' Admin-Leads ')).toBe('admin-leads');
    expect(sitePageOf('/')).toBe('home');
    expect(sitePageOf('/about/?utm=x')).toBe('about');
    expect(sitePageOf('/admin/analytics')).toBe('admin-analytics');
    expect(sitePageOf('/pricing')).toBeNull();
    expect(sitePageOf('../etc')).toBeNull();
    expect(sitePageOf('')).toBeNull();
  });
});
