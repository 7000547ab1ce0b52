// The lead form (docs/product.md §4, §5, §8): name, email, phone and the optional consent box (its
// wording: schemas/consent.ts), posted to /api/referral with the page it was sent from and the
// session's first touch (src/lib/first-touch.ts).
// idle -> submitting -> success | error; typing after an error clears it; an answer without a
// success flag leaves everything as it was. An island of the public pages (src/entry-public.tsx).
import { useState, type FormEvent } from 'react';
import { useClientConfig } from '../../lib/client-config.tsx';
import { readFirstTouch } from '../../lib/first-touch.ts';
import { HONEYPOT_FIELD } from '../../../schemas/public.ts';
import { CONSENT_FORM_ID, CONSENT_PAGE_PATTERN, CONSENT_PAGE_URL_MAX, CURRENT_CONSENT, consentText } from '../../../schemas/consent.ts';
import { site } from '../../content.ts';
import { Icon } from './icons.tsx';

export const FORM_ERRORS = {
  server: 'Server error. Please try again.',
  network: 'Network error. Please check your connection and try again.',
  other: 'Something went wrong. Please try again later.',
} as const;

type Fields = { name: string; email: string; phone: string; consent: boolean };
type Status = { state: 'idle' } | { state: 'submitting' } | { state: 'success' } | { state: 'error'; message: string };
type Outcome = { kind: 'success' } | { kind: 'no-success-flag' } | { kind: 'error'; message: string };

const empty: Fields = { name: '', email: '', phone: '', consent: false };

/** The page the form is on, as the consent record keeps it ("/contact"), or undefined when it is no plain path. */
function currentPage(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const page = `${window.location.pathname}${window.location.search}`;
  return page.length <= CONSENT_PAGE_URL_MAX && CONSENT_PAGE_PATTERN.test(page) ? page : undefined;
}

/** The form's three inputs, in order: email and tel types bring the right phone keyboards (docs/product.md §5). */
const FIELDS: {
  key: 'name' | 'email' | 'phone';
  label: string;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  placeholder: string;
}[] = [
  { key: 'name', label: 'Full name', type: 'text', autoComplete: 'name', placeholder: 'Jane Doe' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email', placeholder: 'jane@example.com' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', placeholder: '(303) 555-0123' },
];

export async function submitReferral(apiBase: string, fields: Fields, honeypot: string): Promise<Outcome> {
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
  if (!res.ok) return { kind: 'error', message: FORM_ERRORS.server };
  try {
    const body: unknown = await res.json();
    return (body as { success?: unknown } | null)?.success ? { kind: 'success' } : { kind: 'no-success-flag' };
  } catch {
    return { kind: 'error', message: FORM_ERRORS.other };
  }
}

export function LeadForm() {
  const { apiBase } = useClientConfig();
  const [fields, setFields] = useState<Fields>(empty);
  const [honeypot, setHoneypot] = useState('');
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  // Fixed ids, not useId: the form is an island (src/entry-public.tsx), a root of its own in the
  // browser but a deep child on the server, so useId would differ. One form per page keeps them unique.
  const id = 'lead';

  const complete = fields.name.trim() !== '' && fields.email.trim() !== '' && fields.phone.trim() !== '';
  const submitting = status.state === 'submitting';

  const change = (key: keyof Fields) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = key === 'consent' ? e.target.checked : e.target.value;
    setFields((f) => ({ ...f, [key]: value }));
    if (status.state === 'error') setStatus({ state: 'idle' });
  };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!complete || submitting) return;
    const before = status;
    setStatus({ state: 'submitting' });
    const outcome = await submitReferral(apiBase, fields, honeypot);
    if (outcome.kind === 'success') {
      setFields(empty);
      setStatus({ state: 'success' });
    } else if (outcome.kind === 'error') {
      setStatus({ state: 'error', message: outcome.message });
    } else {
      setStatus(before);
    }
  }

  const input =
    'mt-2 block w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 shadow-sm placeholder:text-slate-400 transition-colors focus:border-brand-500 focus:outline-none focus:ring-4 focus:ring-brand-100';

  return (
    <form onSubmit={onSubmit} aria-describedby={`${id}-note`} aria-busy={submitting}>
      {FIELDS.map((field) => (
        <div key={field.key} className="mb-5">
          <label htmlFor={`${id}-${field.key}`} className="block text-sm font-semibold text-slate-800">
            {field.label}
          </label>
          <input
            id={`${id}-${field.key}`}
            name={field.key}
            type={field.type}
            autoComplete={field.autoComplete}
            inputMode={field.type === 'email' ? 'email' : undefined}
            required
            value={fields[field.key]}
            onChange={change(field.key)}
            className={input}
            placeholder={field.placeholder}
          />
        </div>
      ))}

      {/* Optional and unticked: the request is valid without it (schemas/consent.ts). */}
      <div className="mb-5 flex items-start gap-3">
        <input
          id={`${id}-consent`}
          name="consent"
          type="checkbox"
          checked={fields.consent}
          onChange={change('consent')}
          className="mt-1 h-5 w-5 shrink-0 rounded border-slate-300 text-brand-600 focus:ring-4 focus:ring-brand-100"
        />
        <p className="text-sm leading-relaxed text-slate-600">
          <label htmlFor={`${id}-consent`}>{consentText(site.name)}</label>{' '}
          <a href="/privacy" className="font-medium text-brand-700 underline">
            {CURRENT_CONSENT.linkLabel}
          </a>
        </p>
      </div>

      {/* Honeypot: off screen and out of the tab order; people never fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input
          id={`${id}-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={honeypot}
          onChange={(e) => setHoneypot(e.target.value)}
        />
      </div>

      {/* Both regions stay in the page so screen readers announce what appears in them. */}
      <div role="status" aria-atomic="true">
        {status.state === 'success' && (
          <div className="mb-5 flex gap-3 rounded-xl border border-accent-600/30 bg-[#ecf8f4] p-4 text-slate-800">
            <Icon name="success" className="h-6 w-6 shrink-0 text-accent-600" />
            <p>
              <strong className="block font-semibold text-brand-900">Thank You!</strong>
              We received your information. A licensed broker will contact you {site.response.time.toLowerCase()}.
            </p>
          </div>
        )}
      </div>
      <div role="alert" aria-atomic="true">
        {status.state === 'error' && (
          <div className="mb-5 flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
            <Icon name="alert" className="h-6 w-6 shrink-0 text-red-700" />
            <p>
              <strong className="block font-semibold">Oops!</strong> {status.message}
            </p>
          </div>
        )}
      </div>

      <button
        type="submit"
        disabled={!complete || submitting}
        className={`inline-flex w-full items-center justify-center gap-2 rounded-xl px-6 py-4 text-base font-semibold transition-colors ${
          submitting
            ? 'cursor-wait bg-accent-600 text-white opacity-80'
            : complete
              ? 'bg-accent-600 text-white shadow-lg shadow-accent-600/20 hover:bg-[#0b6b53]'
              : 'cursor-not-allowed bg-slate-200 text-slate-500'
        }`}
      >
        {submitting && <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden="true" />}
        {submitting ? 'Submitting...' : 'Get My Free Consultation'}
      </button>
      <p id={`${id}-note`} className="mt-4 text-center text-sm text-slate-600">
        No cost, no obligation. We reply {site.response.time.toLowerCase()}, {site.response.days}.
      </p>
    </form>
  );
}
