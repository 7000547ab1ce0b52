// Get Started (docs/product.md §2): the lead form beside a sidebar with email, location and response time.
// `state`: the form as a page of its own shows it (the thank-you page); else the render's own state.
import { useContext } from 'react';
import type { LeadFormState } from '../../../schemas/lead-form.ts';
import { LeadFormStateContext } from './lead-form-state.ts';
import { site } from '../../content.ts';
import { Icon } from './icons.tsx';
import { LeadForm } from './LeadForm.tsx';
import { Island } from '../../components/Island.tsx';
import { PageIntro } from './ui.tsx';

export function ContactPage({ state }: { state?: LeadFormState }) {
  const rendered = useContext(LeadFormStateContext);
  const initial = state ?? rendered;
  const details = [
    {
      icon: 'mail' as const,
      title: 'Email',
      body: (
        <a
          href={`mailto:${site.emails.general}`}
          className="[overflow-wrap:anywhere] font-medium text-white underline decoration-white/40 underline-offset-4 hover:decoration-white"
        >
          {site.emails.general}
        </a>
      ),
    },
    {
      icon: 'map' as const,
      title: 'Location',
      body: (
        <>
          {site.location.city}, {site.location.region}
          <span className="block text-brand-100">{site.location.served}</span>
        </>
      ),
    },
    {
      icon: 'clock' as const,
      title: 'Response time',
      body: (
        <>
          {site.response.time}
          <span className="block text-brand-100">{site.response.days}</span>
        </>
      ),
    },
  ];

  return (
    <>
      <PageIntro eyebrow="Free consultation" title="Get Started">
        <p>
          Tell us how to reach you. A licensed broker will contact you {site.response.time.toLowerCase()} to talk through your options, at
          no cost and with no obligation.
        </p>
      </PageIntro>

      <section aria-label="Contact form and details" className="px-4 pb-20 sm:px-6 sm:pb-28">
        <div className="mx-auto grid max-w-5xl gap-8 lg:grid-cols-[1.5fr_1fr]">
          <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-xl shadow-brand-900/5 sm:p-10">
            <h2 className="text-2xl font-bold tracking-tight text-brand-900">Request your free consultation</h2>
            <p className="mb-8 mt-2 text-slate-600">All three fields are required.</p>
            <Island name="lead-form" props={initial}>
              <LeadForm initial={initial} />
            </Island>
          </div>

          <aside aria-labelledby="direct-title" className="relative overflow-hidden rounded-3xl bg-brand-900 p-6 text-white sm:p-10">
            <div
              aria-hidden="true"
              className="absolute -right-16 -top-16 h-48 w-48 rounded-full bg-radial from-brand-600/40 to-transparent to-70%"
            />
            <h2 id="direct-title" className="relative text-xl font-bold">
              Prefer to reach us directly?
            </h2>
            <ul className="relative mt-8 space-y-7">
              {details.map((d) => (
                <li key={d.title} className="flex gap-4">
                  <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-white/10">
                    <Icon name={d.icon} />
                  </span>
                  <div className="min-w-0">
                    <h3 className="text-sm font-semibold uppercase tracking-wider text-brand-100">{d.title}</h3>
                    <div className="mt-1 text-base sm:text-[1.05rem]">{d.body}</div>
                  </div>
                </li>
              ))}
            </ul>
            <p className="relative mt-10 flex items-center gap-2 border-t border-white/15 pt-6 text-sm text-brand-100">
              <Icon name="shield" className="h-5 w-5 shrink-0" />
              Licensed in all 50 states. Your details stay private.
            </p>
          </aside>
        </div>
      </section>
    </>
  );
}
