// What the server and the browser build agree on for server rendering: the settings the server hands to
// the browser, and one render's request and result (web/ssr.ts calls src/entry-server.tsx with them).
import type { LeadFormState } from './lead-form.ts';

/** Settings the server hands to the browser (the variables of README.md's Configuration the client needs). */
export interface ClientConfig {
  adminHosts: string[];
  googleClientId: string | null;
  apiBase: string;
}

export interface RenderRequest {
  url: string;
  hostname: string;
  origin: string;
  clientConfig: ClientConfig;
  /** The lead form as this one render shows it (a refused no-JavaScript submission); none for cached pages. */
  leadForm?: LeadFormState;
}

export interface RenderResult {
  html: string;
  head: string;
  status: number;
  redirect?: string;
  /** When the date-dependent parts (the footer's year) change: the HTML may be kept until then. */
  validUntil: number;
}
