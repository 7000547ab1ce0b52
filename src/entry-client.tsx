// The browser entry of the console (and of any main-site page the public bundle does not serve).
// The first screen's code is loaded before hydrating, so it renders without suspending (src/lib/lazy-page.ts).
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.tsx';
import { ClientConfigContext, readClientConfig } from './lib/client-config.tsx';
import { loadScreensOf } from './lib/lazy-page.ts';
import { buildRoutes } from './routes.tsx';
import { isAdminHost } from '../schemas/host-mode.ts';
import './index.css';

const config = readClientConfig();
const { hostname, pathname } = window.location;

void loadScreensOf(buildRoutes(isAdminHost(hostname, config.adminHosts)), pathname).then(() =>
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <ClientConfigContext.Provider value={config}>
        <BrowserRouter>
          <App hostname={hostname} />
        </BrowserRouter>
      </ClientConfigContext.Provider>
    </StrictMode>,
  ),
);
