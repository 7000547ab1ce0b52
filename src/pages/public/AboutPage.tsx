// About, titled Meet Our Team (docs/product.md §2): story, three broker bios, approach, call to action.
import { approach, brokers, site, story } from '../../content.ts';
import { Icon } from './icons.tsx';
import { CtaBanner, PageIntro, SectionHeading, initials } from './ui.tsx';

const avatarColors = ['bg-brand-700', 'bg-accent-600', 'bg-brand-500'];

export function AboutPage() {
  return (
    <>
      <PageIntro eyebrow="About us" title="Meet Our Team">
        <p>
          Licensed, independent brokers in {site.location.city}, {site.location.region}, helping individuals and families nationwide choose
          health and life coverage with confidence.
        </p>
      </PageIntro>

      <section aria-labelledby="story-title" className="px-4 py-16 sm:px-6 sm:py-20">
        <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-[1fr_1.4fr] lg:gap-16">
          <SectionHeading id="story-title" center={false} eyebrow="Our story" title="Advice from people, not call scripts" />
          <div className="space-y-5 text-lg leading-relaxed text-slate-600">
            {story.map((p) => (
              <p key={p.slice(0, 24)}>{p}</p>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="team-title" className="bg-slate-50 px-4 py-16 sm:px-6 sm:py-24">
        <div className="mx-auto max-w-6xl">
          <SectionHeading
            id="team-title"
            eyebrow="Our brokers"
            title="The people who will help you"
            intro="Every client works with a dedicated, licensed broker who knows their situation."
          />
          <ul className="mt-14 grid gap-6 md:grid-cols-3">
            {brokers.map((b, i) => (
              <li key={b.email} className="flex flex-col rounded-3xl bg-white p-7 shadow-sm ring-1 ring-slate-200">
                <span
                  aria-hidden="true"
                  className={`flex h-16 w-16 items-center justify-center rounded-2xl text-xl font-bold text-white ${avatarColors[i % avatarColors.length]}`}
                >
                  {initials(b.name)}
                </span>
                <h3 className="mt-5 text-xl font-semibold text-brand-900">{b.name}</h3>
                <p className="mt-1 font-medium text-brand-600">{b.title}</p>
                <p className="mt-4 flex-1 leading-relaxed text-slate-600">{b.bio}</p>
                <a
                  href={`mailto:${b.email}`}
                  className="mt-6 inline-flex items-center gap-2 [overflow-wrap:anywhere] border-t border-slate-100 pt-5 font-medium text-brand-700 hover:text-brand-900"
                >
                  <Icon name="mail" className="h-5 w-5 shrink-0" />
                  {b.email}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="approach-title" className="px-4 py-16 sm:px-6 sm:py-24">
        <div className="mx-auto max-w-6xl">
          <SectionHeading id="approach-title" eyebrow="Our approach" title="How we work with you" />
          <ul className="mt-14 grid gap-8 md:grid-cols-3">
            {approach.map((a) => (
              <li key={a.title} className="text-center">
                <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
                  <Icon name={a.icon} className="h-7 w-7" />
                </span>
                <h3 className="mt-5 text-lg font-semibold text-brand-900">{a.title}</h3>
                <p className="mx-auto mt-2 max-w-xs leading-relaxed text-slate-600">{a.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CtaBanner
        title="Let's find the right plan together"
        text="Tell us how to reach you and one of our brokers will be in touch within 24 hours."
      />
    </>
  );
}
