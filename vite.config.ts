import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * Two browser bundles, both React, each with a manifest the server builds its one HTML shell from
 * (web/html-template.ts): the console's (src/entry-client.tsx, React Router, the admin screens
 * loaded on demand) and, with `--mode public`, the public pages' (src/entry-public.tsx: React
 * hydrating the header and the lead form, no router or data library).
 */
export default defineConfig(({ command, mode }) =>
  mode === 'public'
    ? {
        plugins: [react(), tailwindcss()],
        build: {
          manifest: '.vite/public-manifest.json',
          sourcemap: false,
          emptyOutDir: false,
          rollupOptions: { input: 'src/entry-public.tsx' },
        },
      }
    : {
        plugins: [react(), tailwindcss()],
        build: {
          manifest: true,
          sourcemap: false,
          // `vite build --ssr <entry>` (the server's render bundle) takes its own entry instead.
          rollupOptions: {
            input: 'src/entry-client.tsx',
            output: {
              // The phone formatter and libphonenumber's metadata (~28 kB gzip) in a chunk of their own, loaded by
              // the screens that format numbers (the dashboard only for another country's, src/components/PhoneText.tsx);
              // left to itself the bundler merges them into a chunk with small modules the dashboard needs at once.
              codeSplitting: {
                groups: [{ name: 'libphonenumber', test: /node_modules[\\/]libphonenumber-js[\\/]|schemas[\\/]phone\.ts$/ }],
              },
            },
          },
          // The largest chunk is the charts' library (~350 kB), loaded only by Site Analytics.
          chunkSizeWarningLimit: 600,
        },
        ssr: {
          // Bundled into the server build so the production server needs no source transforms for them.
          // Only there: in development Vite's runner would inline their CommonJS entry and fail on `module`.
          noExternal: command === 'build' ? ['react-router', 'react-router-dom'] : [],
        },
      },
);
