// The lead form's state as the server and the browser share it (docs/lead-form.md): what a visitor
// typed, the reason beside each field, the Oops text and whether it was sent. Free of zod so the
// public pages' first script stays small; the rules themselves are referralInput's (schemas/lead.ts).

/** The form's own page, and the page its no-JavaScript submission is answered with on success. */
export const CONTACT_PATH = '/contact';
export const THANK_YOU_PATH = '/contact/thank-you';

/** The three fields people fill in, in the order the form shows them. */
export const LEAD_FORM_FIELDS = ['name', 'email', 'phone'] as const;
export type LeadFormField = (typeof LEAD_FORM_FIELDS)[number];
export type LeadFormErrors = Partial<Record<LeadFormField, string>>;

/** docs/product.md §8: the Oops texts of the form. */
export const FORM_ERRORS = {
  server: 'Server error. Please try again.',
  network: 'Network error. Please check your connection and try again.',
  other: 'Something went wrong. Please try again later.',
} as const;

export interface LeadFormValues {
  name: string;
  email: string;
  phone: string;
  consent: boolean;
}

/**
 * How the server renders the form (and the island starts from it): the values kept after a refused
 * submission, the reason beside each field, an Oops text, or the Thank You of a sent one.
 */
export interface LeadFormState {
  values?: LeadFormValues;
  errors?: LeadFormErrors;
  message?: string;
  sent?: boolean;
}

const isField = (key: unknown): key is LeadFormField => (LEAD_FORM_FIELDS as readonly unknown[]).includes(key);

/** The first reason per field of a schema's issues; issues of other fields (pageUrl, ...) are left out. */
export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): LeadFormErrors {
  const errors: LeadFormErrors = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (isField(key) && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/**
 * The field a server refusal names ("email: Enter a valid email address", as the API words a
 * validation error), as that field's reason; null when it names none of the form's fields.
 */
export function fieldErrorFromMessage(message: unknown): LeadFormErrors | null {
  if (typeof message !== 'string') return null;
  const match = /^([a-z]+): (.+)$/s.exec(message);
  return match && isField(match[1]) ? { [match[1]]: match[2] } : null;
}

/** The first field with a reason, in the form's order. */
export const firstBadField = (errors: LeadFormErrors): LeadFormField | undefined => LEAD_FORM_FIELDS.find((f) => errors[f]);
