// The lead form sent without JavaScript (docs/lead-form.md): POST /contact, urlencoded, goes through
// the very procedure POST /api/referral calls (routers/site.ts: its schema, honeypot, rate limit,
// consent and first touch), then answers with a page: 303 to the thank-you page when stored, the Get
// Started page again with the values kept and the reason beside each field when refused, the form's
// Oops text when the server failed. Nothing the visitor typed goes into an address.
import express, { type Request, type RequestHandler, type Response } from 'express';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import type { Config } from '../server/config.ts';
import { logger } from '../server/logger.ts';
import { createContext } from '../routers/trpc.ts';
import { siteRouter } from '../routers/site.ts';
import { isAdminHost } from '../schemas/host-mode.ts';
import { HONEYPOT_FIELD } from '../schemas/public.ts';
import { CONSENT_FORM_ID, CONSENT_PAGE_PATTERN, CONSENT_PAGE_URL_MAX } from '../schemas/consent.ts';
import { firstTouchOfPage } from '../schemas/first-touch-page.ts';
import {
  CONTACT_PATH,
  FORM_ERRORS,
  THANK_YOU_PATH,
  fieldErrorsOf,
  firstBadField,
  type LeadFormState,
  type LeadFormValues,
} from '../schemas/lead-form.ts';
import type { ContactRenderer } from './ssr.ts';

/** As the JSON API's limit; a form of three fields is far below it. */
const parseForm = express.urlencoded({ extended: false, limit: '100kb', parameterLimit: 50 });

/** The origins this site answers as: PUBLIC_URL's and the request's own host. */
const ownHost = (req: Request, config: Config, host: string) => host === req.get('host') || host === new URL(config.publicUrl).host;

/**
 * A submission another site's page made the browser send. POST /api/referral takes JSON only, which
 * no other site can make a browser send without a CORS permission this server never gives; this form
 * takes what any page can send, so it refuses what the browser marks as cross-site (Sec-Fetch-Site),
 * or, from a browser that does not send that header, an Origin of another host.
 */
function crossSite(req: Request, config: Config): boolean {
  const fetchSite = req.get('sec-fetch-site');
  if (fetchSite) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = req.get('origin');
  if (!origin || origin === 'null') return false;
  try {
    return !ownHost(req, config, new URL(origin).host);
  } catch {
    return true;
  }
}

/**
 * The page the form was sent from, as the consent record and the first touch keep it: the Referer
 * of this site's own page (the public pages send it to their own origin only), else the form's page.
 * The first touch is sent only when it names a campaign, as the script does (src/lib/first-touch.ts).
 */
function sentFrom(req: Request, config: Config) {
  let page: URL | null = null;
  try {
    const referer = req.get('referer');
    page = referer ? new URL(referer) : null;
  } catch {
    page = null;
  }
  if (!page || !ownHost(req, config, page.host)) return { pageUrl: CONTACT_PATH, attribution: undefined };
  const path = `${page.pathname}${page.search}`;
  const touch = firstTouchOfPage(page.href, '');
  return {
    pageUrl: path.length <= CONSENT_PAGE_URL_MAX && CONSENT_PAGE_PATTERN.test(path) ? path : CONTACT_PATH,
    attribution: touch.utmSource || touch.utmMedium || touch.utmCampaign ? touch : undefined,
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Mounted in main site mode only; `render` draws the Get Started page in a given state. */
export function contactForm(config: Config, render: ContactRenderer): RequestHandler {
  const answer = async (res: Response, status: number, state: LeadFormState) => {
    const html = await render(state);
    // A page of the visitor's own values: no cache keeps it.
    res.status(status).set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).send(html);
  };

  return async (req, res, next) => {
    if (isAdminHost(req.hostname, config.ADMIN_HOSTS)) return next();
    try {
      if (crossSite(req, config)) {
        logger.info('lead form posted from another site: refused');
        return await answer(res, 403, { message: FORM_ERRORS.other });
      }
      const parsed = await new Promise<unknown>((resolve) => parseForm(req, res, (err?: unknown) => resolve(err)));
      if (parsed) {
        const status = (parsed as { status?: number }).status;
        return await answer(res, typeof status === 'number' && status >= 400 && status < 500 ? status : 400, {
          message: FORM_ERRORS.other,
        });
      }
      const body = (req.body ?? {}) as Record<string, unknown>;
      const values: LeadFormValues = {
        name: text(body.name),
        email: text(body.email),
        phone: text(body.phone),
        consent: text(body.consent) !== '',
      };
      try {
        const caller = siteRouter.createCaller(createContext(config, req, res));
        await caller.referral({
          ...values,
          ...sentFrom(req, config),
          formId: text(body.formId) === CONSENT_FORM_ID ? CONSENT_FORM_ID : undefined,
          [HONEYPOT_FIELD]: text(body[HONEYPOT_FIELD]),
        });
        return res.redirect(303, THANK_YOU_PATH);
      } catch (err) {
        const errors = err instanceof TRPCError && err.cause instanceof ZodError ? fieldErrorsOf(err.cause.issues) : {};
        if (firstBadField(errors)) return await answer(res, 400, { values, errors });
        const status = err instanceof TRPCError ? getHTTPStatusCodeFromError(err) : 500;
        if (status >= 500 && status !== 503) logger.error({ err }, 'lead form submission failed');
        return await answer(res, status, { values, message: FORM_ERRORS.server });
      }
    } catch (err) {
      next(err);
    }
  };
}
