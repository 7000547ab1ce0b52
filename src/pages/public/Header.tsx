// The fixed top bar of the public site (docs/product.md §2): Home, About, Get Started, a mobile menu,
// and a denser, shadowed style once the page is scrolled past the threshold. An island of the public
// pages (src/entry-public.tsx): its links are plain links, each page is a full load of cached HTML, and
// the mobile menu is a <details> disclosure, so it works before and without the script too.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { pagePath } from '../../../schemas/public.ts';
import { site } from '../../content.ts';
import { Icon } from './icons.tsx';

/** docs/product.md §9: the header changes style once the page is scrolled more than 50 px. */
export const SCROLLED_THRESHOLD_PX = 50;

const links = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
] as const;

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`flex items-center gap-2.5 ${className}`}>
      <svg viewBox="0 0 32 32" className="h-9 w-9 shrink-0" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" className="text-brand-700" />
        <path d="M16 6l8 3v6c0 5.2-3.4 9.4-8 11-4.6-1.6-8-5.8-8-11V9z" fill="#fff" />
        <path d="M16 11v10M11 16h10" stroke="#0f3d5e" strokeWidth="2.6" strokeLinecap="round" />
      </svg>
      <span className="whitespace-nowrap text-base font-bold tracking-tight text-brand-900 sm:text-lg">{site.name}</span>
    </span>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-[0.95rem] font-medium transition-colors ${
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:text-brand-700'
  }`;

/** A link to a public page that says whether it is the current one, to the eye and to screen readers. */
function NavLink({
  to,
  pathname,
  className,
  children,
}: {
  to: string;
  pathname: string;
  className: (s: { isActive: boolean }) => string;
  children: ReactNode;
}) {
  const isActive = pagePath(pathname) === to;
  return (
    <a href={to} className={className({ isActive })} aria-current={isActive ? 'page' : undefined}>
      {children}
    </a>
  );
}

/** `pathname`: the page's path, the same on the server and in the browser. */
export function Header({ pathname }: { pathname: string }) {
  const scrolled = useScrolledPast(SCROLLED_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  // The first render matches the server's HTML; the button semantics come once React runs.
  const [hydrated, setHydrated] = useState(false);
  const menuRef = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    setHydrated(true);
    // Opened before the script ran: React takes it over as it is.
    if (menuRef.current?.open) setMenuOpen(true);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={`fixed inset-x-0 top-0 z-40 border-b transition-[background-color,box-shadow,border-color] duration-300 ${
        scrolled || menuOpen
          ? 'border-slate-200 bg-white/95 shadow-md shadow-slate-900/5 backdrop-blur'
          : 'border-transparent bg-white/70 backdrop-blur-sm'
      }`}
    >
      <div
        className={`mx-auto flex max-w-6xl items-center justify-between px-4 transition-[height] duration-300 sm:px-6 ${scrolled ? 'h-16' : 'h-20'}`}
      >
        <a href="/" className="rounded-md" aria-label={`${site.name}, home`}>
          <Logo />
        </a>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} pathname={pathname} className={navLinkClass}>
              {l.label}
            </NavLink>
          ))}
          <a
            href="/contact"
            className="ml-3 inline-flex items-center gap-1.5 rounded-lg bg-accent-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-[#0b6b53]"
          >
            Get Started
            <Icon name="arrow" className="h-4 w-4" />
          </a>
        </nav>

        {/* A <details> disclosure: it opens and closes with no script at all; once hydrated, React
            keeps its state, names it as a button that says whether it is expanded, and Escape closes it. */}
        <details className="group md:hidden" open={menuOpen} onToggle={(e) => setMenuOpen(e.currentTarget.open)}>
          <summary
            className="inline-flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-lg text-brand-900 hover:bg-brand-50 [&::-webkit-details-marker]:hidden"
            role={hydrated ? 'button' : undefined}
            aria-expanded={hydrated ? menuOpen : undefined}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={(e) => {
              e.preventDefault();
              setMenuOpen((o) => !o);
            }}
          >
            <Icon name="menu" className="h-6 w-6 group-open:hidden" />
            <Icon name="close" className="hidden h-6 w-6 group-open:block" />
          </summary>

          <nav
            id="mobile-menu"
            aria-label="Mobile"
            className="absolute inset-x-0 top-full border-t border-slate-200 bg-white px-4 pb-5 pt-2 shadow-md shadow-slate-900/5"
          >
            <ul className="flex flex-col gap-1">
              {links.map((l) => (
                <li key={l.to}>
                  <NavLink
                    to={l.to}
                    pathname={pathname}
                    className={({ isActive }) =>
                      `block rounded-lg px-3 py-3 text-base font-medium ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-50'}`
                    }
                  >
                    {l.label}
                  </NavLink>
                </li>
              ))}
              <li className="pt-2">
                <a
                  href="/contact"
                  className="block rounded-lg bg-accent-600 px-4 py-3 text-center text-base font-semibold text-white hover:bg-[#0b6b53]"
                >
                  Get Started
                </a>
              </li>
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}
