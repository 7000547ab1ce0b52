import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss()],
  build: {
    // The client build writes a manifest so the server can link the hashed CSS and JS.
    manifest: true,
    sourcemap: false,
    // The largest chunk is the Site Analytics page (charts and the US map, ~540 kB, 160 kB gzip),
    // loaded only when staff open it; the public pages stay far below this.
    chunkSizeWarningLimit: 600,
  },
  ssr: {
    // Bundled into the server build so the production server needs no source transforms for them.
    // Only there: in development Vite's runner would inline their CommonJS entry and fail on `module`.
    noExternal: command === 'build' ? ['react-router', 'react-router-dom'] : [],
  },
}));
