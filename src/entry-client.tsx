import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.tsx';
import { Providers } from './Providers.tsx';
import { readClientConfig } from './lib/client-config.tsx';

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <Providers config={readClientConfig()}>
      <BrowserRouter>
        <App hostname={window.location.hostname} />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
