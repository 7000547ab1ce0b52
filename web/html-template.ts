// The HTML around every server-rendered page: one shell for both browser bundles (the console's and
// the public pages'), filled from the client build's manifests in production and from the source
// entries in development (then passed through Vite's index transform for its client and React refresh).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ClientConfig } from '../schemas/render.ts';

/** The console (src/entry-client.tsx, React Router) or the public pages' islands (src/entry-public.tsx). */
export type Bundle = 'console' | 'public';

/** Each bundle's entry module and the manifest its build writes (vite.config.ts). */
export const bundles: Record<Bundle, { entry: string; manifest: string; css: string }> = {
  console: { entry: 'src/entry-client.tsx', manifest: 'manifest.json', css: 'src/index.css' },
  public: { entry: 'src/entry-public.tsx', manifest: 'public-manifest.json', css: 'src/public.css' },
};

/** Escapes JSON for a <script type="application/json"> data block. */
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

interface Assets {
  /** The entry module's URL. */
  script: string;
  /** Modules the entry imports, fetched in parallel with it. */
  preloads: string[];
  /** <style> or <link rel="stylesheet"> tags. */
  styles: string;
}

type ManifestChunk = { file: string; css?: string[]; imports?: string[] };

/** The manifest keys of `roots` and of every chunk they import, transitively, each once, in visiting order. */
export function importedChunks(manifest: Record<string, { imports?: string[] }>, roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const child of manifest[key].imports ?? []) visit(child);
  };
  for (const root of roots) visit(root);
  return [...seen];
}

/**
 * A bundle's assets from its build manifest: the entry, the chunks it imports (transitively) and
 * their stylesheets, inlined so the first paint waits for no request.
 */
export function builtAssets(clientDir: string, bundle: Bundle): Assets {
  const { entry, manifest: file } = bundles[bundle];
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite', file), 'utf8')) as Record<string, ManifestChunk>;
  if (!manifest[entry]) throw new Error(`${file} has no ${entry}: run npm run build`);
  const chunks = importedChunks(manifest, [entry]).map((key) => manifest[key]);
  const css = [...new Set(chunks.flatMap((c) => c.css ?? []))];
  return {
    script: `/${manifest[entry].file}`,
    preloads: chunks.slice(1).map((c) => `/${c.file}`),
    styles: css
      .map((href) => `<style>${readFileSync(path.join(clientDir, href), 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`)
      .join(''),
  };
}

/** A bundle's assets in development: Vite serves the source modules and the stylesheet. */
export const devAssets = (bundle: Bundle): Assets => ({
  script: `/${bundles[bundle].entry}`,
  preloads: [],
  styles: `<link rel="stylesheet" href="/${bundles[bundle].css}" />`,
});

/** The page shell with `<!--app-head-->` and `<!--app-html-->` left for each render (see fillPage). */
export function shell(bundle: Bundle, assets: Assets, clientConfig: ClientConfig): string {
  const lines = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="UTF-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    '<meta name="theme-color" content="#0f3d5e" />',
    // The lead form sent without JavaScript learns its page (and campaign) from the Referer, which the
    // public pages send to their own site only; other sites get none, as before (web/contact-form.ts).
    bundle === 'public' ? '<meta name="referrer" content="same-origin" />' : '',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
    // zod's setting for a Content Security Policy without eval; only the console runs zod.
    bundle === 'console' ? '<script defer src="/zod-jitless.js"></script>' : '',
    assets.styles,
    `<script type="module" crossorigin src="${assets.script}"></script>`,
    ...assets.preloads.map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`),
    '<!--app-head-->',
    `<script type="application/json" id="app-config">${jsonForScript(clientConfig)}</script>`,
    '</head>',
    '<body>',
    '<div id="root"><!--app-html--></div>',
    '</body>',
    '</html>',
  ];
  return lines.filter(Boolean).join('\n');
}

/** One page: the shell with a render's head tags and HTML in place. */
export const fillPage = (template: string, head: string, html: string) =>
  template.replace('<!--app-head-->', () => head).replace('<!--app-html-->', () => html);
