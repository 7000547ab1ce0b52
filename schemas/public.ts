// Rules the public pages share with the server, kept free of zod so the public bundle stays small;
// the zod schemas in site.ts and analytics.ts build on these same values.

/** A hidden form field: a person leaves it empty, form-filling bots tend to fill it. */
export const HONEYPOT_FIELD = 'website';

/** Delay before a page reports its visit (docs/product.md §9). */
export const TRACK_DELAY_MS = 1000;

/** The public pages search engines may index (robots.txt, sitemap.xml). */
export const PUBLIC_PAGES = ['/', '/about', '/contact', '/privacy'] as const;

/**
 * The page a path names: "/about/" is "/about" (the one trailing-slash rule, for the server's page
 * cache, the public pages' table and the header's current-page links; React Router matches alike).
 */
export const pagePath = (pathname: string): string => pathname.replace(/(.)\/+$/, '$1');

/**
 * Bounds of a lead's first touch (schemas/first-touch.ts): the longest utm_* value, landing page path and
 * referrer address accepted. The public pages cut what they send to these, so a long campaign name
 * never costs a visitor their submission.
 */
export const FIRST_TOUCH_LIMITS = { utm: 100, path: 300, referrer: 500 } as const;
