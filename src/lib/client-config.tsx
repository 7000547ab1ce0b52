// Settings the server hands to the browser (the variables of README.md's Configuration the client needs).
import { createContext, useContext } from 'react';
import type { ClientConfig } from '../../schemas/render.ts';

export type { ClientConfig };

export const ClientConfigContext = createContext<ClientConfig>({ adminHosts: ['admin.localhost'], googleClientId: null, apiBase: '' });
export const useClientConfig = () => useContext(ClientConfigContext);

/** Reads the JSON data block the server put in the page. */
export function readClientConfig(): ClientConfig {
  const el = document.getElementById('app-config');
  return JSON.parse(el?.textContent || '{}') as ClientConfig;
}
