// The page shell from a build manifest: the entry, every chunk it imports preloaded once, the
// stylesheets inlined, the settings block, and the console-only zod setting.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtAssets, devAssets, fillPage, shell } from './html-template.ts';

const config = { adminHosts: ['admin.localhost'], googleClientId: null, apiBase: '' };

function fakeBuild() {
  const dir = mkdtempSync(path.join(tmpdir(), 'html-template-'));
  mkdirSync(path.join(dir, '.vite'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'entry.css'), 'body{color:red}</style><script>');
  const manifest = {
    'src/entry-client.tsx': { file: 'assets/entry.js', css: ['assets/entry.css'], imports: ['_react.js', '_shared.js'], isEntry: true },
    '_react.js': { file: 'assets/react.js', imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js' },
    'src/pages/admin/LoginPage.tsx': { file: 'assets/login.js', isDynamicEntry: true },
  };
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('the HTML shell', () => {
  it('loads the entry, preloads each chunk it imports once (not the lazy ones) and inlines its stylesheet', () => {
    const assets = builtAssets(fakeBuild(), 'console');
    expect(assets.script).toBe('/assets/entry.js');
    expect(assets.preloads).toEqual(['/assets/react.js', '/assets/shared.js']);
    expect(assets.styles).toBe('<style>body{color:red}<\\/style><script></style>');
    const html = shell('console', assets, config);
    expect(html).toContain('<script type="module" crossorigin src="/assets/entry.js"></script>');
    expect(html.match(/rel="modulepreload"/g)).toHaveLength(2);
    expect(html).toContain('<script defer src="/zod-jitless.js"></script>');
  });

  it('says which build step is missing when the manifest lacks the entry', () => {
    expect(() => builtAssets(fakeBuild(), 'public')).toThrow(/public-manifest\.json|ENOENT/);
  });

  it('gives the public pages their own entry without the console-only zod setting, and fills a page', () => {
    const html = shell('public', devAssets('public'), { ...config, apiBase: '</script>' });
    expect(html).toContain('src="/src/entry-public.tsx"');
    expect(html).not.toContain('zod-jitless');
    expect(html).toContain('"apiBase":"\\u003c/script>"');
    const page = fillPage(html, '<title>$& x</title>', '<p>$1</p>');
    expect(page).toContain('<title>$& x</title>');
    expect(page).toContain('<div id="root"><p>$1</p></div>');
  });
});
