// The public signing page (docs/compliance.md): GET /sign/:token shows the text in English or Spanish with a
// typed-name signature; POST signs once and answers a printable confirmation. Plain server-rendered HTML
// and a form POST, so it works without JavaScript; the token in the path is the only thing that names the person.
import express, { type ErrorRequestHandler, type Express, type Request, type Response } from 'express';
import type { Config } from '../server/config.ts';
import { logger } from '../server/logger.ts';
import { site } from '../schemas/brokerage.ts';
import { COMPLIANCE_TYPE_LABELS, LANGUAGES, signForm, type Language } from '../schemas/compliance.ts';
import { esc, openSignRequest, pageHtml, recordBody, signRequest, textForRequest } from '../models/compliance';
import { sendComplianceMail, signedCopyMessage } from '../notify/compliance-mail.ts';

/** A signature form is a few hundred bytes; anything much larger is refused before parsing. */
const FORM_LIMIT = '4kb';

const WORDS = {
  en: {
    other: 'Español',
    intro: `${site.name} asks you to read and sign this form.`,
    name: 'Type your full name to sign',
    agree: 'I have read the text above and I agree to sign it electronically.',
    sign: 'Sign',
    signed: 'Signed. Thank you.',
    used: 'This link was already used.',
    usedMore: 'The form was signed. Ask your agent if you need a new link.',
    expired: 'This link has expired.',
    expiredMore: 'Ask your agent for a new link.',
    notFound: 'This link is not valid.',
    stale: 'The text changed while you were reading it. Please read it again and sign.',
    refused: 'The form could not be read. Please try again.',
  },
  es: {
    other: 'English',
    intro: `${site.name} le pide leer y firmar este formulario.`,
    name: 'Escriba su nombre completo para firmar',
    agree: 'He leído el texto anterior y acepto firmarlo electrónicamente.',
    sign: 'Firmar',
    signed: 'Firmado. Gracias.',
    used: 'Este enlace ya fue usado.',
    usedMore: 'El formulario ya fue firmado. Pida a su agente un enlace nuevo si lo necesita.',
    expired: 'Este enlace ha vencido.',
    expiredMore: 'Pida a su agente un enlace nuevo.',
    notFound: 'Este enlace no es válido.',
    stale: 'El texto cambió mientras lo leía. Léalo de nuevo y firme.',
    refused: 'No se pudo leer el formulario. Inténtelo de nuevo.',
  },
} as const;

const langOf = (v: unknown, fallback: Language): Language => (LANGUAGES.includes(v as Language) ? (v as Language) : fallback);

function send(res: Response, status: number, title: string, body: string, lang: Language) {
  res
    .status(status)
    .set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' })
    .type('html')
    .send(pageHtml(title, body, lang));
}

const notice = (res: Response, status: number, lang: Language, head: string, more = '') =>
  send(res, status, head, `<h1>${esc(head)}</h1>${more ? `<p>${esc(more)}</p>` : ''}`, lang);

/** The form: the text, a link to the other language (same path, ?lang=), the name and the consent box. */
async function showForm(res: Response, token: string, asked: unknown, status = 200, error = '', typed = '') {
  const opened = await openSignRequest(token);
  // The language asked for (?lang= or the form's), else the one the agent chose for the person.
  const lang = langOf(asked, opened.state === 'unknown' ? 'en' : opened.request.language);
  if (opened.state === 'unknown') return notice(res, 404, lang, WORDS[lang].notFound);
  if (opened.state === 'used') return notice(res, 410, lang, WORDS[lang].used, WORDS[lang].usedMore);
  if (opened.state === 'expired') return notice(res, 410, lang, WORDS[lang].expired, WORDS[lang].expiredMore);
  const w = WORDS[lang];
  const other: Language = lang === 'en' ? 'es' : 'en';
  const { version, text } = await textForRequest(opened.request, lang);
  const action = `/sign/${encodeURIComponent(token)}`;
  const body = `<a class="lang" href="${action}?lang=${other}" hreflang="${other}" lang="${other}">${esc(w.other)}</a>
<h1>${esc(COMPLIANCE_TYPE_LABELS[opened.request.type])}</h1><p>${esc(w.intro)}</p>
<div class="text" data-testid="sign-text">${esc(text)}</div>
<form method="post" action="${action}">
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<input type="hidden" name="lang" value="${lang}"><input type="hidden" name="version" value="${version}">
<label for="name">${esc(w.name)}</label><input type="text" id="name" name="name" autocomplete="name" maxlength="120" required value="${esc(typed)}">
<label class="check"><input type="checkbox" name="consent" value="yes" required> <span>${esc(w.agree)}</span></label>
<button type="submit">${esc(w.sign)}</button></form>`;
  send(res, status, COMPLIANCE_TYPE_LABELS[opened.request.type], body, lang);
}

async function handleSign(config: Config, req: Request, res: Response) {
  const token = String(req.params.token);
  const raw = (req.body ?? {}) as Record<string, unknown>;
  const lang = langOf(raw.lang, 'en');
  const parsed = signForm.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0]?.path[0];
    const message = first === 'consent' ? (lang === 'es' ? 'Marque la casilla para aceptar.' : 'Tick the box to agree.') : WORDS[lang].name;
    return showForm(res, token, lang, 400, message, typeof raw.name === 'string' ? raw.name.slice(0, 120) : '');
  }
  const f = parsed.data;
  const done = await signRequest(token, {
    name: f.name,
    language: f.lang,
    version: f.version,
    ip: req.ip ?? req.socket.remoteAddress ?? '',
    userAgent: req.get('user-agent') ?? '',
  });
  if (done.state === 'unknown') return notice(res, 404, lang, WORDS[lang].notFound);
  if (done.state === 'used') return notice(res, 410, lang, WORDS[lang].used, WORDS[lang].usedMore);
  if (done.state === 'expired') return notice(res, 410, lang, WORDS[lang].expired, WORDS[lang].expiredMore);
  if (done.state !== 'signed') return showForm(res, token, lang, 409, WORDS[lang].stale, f.name);
  // A copy by email when mail is on; the page itself is the printable copy.
  void sendComplianceMail(config, done.email, signedCopyMessage(done.record));
  send(
    res,
    200,
    WORDS[lang].signed,
    `<p role="status"><strong>${esc(WORDS[lang].signed)}</strong></p>${recordBody(done.record, lang)}`,
    lang,
  );
}

/** Mounts GET and POST /sign/:token with a small form parser of their own and HTML error pages. */
export function mountSignPage(app: Express, config: Config): void {
  const wrap = (fn: (req: Request, res: Response) => Promise<void>) => (req: Request, res: Response, next: (e?: unknown) => void) =>
    fn(req, res).catch(next);
  app.get(
    '/sign/:token',
    wrap((req, res) => showForm(res, String(req.params.token), req.query.lang)),
  );
  app.post(
    '/sign/:token',
    (req, res, next) => {
      if (!req.is('application/x-www-form-urlencoded')) return notice(res, 415, 'en', WORDS.en.refused);
      next();
    },
    express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 10 }),
    wrap((req, res) => handleSign(config, req, res)),
  );
  app.use('/sign', signErrorPage);
}

/** A refused body (too large, malformed) or a failure: a plain page with a fitting status, never a stack. */
const signErrorPage: ErrorRequestHandler = (err, _req, res, _next) => {
  if (res.headersSent) return;
  const status = typeof (err as { status?: unknown }).status === 'number' ? (err as { status: number }).status : 500;
  if (status >= 500) logger.error({ err }, 'signing page failed');
  notice(res, status >= 400 && status < 600 ? status : 500, 'en', WORDS.en.refused);
};
