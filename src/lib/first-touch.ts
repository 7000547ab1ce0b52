// The visit's first touch in the browser (docs/product.md §3), cookieless as the visit tracking is: the first page
// view of a browser session keeps its landing page, the other site that sent the visitor and its utm_*
// parameters in sessionStorage, and the lead form sends them with a submission (schemas/first-touch.ts).
import { firstTouchOfPage, type FirstTouchSent } from '../../schemas/first-touch-page.ts';

export { firstTouchOfPage, type FirstTouchSent } from '../../schemas/first-touch-page.ts';

const KEY = 'first-touch';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
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
