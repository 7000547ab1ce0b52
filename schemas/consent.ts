// The consent box of the public lead form: every version of its wording, kept for good. A lead's
// consent record names the version it was given under, and the exact text shown can be produced from
// it years later, so a released version is never edited: a new wording is a new version at the end.
// Kept free of zod so the public form can import it (schemas/public.ts explains why).

/** One released wording. `{brokerage}` is replaced by the brokerage's name (schemas/brokerage.ts). */
export interface ConsentVersion {
  version: number;
  /** When it was first shown (YYYY-MM-DD). */
  released: string;
  template: string;
  /** The label of the link to the Privacy page shown after the text. */
  linkLabel: string;
  /** What agreeing allows. */
  covers: readonly ConsentChannel[];
}

export type ConsentChannel = 'calls' | 'texts';

/** The form that carries the box: a consent record names it. */
export const CONSENT_FORM_ID = 'lead-form';

/** Every released version, oldest first; the last is the one the form shows. */
export const CONSENT_VERSIONS: readonly ConsentVersion[] = [
  {
    version: 1,
    released: '2026-11-25',
    template:
      'I agree that {brokerage} may call and text me at this number, including by automated means, about insurance. Consent is not a condition of purchase. Msg & data rates may apply; reply STOP to opt out.',
    linkLabel: 'Privacy policy',
    covers: ['calls', 'texts'],
  },
];

export const CURRENT_CONSENT: ConsentVersion = CONSENT_VERSIONS[CONSENT_VERSIONS.length - 1]!;

/** The version with this number, or undefined. */
export const consentVersion = (version: number) => CONSENT_VERSIONS.find((v) => v.version === version);

/** A version's text as shown for this brokerage. */
export function consentText(brokerage: string, version: ConsentVersion = CURRENT_CONSENT): string {
  return version.template.replaceAll('{brokerage}', brokerage);
}

/**
 * A page of this site as a consent record keeps it ("/contact?from=ad"): a leading slash, not followed
 * by a second slash or a backslash (which would name another host), printable characters only.
 */
export const CONSENT_PAGE_PATTERN = /^\/(?:[\x21-\x2e\x30-\x5b\x5d-\x7e][\x21-\x7e]*)?$/;

/** Longest page address a consent record keeps. */
export const CONSENT_PAGE_URL_MAX = 500;
