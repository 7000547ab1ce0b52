// robots.txt and sitemap.xml. The main site lists its public pages under PUBLIC_URL (never the
// request's Host header, which a client chooses); an admin host asks every crawler to stay out.
import type { Express, Request } from 'express';
import type { Config } from '../server/config.ts';
import { isAdminHost } from '../schemas/host-mode.ts';
import { PUBLIC_PAGES } from '../schemas/site.ts';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function robotsTxt(adminHost: boolean, origin: string): string {
  if (adminHost) return 'User-agent: *\nDisallow: /\n';
  return `User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: ${origin}/sitemap.xml\n`;
}

export function sitemapXml(origin: string): string {
  const urls = PUBLIC_PAGES.map(
    (p) =>
      `  <url>\n    <loc>${escapeXml(origin + p)}</loc>\n    <changefreq>monthly</changefreq>\n    <priority>${p === '/' ? '1.0' : '0.8'}</priority>\n  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function mountSeo(app: Express, config: Config): void {
  const adminHost = (req: Request) => isAdminHost(req.hostname, config.ADMIN_HOSTS);
  app.get('/robots.txt', (req, res) => {
    res
      .type('text/plain')
      .set('Cache-Control', 'public, max-age=3600')
      .send(robotsTxt(adminHost(req), config.publicUrl));
  });
  app.get('/sitemap.xml', (req, res) => {
    if (adminHost(req)) return void res.status(404).type('text/plain').send('Not found');
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600').send(sitemapXml(config.publicUrl));
  });
}
