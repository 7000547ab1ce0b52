// Home (docs/product.md §2): hero with both calls to action, trust numbers, services, process,
// why-choose, testimonial and the closing call to action.
import { brokers, processSteps, reasons, services, site, testimonial, trustNumbers } from '../../content.ts';
import { Icon } from './icons.tsx';
import { Backdrop, ButtonLink, CtaBanner, SectionHeading, initials } from './ui.tsx';

export function HomePage() {
  return (
    <>
      <Hero />
      <TrustNumbers />
      <Services />
      <Process />
      <WhyChoose />
      <Testimonial />
      <CtaBanner
        title="Ready to find coverage that fits?"
        text={`Share your name, email and phone. A licensed broker will reply ${site.response.time.toLowerCase()}, ${site.response.days}.`}
      />
    </>
  );
}

function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white pb-24 pt-32 sm:pt-40"
    >
      <Backdrop />
      <div className="relative mx-auto grid max-w-6xl items-center gap-14 px-4 sm:px-6 lg:grid-cols-[1.15fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white px-3.5 py-1.5 text-sm font-medium text-brand-700 shadow-sm">
            <Icon name="shield" className="h-4 w-4 text-accent-600" />
            Licensed in all 50 states
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-extrabold leading-[1.1] tracking-tight text-brand-900 sm:text-5xl lg:text-6xl">
            Health and life insurance, <span className="text-brand-600">explained by people who care.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-600 sm:text-xl">
            We compare plans from leading carriers and help you choose coverage that protects your health, your family and your budget, at
            no cost to you.
          </p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/contact" arrow>
              Get Your Free Consultation
            </ButtonLink>
            <ButtonLink to="/about" variant="secondary">
              Meet Our Team
            </ButtonLink>
          </div>
          <p className="mt-6 flex items-center gap-2 text-sm text-slate-600">
            <Icon name="clock" className="h-4 w-4 text-brand-600" />
            Replies {site.response.time.toLowerCase()}, {site.response.days}
          </p>
        </div>
        <PlanPreview />
      </div>
    </section>
  );
}

/** A decorative card suggesting the plan summary a client receives. */
function PlanPreview() {
  const broker = brokers[1];
  const rows = [
    { icon: 'heart' as const, title: 'Family health plan', detail: 'PPO · your doctors stay in network' },
    { icon: 'shield' as const, title: 'Term life policy', detail: '20-year term · income protection' },
    { icon: 'support' as const, title: 'Ongoing support', detail: 'Renewals and claims help included' },
  ];
  return (
    <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-md sm:block lg:mx-0 lg:justify-self-end">
      <div className="absolute -inset-4 rotate-3 rounded-[2rem] bg-gradient-to-br from-brand-100 to-accent-500/20" />
      <div className="relative rounded-3xl border border-slate-100 bg-white p-6 shadow-2xl shadow-brand-900/10 sm:p-8">
        <div className="flex items-center justify-between">
          <p className="font-semibold text-brand-900">Your coverage plan</p>
          <span className="whitespace-nowrap rounded-full bg-accent-600/10 px-3 py-1 text-xs font-semibold text-[#0b6b53]">
            Ready to review
          </span>
        </div>
        <ul className="mt-6 space-y-4">
          {rows.map((r) => (
            <li key={r.title} className="flex items-start gap-4 rounded-2xl bg-slate-50 p-4">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-white text-brand-600 shadow-sm">
                <Icon name={r.icon} className="h-5 w-5" />
              </span>
              <span>
                <span className="block font-semibold text-slate-800">{r.title}</span>
                <span className="block text-sm text-slate-600">{r.detail}</span>
              </span>
              <Icon name="check" className="ml-auto h-5 w-5 shrink-0 text-accent-600" />
            </li>
          ))}
        </ul>
        <div className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-5">
          <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
            {initials(broker.name)}
          </span>
          <span className="text-sm">
            <span className="block font-semibold text-slate-800">{broker.name}</span>
            <span className="block text-slate-600">Your licensed broker</span>
          </span>
        </div>
      </div>
    </div>
  );
}

