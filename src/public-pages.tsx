// The public pages of the main site (docs/product.md §2) with their handles: the route table of the
// server's router (routes.tsx) and the server's list of pages that load the public bundle come from it.
import type { ComponentType } from 'react';
import type { PageHandle } from './lib/meta.ts';
import { pagePath } from '../schemas/public.ts';
import { HomePage } from './pages/public/HomePage.tsx';
import { AboutPage } from './pages/public/AboutPage.tsx';
import { ContactPage } from './pages/public/ContactPage.tsx';
import { PrivacyPage } from './pages/public/PrivacyPage.tsx';
import { NotFoundPage } from './pages/public/NotFoundPage.tsx';
import { THANK_YOU_PATH } from '../schemas/lead-form.ts';

/** Where a lead form sent without JavaScript lands (web/contact-form.ts): Get Started saying Thank You. */
const ThankYouPage = () => <ContactPage state={{ sent: true }} />;

export interface PublicPage {
  path: string;
  Page: ComponentType;
  handle: PageHandle;
}

export const publicPages: PublicPage[] = [
  {
    path: '/',
    Page: HomePage,
    handle: {
      page: 'home',
      title: 'Health & Life Insurance Brokers',
      description: 'Independent health and life insurance brokers in Denver, Colorado, serving clients nationwide.',
    },
  },
  {
    path: '/about',
    Page: AboutPage,
    handle: {
      page: 'about',
      title: 'Meet Our Team',
      description: 'Meet the licensed brokers who find the right health and life coverage for you.',
    },
  },
  {
    path: '/contact',
    Page: ContactPage,
    handle: {
      page: 'contact',
      title: 'Get Started',
      description: 'Tell us how to reach you and a licensed broker will reply within 24 hours, Monday - Sunday.',
    },
  },
  {
    path: THANK_YOU_PATH,
    Page: ThankYouPage,
    // Counted as a view of the form's page: it is that page, answering a submission.
    handle: { page: 'contact', title: 'Thank You', noindex: true },
  },
  {
    path: '/privacy',
    Page: PrivacyPage,
    handle: {
      page: 'privacy',
      title: 'Privacy',
      description: 'What we collect, why, how long we keep it, and how to ask for a copy or erasure of your data.',
    },
  },
];

/** Any other path: the 404 page, answered with status 404. */
export const notFoundPage: Omit<PublicPage, 'path'> = {
  Page: NotFoundPage,
  handle: { page: 'not-found', title: 'Page not found', noindex: true, notFound: true },
};

/** The page for a path in main-site mode; a trailing slash is the same page, as in the router. */
export const publicPageFor = (pathname: string) => publicPages.find((p) => p.path === pagePath(pathname));
