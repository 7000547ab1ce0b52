// Header and footer around the public pages (main site mode only). The header is an island the
// browser hydrates (src/entry-public.tsx); `data-page` names the page for its visit report.
import type { ReactNode } from 'react';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { Island } from '../../components/Island.tsx';

export function PublicLayout({ pathname, page, children }: { pathname: string; page: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand-900 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to main content
      </a>
      <Island name="header">
        <Header pathname={pathname} />
      </Island>
      <main id="main" data-page={page} tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
