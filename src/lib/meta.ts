// The document head of a page: title, description, canonical URL, Open Graph, and the
// schema.org description of the agency for search engines. Admin pages are kept out of indexes.
import { site } from '../content.ts';

export const SITE_NAME = site.legalName;

/** What a route tells about its page: the head's title and description, and its name for visit reports. */
export interface PageHandle {
  /** Page name reported for visit tracking. */
  page: string;
  title: string;
  description?: string;
  /** Admin screens are kept out of search engines. */
  noindex?: boolean;
  notFound?: boolean;
}

export const pageTitle = (handle: PageHandle) => `${handle.title} | ${SITE_NAME}`;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a <script> block: `<` is escaped so no text can close the element. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** schema.org InsuranceAgency: name, area served and contact point. */
export function agencyJsonLd(origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'InsuranceAgency',
    name: site.legalName,
    alternateName: site.name,
    description: site.description,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    email: site.emails.general,
    address: {
      '@type': 'PostalAddress',
      addressLocality: site.location.city,
      addressRegion: site.location.regionCode,
      addressCountry: site.location.country,
    },
    areaServed: { '@type': 'Country', name: 'United States' },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      email: site.emails.general,
      areaServed: 'US',
      availableLanguage: 'English',
      hoursAvailable: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      },
    },
  };
}

export function renderHead(handle: PageHandle | undefined, origin: string, pathname: string): string {
  if (!handle) return '';
  const title = pageTitle(handle);
  const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [`<title>${escapeHtml(title)}</title>`];
  if (handle.description) tags.push(meta('name', 'description', handle.description));
  if (handle.noindex) {
    tags.push(meta('name', 'robots', 'noindex, nofollow'));
    return tags.join('\n    ');
  }
  const url = origin + pathname;
  tags.push(
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', title),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', 'en_US'),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
  );
  if (handle.description) {
    tags.push(meta('property', 'og:description', handle.description), meta('name', 'twitter:description', handle.description));
  }
  tags.push(`<script type="application/ld+json">${jsonForScript(agencyJsonLd(origin))}</script>`);
  return tags.join('\n    ');
}
