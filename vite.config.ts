import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * `--mode public` builds the public pages' bundle (src/entry-public.tsx) with Preact's compat layer
 * in place of React: the same components, a tenth of the bytes. The server renders every page with
 * React and gives public pages this bundle, the console the React one.
 */
const publicBuild: UserConfig = {
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    manifest: '.vite/public-manifest.json',
    sourcemap: false,
    emptyOutDir: false,
    rollupOptions: { input: 'src/entry-public.tsx' },
  },
};

export default defineConfig(({ command, mode }) =>
  mode === 'public'
    ? publicBuild
    : {
        plugins: [react(), tailwindcss()],
        build: {
          // The client build writes a manifest so the server can link the hashed CSS and JS.
          manifest: true,
          sourcemap: false,
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
