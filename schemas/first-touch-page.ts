// What one page view says about where the visit came from (docs/lead-form.md): the page's path, another
// site's origin and the utm_* values, cut to what the server accepts. Free of zod: the public pages
// keep a session's first one (src/lib/first-touch.ts), and the server reads the page a form was sent
// from the same way when the browser ran no script (web/contact-form.ts).
import { FIRST_TOUCH_LIMITS } from './public.ts';

export interface FirstTouchSent {
  landingPage: string;
  referrer?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
}

/** Text without control characters, cut to `max`: what the server accepts, whatever the address held. */
const clean = (v: string | null, max: number) => {
  const text = [...(v ?? '')]
    .filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127)
    .join('')
    .trim()
    .slice(0, max);
  return text || undefined;
};

/**
 * What a page view says about where it came from: its path, the origin of another site that linked to
 * it (only the origin: no path or query of someone else's page is sent), and its utm_* parameters.
 */
export function firstTouchOfPage(href: string, referrer: string): FirstTouchSent {
  const url = new URL(href);
  let from: string | undefined;
  try {
    const ref = new URL(referrer);
    if ((ref.protocol === 'http:' || ref.protocol === 'https:') && ref.host !== url.host) from = ref.origin;
  } catch {
    /* no referrer, or not an address */
  }
  const q = url.searchParams;
  return {
    landingPage: `/${url.pathname.replace(/^\/+/, '')}`.slice(0, FIRST_TOUCH_LIMITS.path),
    referrer: from && from.length <= FIRST_TOUCH_LIMITS.referrer ? from : undefined,
    utmSource: clean(q.get('utm_source'), FIRST_TOUCH_LIMITS.utm),
    utmMedium: clean(q.get('utm_medium'), FIRST_TOUCH_LIMITS.utm),
    utmCampaign: clean(q.get('utm_campaign'), FIRST_TOUCH_LIMITS.utm),
  };
}
