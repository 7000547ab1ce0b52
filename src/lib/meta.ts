// The document head of a page: title, description, canonical URL and robots.
import type { PageHandle } from '../routes.tsx';

export const SITE_NAME = 'Summit Health & Life Insurance';

export const pageTitle = (handle: PageHandle) => `${handle.title} | ${SITE_NAME}`;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function renderHead(handle: PageHandle | undefined, origin: string, pathname: string): string {
  if (!handle) return '';
  const tags = [`<title>${escapeHtml(pageTitle(handle))}</title>`];
  if (handle.description) tags.push(`<meta name="description" content="${escapeHtml(handle.description)}" />`);
  if (handle.noindex) tags.push('<meta name="robots" content="noindex, nofollow" />');
  else tags.push(`<link rel="canonical" href="${escapeHtml(origin + pathname)}" />`);
  return tags.join('\n    ');
}
