// The lead form's work outside React: reading what the inputs hold (typed before or after the script
// ran), the check by the server's own schema (loaded on demand, so the page's first script stays
// small), and the POST to /api/referral with the page it was sent from and the session's first touch.
import { readFirstTouch } from '../../lib/first-touch.ts';
import { HONEYPOT_FIELD } from '../../../schemas/public.ts';
import { CONSENT_FORM_ID, CONSENT_PAGE_PATTERN, CONSENT_PAGE_URL_MAX } from '../../../schemas/consent.ts';
import { FORM_ERRORS, fieldErrorFromMessage, type LeadFormErrors, type LeadFormValues } from '../../../schemas/lead-form.ts';

export type Outcome =
  { kind: 'success' } | { kind: 'no-success-flag' } | { kind: 'fields'; errors: LeadFormErrors } | { kind: 'error'; message: string };

/** The values the inputs hold now: whatever the visitor typed, before hydration included. */
export function readForm(form: HTMLFormElement): LeadFormValues & { honeypot: string } {
  const data = new FormData(form);
  const text = (key: string) => {
    const v = data.get(key);
    return typeof v === 'string' ? v : '';
  };
  return { name: text('name'), email: text('email'), phone: text('phone'), consent: data.has('consent'), honeypot: text(HONEYPOT_FIELD) };
}

/** docs/product.md §5: all three fields non-blank after trimming. */
export const isComplete = (v: Pick<LeadFormValues, 'name' | 'email' | 'phone'>) =>
  v.name.trim() !== '' && v.email.trim() !== '' && v.phone.trim() !== '';

/** Empties the inputs after a sent form (not reset(): that would bring back values the server kept). */
export function clearForm(form: HTMLFormElement): void {
  for (const input of form.querySelectorAll('input')) {
    if (input.type === 'checkbox') input.checked = false;
    else input.value = '';
  }
}

type Check = (values: LeadFormValues) => LeadFormErrors;
let checker: Promise<Check | null> | undefined;

/**
 * The check by the server's schema, loaded once, on the first use of the form. zod is told up front
 * not to probe for eval (the Content Security Policy forbids it). Null when the chunk cannot load:
 * the server then checks alone and its refusal lands beside the field all the same.
 */
export function loadCheck(): Promise<Check | null> {
  const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
  checker ??= import('./lead-form-check.ts').then(
    (m) => m.checkLeadForm,
    () => {
      checker = undefined;
      return null;
    },
  );
  return checker;
}

/** The page the form is on, as the consent record keeps it ("/contact"), or undefined when it is no plain path. */
function currentPage(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const page = `${window.location.pathname}${window.location.search}`;
  return page.length <= CONSENT_PAGE_URL_MAX && CONSENT_PAGE_PATTERN.test(page) ? page : undefined;
}

/**
 * Sends the form: a 400 naming a field is that field's reason; any other refusal is the server's
 * error, a failed fetch the network's, an unreadable answer "something went wrong" (docs/product.md §8).
 */
export async function submitReferral(apiBase: string, fields: LeadFormValues, honeypot: string): Promise<Outcome> {
  let res: Response;
  try {
    res = await fetch(`${apiBase}/api/referral`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: fields.name.trim(),
        email: fields.email.trim(),
        phone: fields.phone.trim(),
        consent: fields.consent,
        pageUrl: currentPage(),
        formId: CONSENT_FORM_ID,
        [HONEYPOT_FIELD]: honeypot,
        attribution: readFirstTouch(),
      }),
    });
  } catch {
    return { kind: 'error', message: FORM_ERRORS.network };
  }
  if (!res.ok) {
    const errors =
      res.status === 400
        ? fieldErrorFromMessage(
            await res.json().then(
              (b: { error?: unknown }) => b?.error,
              () => null,
            ),
          )
        : null;
    return errors ? { kind: 'fields', errors } : { kind: 'error', message: FORM_ERRORS.server };
  }
  try {
    const body: unknown = await res.json();
    return (body as { success?: unknown } | null)?.success ? { kind: 'success' } : { kind: 'no-success-flag' };
  } catch {
    return { kind: 'error', message: FORM_ERRORS.other };
  }
}
