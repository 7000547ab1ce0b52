// The public site in the browser: the header, the footer and the page of the current path, with
// in-page navigation over the History API. Built on its own (see vite.config.ts, mode "public")
// with Preact standing in for React, so the public pages load a small fraction of the console's code.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { PublicLayout } from './components/PublicLayout.tsx';
import { NavContext } from './lib/nav.tsx';
import { pageTitle } from './lib/meta.ts';
import { useTrackVisit } from './lib/track-visit.ts';
import { notFoundPage, publicPageFor } from './public-pages.tsx';

export function PublicApp() {
  const [pathname, setPathname] = useState(() => window.location.pathname);
  useEffect(() => {
    const onPop = () => setPathname(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const navigate = useCallback((to: string) => {
    const url = new URL(to, window.location.href);
    if (url.origin !== window.location.origin || (url.pathname !== '/' && !publicPageFor(url.pathname))) {
      window.location.assign(url.href); // not a public page: the server answers it
      return;
    }
    if (url.pathname !== window.location.pathname) window.history.pushState(null, '', url.href);
    window.scrollTo(0, 0);
    setPathname(url.pathname);
  }, []);
  const nav = useMemo(() => ({ pathname, navigate }), [pathname, navigate]);

  const { Page, handle } = publicPageFor(pathname) ?? notFoundPage;
  useEffect(() => {
    document.title = pageTitle(handle);
  }, [handle]);
  useTrackVisit(handle.page);

  return (
    <NavContext.Provider value={nav}>
      <PublicLayout>
        <Page />
      </PublicLayout>
    </NavContext.Provider>
  );
}
