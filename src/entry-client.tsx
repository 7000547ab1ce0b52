import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.tsx';
import { ClientConfigContext, readClientConfig } from './lib/client-config.tsx';

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <ClientConfigContext.Provider value={readClientConfig()}>
      <BrowserRouter>
        <App hostname={window.location.hostname} />
      </BrowserRouter>
    </ClientConfigContext.Provider>
  </StrictMode>,
);
