// The public footer (docs/product.md §2): a description, the pages (Privacy too), two contact emails and the copyright line.
import { site } from '../../content.ts';
import { Logo } from './Header.tsx';
import { Icon } from './icons.tsx';

/**
 * The current year in the office's time zone: server and browser compute the same value, so the
 * hydrated text matches the server-rendered one.
 */
export function currentYear(now = new Date()): string {
  // Building a formatter is costly: one serves every render.
  yearFormat ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: site.timeZone });
  return yearFormat.format(now);
}
let yearFormat: Intl.DateTimeFormat | undefined;

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr]">
        <div>
          <Logo />
          <p className="mt-4 max-w-sm leading-relaxed text-slate-600">{site.description}</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-brand-900">Explore</h2>
          <ul className="mt-4 space-y-2.5 text-slate-600">
            <li>
              <a href="/" className="hover:text-brand-700">
                Home
              </a>
            </li>
            <li>
              <a href="/about" className="hover:text-brand-700">
                Meet Our Team
              </a>
            </li>
            <li>
              <a href="/contact" className="hover:text-brand-700">
                Get Started
              </a>
            </li>
            <li>
              <a href="/privacy" className="hover:text-brand-700">
                Privacy
              </a>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-brand-900">Contact</h2>
          <ul className="mt-4 space-y-2.5 text-slate-600">
            {[site.emails.general, site.emails.support].map((email) => (
              <li key={email}>
                <a href={`mailto:${email}`} className="inline-flex items-center gap-2 [overflow-wrap:anywhere] hover:text-brand-700">
                  <Icon name="mail" className="h-4 w-4 shrink-0 text-brand-600" />
                  {email}
                </a>
              </li>
            ))}
            <li className="flex items-center gap-2">
              <Icon name="map" className="h-4 w-4 shrink-0 text-brand-600" />
              {site.location.city}, {site.location.region}
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-600 sm:px-6">
          © <span suppressHydrationWarning>{currentYear()}</span> {site.legalName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
