// Visit tracking in the browser (docs/product.md §4): one second after a page mounts (and the document
// has loaded) it reports its visit, once per page per browser session. No cookies; failures are silent.
import { useEffect } from 'react';
import { TRACK_DELAY_MS } from '../../schemas/public.ts';
import { useClientConfig } from './client-config.tsx';

const flagKey = (page: string) => `visit-tracked:${page}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked: do not track rather than track every time
  }
}

/** The console's pages: reports the visit of the page shown (see trackVisit). */
export function useTrackVisit(page: string | undefined): void {
  const { apiBase } = useClientConfig();
  useEffect(() => (page ? trackVisit(page, apiBase) : undefined), [page, apiBase]);
}

/** Reports a page's visit a second after the page has loaded, once per session; returns a cancel. */
export function trackVisit(page: string, apiBase: string): (() => void) | undefined {
  const store = storage();
  if (!store || store.getItem(flagKey(page))) return;
  let timer: number | undefined;
  const report = () => {
    if (store.getItem(flagKey(page))) return;
    store.setItem(flagKey(page), '1');
    fetch(`${apiBase}/api/track-visit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page, userAgent: navigator.userAgent, referrer: document.referrer || 'direct' }),
      credentials: 'omit',
      keepalive: true,
    }).then(
      (res) => {
        if (!res.ok) store.removeItem(flagKey(page));
      },
      () => store.removeItem(flagKey(page)),
    );
  };
  // The second counts from when the page is shown in full: a page whose script runs while it is
  // still loading starts counting at the load event.
  const start = () => (timer = window.setTimeout(report, TRACK_DELAY_MS));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    window.removeEventListener('load', start);
    window.clearTimeout(timer);
  };
}
