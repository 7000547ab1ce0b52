// A lead's first touch (docs/product.md §3): where the visit that sent the lead form came
// from — the landing page, the referring site and the utm_* parameters of the session's first page
// view — as the form sends it, as a lead keeps it, and the one rule that names its source.
import { z } from 'zod';
import { FIRST_TOUCH_LIMITS } from './public.ts';

/** Longest utm_* value, landing page path and referrer address accepted (schemas/public.ts). */
const { utm: UTM_MAX, path: PATH_MAX, referrer: REFERRER_MAX } = FIRST_TOUCH_LIMITS;

/** The source of a lead with no first touch that staff added by hand. */
export const STAFF_SOURCE = 'added by staff';
/** The source of a lead that came with neither utm_source nor another site's referrer. */
export const DIRECT_SOURCE = 'direct';

/** No control characters (a newline or NUL in a campaign name is an attack or a mistake). */
const plain = (v: string) => ![...v].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);
const utm = z
  .string()
  .max(UTM_MAX, `utm values must be at most ${UTM_MAX} characters`)
  .refine(plain, 'utm values must be plain text')
  .transform((v) => v.trim())
  .optional();

/** The host of an http(s) address, lower-cased without "www."; null for anything else. */
export function referrerHost(address: string): string | null {
  try {
    const url = new URL(address);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

/** What the public lead form sends with a submission (optional: other callers send none). */
export const firstTouchInput = z.object({
  /** The path of the session's first page, e.g. "/about". */
  landingPage: z
    .string()
    .max(PATH_MAX, `landingPage must be at most ${PATH_MAX} characters`)
    .refine((v) => /^\/(?!\/)\S*$/.test(v) && plain(v), 'landingPage must be a path of this site, like /about')
    .optional(),
  /** The referring page's address (http or https), absent when there was none. */
  referrer: z
    .string()
    .max(REFERRER_MAX, `referrer must be at most ${REFERRER_MAX} characters`)
    .refine((v) => v === '' || referrerHost(v) !== null, 'referrer must be an http or https address')
    .optional(),
  utmSource: utm,
  utmMedium: utm,
  utmCampaign: utm,
});
export type FirstTouchInput = z.infer<typeof firstTouchInput>;

/** The first touch as a lead keeps it: the referrer reduced to its host (no paths, no queries kept). */
export interface FirstTouch {
  landingPage: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

/** The stored first touch of a submission; the site's own hosts are no referrer. */
export function firstTouchOf(input: FirstTouchInput | undefined, ownHosts: string[] = []): FirstTouch | null {
  if (!input) return null;
  const own = new Set(ownHosts.map((h) => h.toLowerCase().replace(/^www\./, '')));
  const host = input.referrer ? referrerHost(input.referrer) : null;
  const touch: FirstTouch = {
    landingPage: input.landingPage || null,
    referrerHost: host && !own.has(host) ? host : null,
    utmSource: input.utmSource || null,
    utmMedium: input.utmMedium || null,
    utmCampaign: input.utmCampaign || null,
  };
  return Object.values(touch).some((v) => v !== null) ? touch : null;
}

/**
 * The source a lead is counted under on the dashboard: its utm_source (lower-cased), else the
 * referring host, else "direct"; a lead staff added by hand without a first touch is "added by staff".
 */
export function leadSourceOf(touch: Partial<FirstTouch> | null | undefined, addedBy: 'website' | 'admin' = 'website'): string {
  const utmSource = touch?.utmSource?.trim().toLowerCase();
  if (utmSource) return utmSource;
  if (touch?.referrerHost) return touch.referrerHost;
  return addedBy === 'admin' ? STAFF_SOURCE : DIRECT_SOURCE;
}
