// The public lead form's submission: the referral fields plus a honeypot that people never see.
import { z } from 'zod';
import { referralInput } from './lead.ts';

/** A hidden form field: a person leaves it empty, form-filling bots tend to fill it. */
export const HONEYPOT_FIELD = 'website';

export const referralSubmission = referralInput.extend({
  [HONEYPOT_FIELD]: z.string().max(2000).optional(),
});
export type ReferralSubmission = z.infer<typeof referralSubmission>;

/** CONTRACT.md: POST /api/referral answers 201 { success: true, leadId }. */
export interface ReferralResult {
  success: true;
  leadId: string;
}

/** The public pages search engines may index (robots.txt, sitemap.xml). */
export const PUBLIC_PAGES = ['/', '/about', '/contact'] as const;
