// Site-wide procedures: health of the service and its database, and the public lead form.
import { randomBytes } from 'node:crypto';
import { rateLimit, type RateLimitInfo } from 'express-rate-limit';
import type { Request } from 'express';
import { isDatabaseUp } from '../server/db.ts';
import { tooManyRequests } from '../server/errors.ts';
import { logger } from '../server/logger.ts';
import { createLead } from '../models/leads';
import { HONEYPOT_FIELD, referralSubmission, type ReferralResult } from '../schemas/site.ts';
import { firstTouchOf } from '../schemas/first-touch.ts';
import { healthAnswer, referralAnswer } from '../schemas/api.ts';
import { restRoutes } from './rest.ts';
import { publicProcedure, router } from './trpc.ts';

export const REFERRAL_WINDOW_MS = 10 * 60 * 1000;
/** Lead-form submissions allowed per client address per window: a family sharing a router fits. */
export const REFERRAL_MAX = 5;

// Counted per client address (IPv6 by its /56 network) in this process's memory, before the input is
// read, so malformed floods count too. Answers carry the standard RateLimit headers.
const referralLimiter = rateLimit({
  windowMs: REFERRAL_WINDOW_MS,
  limit: REFERRAL_MAX,
  standardHeaders: 'draft-8',
  legacyHeaders: false,
  handler: (req, _res, next) => {
    const reset = (req as Request & { rateLimit?: RateLimitInfo }).rateLimit?.resetTime?.getTime() ?? Date.now() + REFERRAL_WINDOW_MS;
    const minutes = Math.max(1, Math.ceil((reset - Date.now()) / 60_000));
    next(tooManyRequests(`Too many submissions. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`));
  },
});

const limitReferrals = publicProcedure.use(async ({ ctx, next }) => {
  await new Promise<void>((resolve, reject) => {
    void referralLimiter(ctx.req, ctx.res, (err?: unknown) => (err ? reject(err) : resolve()));
  });
  return next();
});

export const siteRouter = router({
  health: publicProcedure.query(async () => {
    const up = await isDatabaseUp();
    return { status: up ? ('ok' as const) : ('degraded' as const), db: up ? ('up' as const) : ('down' as const) };
  }),

  /**
   * The public lead form. A filled honeypot gets the same answer as a person, so a bot learns
   * nothing, but nothing is stored. A repeat within 24 hours is stored and marked by the model.
   */
  referral: limitReferrals.input(referralSubmission).mutation(async ({ input, ctx }): Promise<ReferralResult> => {
    const { [HONEYPOT_FIELD]: honeypot, attribution, consent, pageUrl, formId, ...lead } = input;
    if (honeypot?.trim()) {
      logger.info({ ip: ctx.ip }, 'lead form honeypot filled: submission dropped');
      return { success: true, leadId: randomBytes(12).toString('hex') };
    }
    // The site's own host is no referrer: a visitor moving between its pages came from nowhere new.
    const firstTouch = firstTouchOf(attribution, [ctx.req.hostname]);
    const created = await createLead({
      ...lead,
      source: 'website',
      ip: ctx.ip,
      firstTouch,
      consent: { given: consent ?? false, pageUrl, formId, userAgent: ctx.req.get('user-agent') },
    });
    return { success: true, leadId: created.id as string };
  }),
});

export const siteRest = restRoutes(siteRouter, [
  {
    method: 'get',
    path: '/api/health',
    summary: 'Service and database health',
    answer: healthAnswer,
    code: { procedure: '`site.health`', model: '`server/db.ts`' },
    handle: async (caller, _req, res) => {
      const health = await caller.health();
      res.status(health.db === 'up' ? 200 : 503).json(health);
    },
  },
  {
    method: 'post',
    path: '/api/referral',
    summary: 'The public lead form',
    body: referralSubmission,
    status: 201,
    answer: referralAnswer,
    code: {
      procedure: '`site.referral`',
      input: '`referralSubmission` (`schemas/site.ts`, its `attribution`: `schemas/first-touch.ts`)',
      model: '`models/leads/lead.ts` `createLead`',
      screen: '`src/pages/public/LeadForm.tsx`',
    },
    handle: (caller, req) => caller.referral(req.body),
  },
]);
