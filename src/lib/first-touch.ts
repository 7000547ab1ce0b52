// The visit's first touch in the browser (issue 26), cookieless as the visit tracking is: the first page
// view of a browser session keeps its landing page, the other site that sent the visitor and its utm_*
// parameters in sessionStorage, and the lead form sends them with a submission (schemas/first-touch.ts).
import { FIRST_TOUCH_LIMITS } from '../../schemas/public.ts';

const KEY = 'first-touch';

export interface FirstTouchSent {
  landingPage: string;
  referrer?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
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

/** Keeps this page view as the session's first touch, unless the session already has one. */
export function rememberFirstTouch(): void {
  const store = storage();
  if (!store || store.getItem(KEY)) return;
  try {
    store.setItem(KEY, JSON.stringify(firstTouchOfPage(window.location.href, document.referrer)));
  } catch {
    /* storage full or blocked: the lead then arrives without one */
  }
}

/**
 * The session's first touch for the lead form, or undefined when none was kept or it names no other
 * site and no campaign: a direct visit sends the form's fields alone, as before (the lead counts as direct).
 */
export function readFirstTouch(): FirstTouchSent | undefined {
  try {
    const kept = storage()?.getItem(KEY);
    const touch = (kept ? JSON.parse(kept) : undefined) as FirstTouchSent | undefined;
    if (!touch || typeof touch !== 'object') return undefined;
    return touch.referrer || touch.utmSource || touch.utmMedium || touch.utmCampaign ? touch : undefined;
  } catch {
    return undefined;
  }
}
