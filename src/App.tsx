// The application shell: picks the hosting mode, renders the matching route and keeps the
// document title in step with it.
import { Suspense, useEffect, useMemo } from 'react';
import { matchRoutes, useLocation, useRoutes } from 'react-router-dom';
import { useClientConfig } from './lib/client-config.tsx';
import { isAdminHost } from '../schemas/host-mode.ts';
import { buildRoutes } from './routes.tsx';
import type { PageHandle } from './lib/meta.ts';
import { pageTitle } from './lib/meta.ts';
import { useTrackVisit } from './lib/track-visit.ts';
import { LoadingSpinner } from './components/LoadingSpinner.tsx';

export function App({ hostname }: { hostname: string }) {
  const { adminHosts } = useClientConfig();
  const routes = useMemo(() => buildRoutes(isAdminHost(hostname, adminHosts)), [hostname, adminHosts]);
  const location = useLocation();
  const element = useRoutes(routes);
  const handle = findHandle(routes, location.pathname);

  useEffect(() => {
    if (handle) document.title = pageTitle(handle);
  }, [handle]);
  useTrackVisit(handle?.page);

  return <Suspense fallback={<PageLoading />}>{element}</Suspense>;
}

export function findHandle(routes: Parameters<typeof matchRoutes>[0], pathname: string): PageHandle | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches
    .map((m) => m.route.handle as PageHandle | undefined)
    .filter(Boolean)
    .at(-1);
}

const PageLoading = () => <LoadingSpinner className="min-h-[50vh]" />;
