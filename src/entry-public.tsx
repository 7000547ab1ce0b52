// The browser entry of the public pages (built with Preact in place of React, vite.config.ts).
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PublicApp } from './PublicApp.tsx';
import { ClientConfigContext, readClientConfig } from './lib/client-config.tsx';
import './public.css';

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <ClientConfigContext.Provider value={readClientConfig()}>
      <PublicApp />
    </ClientConfigContext.Provider>
  </StrictMode>,
);
