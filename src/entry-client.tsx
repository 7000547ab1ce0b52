// The browser entry of the console (and of any main-site page the public bundle does not serve).
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.tsx';
import { ClientConfigContext, readClientConfig } from './lib/client-config.tsx';
import './index.css';

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
