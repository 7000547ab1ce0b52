// The browser entry of the public pages: React hydrates only their islands (src/components/Island.tsx),
// the header with its mobile menu and the lead form, each a root of its own, remembers the session's
// first touch and reports the visit.
// No router and no data library: links between public pages are plain links to cached HTML.
import { StrictMode, startTransition, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Header } from './pages/public/Header.tsx';
import { LeadForm } from './pages/public/LeadForm.tsx';
import type { IslandName } from './components/Island.tsx';
import { ClientConfigContext, readClientConfig } from './lib/client-config.tsx';
import { trackVisit } from './lib/track-visit.ts';
import { rememberFirstTouch } from './lib/first-touch.ts';
import './public.css';

const islands: Record<IslandName, (props: object) => ReactNode> = {
  header: () => <Header pathname={window.location.pathname} />,
  'lead-form': (props) => <LeadForm initial={props} />,
};

/** The props the server rendered an island with (src/components/Island.tsx), or none. */
function propsOf(root: HTMLElement): object {
  try {
    const props: unknown = JSON.parse(root.dataset.props ?? '{}');
    return props && typeof props === 'object' ? props : {};
  } catch {
    return {};
  }
}

/**
 * What React could not hydrate as the server rendered it (it then renders that part anew in the
 * browser). Kept on the window for the hydration tests (e2e/hydration.spec.ts) and logged.
 */
const hydrationErrors: string[] = ((window as unknown as { __hydrationErrors?: string[] }).__hydrationErrors ??= []);
const onRecoverableError = (error: unknown) => {
  hydrationErrors.push(error instanceof Error ? error.message : String(error));
  console.error('hydration', error);
};

// The session's first page view is its first touch, sent with a lead form (src/lib/first-touch.ts).
rememberFirstTouch();
const config = readClientConfig();
// In a transition React hydrates in slices of a few milliseconds, yielding between them, so the page
// answers taps while it hydrates rather than after one long task.
startTransition(() => {
  for (const root of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const island = islands[root.dataset.island as IslandName];
    if (!island) continue;
    hydrateRoot(
      root,
      <StrictMode>
        <ClientConfigContext.Provider value={config}>{island(propsOf(root))}</ClientConfigContext.Provider>
      </StrictMode>,
      { onRecoverableError },
    );
  }
});

const page = document.querySelector<HTMLElement>('main[data-page]')?.dataset.page;
if (page) trackVisit(page, config.apiBase);