function TrustNumbers() {
  return (
    <section aria-label="Why clients trust us" className="relative z-10 -mt-12 px-4 sm:px-6">
      <dl className="mx-auto grid max-w-5xl grid-cols-1 divide-y divide-slate-100 rounded-3xl border border-slate-100 bg-white shadow-xl shadow-brand-900/5 sm:grid-cols-3 sm:divide-x sm:divide-y-0">
        {trustNumbers.map((n) => (
          <div key={n.label} className="flex flex-col items-center px-6 py-7 text-center">
            <dt className="order-2 mt-1 text-sm font-medium uppercase tracking-wider text-slate-600">{n.label}</dt>
            <dd className="order-1 text-4xl font-extrabold tracking-tight text-brand-700 sm:text-5xl">{n.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Services() {
  return (
    <section aria-labelledby="services-title" className="px-4 py-20 sm:px-6 sm:py-28">
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="services-title"
          eyebrow="What we do"
          title="Coverage for every stage of life"
          intro="From your first individual plan to protecting a growing family, we help you choose with confidence."
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {services.map((s) => (
            <li
              key={s.title}
              className="group rounded-2xl border border-slate-200 bg-white p-7 transition-shadow hover:shadow-lg hover:shadow-brand-900/5"
            >
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600 transition-colors group-hover:bg-brand-600 group-hover:text-white">
                <Icon name={s.icon} />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-brand-900">{s.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-600">{s.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Process() {
  return (
    <section aria-labelledby="process-title" className="bg-slate-50 px-4 py-20 sm:px-6 sm:py-28">
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="process-title"
          eyebrow="How it works"
          title="A simple, four-step process"
          intro="Clear steps, one dedicated broker, and no surprises along the way."
        />
        <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {processSteps.map((step, i) => (
            <li key={step.title} className="relative rounded-2xl bg-white p-7 shadow-sm ring-1 ring-slate-200">
              <span
                className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <h3 className="mt-5 text-lg font-semibold text-brand-900">
                <span className="sr-only">Step {i + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 leading-relaxed text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function WhyChoose() {
  return (
    <section aria-labelledby="why-title" className="px-4 py-20 sm:px-6 sm:py-28">
      <div className="mx-auto grid max-w-6xl items-start gap-12 lg:grid-cols-[1fr_1.3fr]">
        <div className="lg:sticky lg:top-28">
          <SectionHeading
            id="why-title"
            center={false}
            eyebrow={`Why choose ${site.name}`}
            title="Independent advice you can trust"
            intro="Insurance is personal. We take the time to understand yours and stay by your side long after you enroll."
          />
          <div className="mt-8">
            <ButtonLink to="/contact" arrow>
              Talk to a broker
            </ButtonLink>
          </div>
        </div>
        <ul className="grid gap-5 sm:grid-cols-2">
          {reasons.map((r) => (
            <li key={r.title} className="rounded-2xl border border-slate-200 p-6">
              <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-accent-600/10 text-accent-600">
                <Icon name={r.icon} />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-brand-900">{r.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-600">{r.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Testimonial() {
  return (
    <section aria-labelledby="testimonial-title" className="bg-brand-50 px-4 py-20 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-4xl text-center">
        <h2 id="testimonial-title" className="text-sm font-semibold uppercase tracking-[0.14em] text-brand-600">
          What our clients say
        </h2>
        <figure className="mt-8">
          <div className="flex justify-center gap-1 text-amber-500" role="img" aria-label="Rated 5 out of 5">
            {[0, 1, 2, 3, 4].map((i) => (
              <Icon key={i} name="star" className="h-5 w-5" fill="currentColor" strokeWidth={1} />
            ))}
          </div>
          <blockquote className="mt-6 text-xl font-medium leading-relaxed text-brand-900 sm:text-2xl">
            <p>“{testimonial.quote}”</p>
          </blockquote>
          <figcaption className="mt-8">
            <span className="block font-semibold text-brand-900">{testimonial.name}</span>
            <span className="block text-slate-600">{testimonial.detail}</span>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
