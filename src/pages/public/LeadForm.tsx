// The lead form (docs/product.md §4, §5, §8, docs/lead-form.md): name, email, phone and the optional
// consent box (its wording: schemas/consent.ts). A plain POST form the server handles on its own
// (web/contact-form.ts), so it works before and without JavaScript; once hydrated it checks the fields
// by the server's schema and posts to /api/referral (lead-form-submit.ts).
// idle -> submitting -> success | error; a refused field shows its reason beside it; typing clears
// that field's reason and an Oops; an answer without a success flag leaves everything as it was.
// An island of the public pages (src/entry-public.tsx); `initial` is the state the server rendered.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useClientConfig } from '../../lib/client-config.tsx';
import { HONEYPOT_FIELD } from '../../../schemas/public.ts';
import { CONSENT_FORM_ID, CURRENT_CONSENT, consentText } from '../../../schemas/consent.ts';
import { CONTACT_PATH, firstBadField, type LeadFormErrors, type LeadFormState } from '../../../schemas/lead-form.ts';
import { site } from '../../content.ts';
import { Icon } from './icons.tsx';
import { clearForm, isComplete, loadCheck, readForm, submitReferral } from './lead-form-submit.ts';

type Status = { state: 'idle' } | { state: 'submitting' } | { state: 'success' } | { state: 'error'; message: string };

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

const initialStatus = (initial: LeadFormState): Status =>
  initial.sent ? { state: 'success' } : initial.message ? { state: 'error', message: initial.message } : { state: 'idle' };

export function LeadForm({ initial = {} }: { initial?: LeadFormState }) {
  const { apiBase } = useClientConfig();
  const formRef = useRef<HTMLFormElement>(null);
  // Until hydrated the button stays enabled (the browser's own `required` check and the server guard
  // the form); then it follows what the inputs hold, text typed before the script ran included.
  const [hydrated, setHydrated] = useState(false);
  const [complete, setComplete] = useState(false);
  const [errors, setErrors] = useState<LeadFormErrors>(initial.errors ?? {});
  const [status, setStatus] = useState<Status>(() => initialStatus(initial));
  const [refusals, setRefusals] = useState(0);
  // Fixed ids, not useId: the form is an island (src/entry-public.tsx), a root of its own in the
  // browser but a deep child on the server, so useId would differ. One form per page keeps them unique.
  const id = 'lead';

  useEffect(() => {
    setHydrated(true);
    if (formRef.current) setComplete(isComplete(readForm(formRef.current)));
  }, []);

  // After each refusal the first field with a reason gets focus, so its reason is read out.
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const submitting = status.state === 'submitting';
  const blocked = hydrated && !complete;

  const refuse = (found: LeadFormErrors) => {
    setErrors(found);
    setRefusals((n) => n + 1);
  };

  function onChange(e: React.ChangeEvent<HTMLFormElement>) {
    const field = (e.target as EventTarget as HTMLInputElement).name as keyof LeadFormErrors;
    setComplete(isComplete(readForm(e.currentTarget)));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
    if (status.state === 'error') setStatus({ state: 'idle' });
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const { honeypot, ...values } = readForm(form);
    if (!isComplete(values) || submitting) return;
    const before = status;
    setStatus({ state: 'submitting' });
    const check = await loadCheck();
    const found = check ? check(values) : {};
    if (firstBadField(found)) {
      refuse(found);
      setStatus({ state: 'idle' });
      return;
    }
    const outcome = await submitReferral(apiBase, values, honeypot);
    if (outcome.kind === 'success') {
      clearForm(form);
      setComplete(false);
      setErrors({});
      setStatus({ state: 'success' });
    } else if (outcome.kind === 'fields') {
      refuse(outcome.errors);
      setStatus({ state: 'idle' });
    } else if (outcome.kind === 'error') {
      setStatus({ state: 'error', message: outcome.message });
    } else {
      setStatus(before);
    }
  }

  const input =
    'mt-2 block w-full rounded-xl border bg-white px-4 py-3 text-base text-slate-900 shadow-sm placeholder:text-slate-400 transition-colors focus:border-brand-500 focus:outline-none focus:ring-4 focus:ring-brand-100';

  return (
    <form
      ref={formRef}
      method="post"
      action={CONTACT_PATH}
      // Once hydrated the form checks itself and says why beside the field, instead of the browser's bubble.
      noValidate={hydrated}
      onSubmit={onSubmit}
      onChange={onChange}
      // The check's chunk starts loading as the visitor starts filling in the form.
      onFocus={() => void loadCheck()}
      aria-describedby={`${id}-note`}
      aria-busy={submitting}
    >
      <input type="hidden" name="formId" value={CONSENT_FORM_ID} />
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
            defaultValue={initial.values?.[field.key] ?? ''}
            // Only the page the server rendered after a refusal: the first field with a reason.
            autoFocus={!hydrated && firstBadField(initial.errors ?? {}) === field.key}
            aria-invalid={errors[field.key] ? true : undefined}
            aria-describedby={errors[field.key] ? `${id}-${field.key}-error` : undefined}
            className={`${input} ${errors[field.key] ? 'border-red-600' : 'border-slate-300'}`}
            placeholder={field.placeholder}
          />
          {errors[field.key] && (
            <p id={`${id}-${field.key}-error`} className="mt-2 flex items-start gap-1.5 text-sm font-medium text-red-700">
              <Icon name="alert" className="mt-0.5 h-4 w-4 shrink-0" />
              {errors[field.key]}
            </p>
          )}
        </div>
      ))}

      {/* Optional and unticked: the request is valid without it (schemas/consent.ts). */}
      <div className="mb-5 flex items-start gap-3">
        <input
          id={`${id}-consent`}
          name="consent"
          type="checkbox"
          defaultChecked={initial.values?.consent ?? false}
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
        <input id={`${id}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
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
        disabled={blocked || submitting}
        className={`inline-flex w-full items-center justify-center gap-2 rounded-xl px-6 py-4 text-base font-semibold transition-colors ${
          submitting
            ? 'cursor-wait bg-accent-600 text-white opacity-80'
            : !blocked
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
