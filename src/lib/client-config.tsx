// Settings the server hands to the browser (CONTRACT.md variables the client needs).
import { createContext, useContext } from 'react';

export interface ClientConfig {
  adminHosts: string[];
  googleClientId: string | null;
  apiBase: string;
}

export const ClientConfigContext = createContext<ClientConfig>({ adminHosts: ['admin.localhost'], googleClientId: null, apiBase: '' });
export const useClientConfig = () => useContext(ClientConfigContext);

/** Reads the JSON data block the server put in the page. */
export function readClientConfig(): ClientConfig {
  const el = document.getElementById('app-config');
  return JSON.parse(el?.textContent || '{}') as ClientConfig;
}
