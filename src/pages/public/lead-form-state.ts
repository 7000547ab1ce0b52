// The lead form's state for one server render (web/contact-form.ts renders the Get Started page
// again after a refused no-JavaScript submission): values kept, reasons, an Oops text.
import { createContext } from 'react';
import type { LeadFormState } from '../../../schemas/lead-form.ts';

/** Given by src/entry-server.tsx for that one render; undefined for the cached pages. */
export const LeadFormStateContext = createContext<LeadFormState | undefined>(undefined);
