// Privacy (GET /privacy, docs/product.md §2): what is collected and why, how long it is kept, the consent and
// texting terms, how to ask for a copy or erasure, and the geolocation data's attribution. Copy in
// src/privacy-content.ts; the consent wording itself comes from schemas/consent.ts.
import { site } from '../../content.ts';
import { privacy } from '../../privacy-content.ts';
import { consentText } from '../../../schemas/consent.ts';
import { GEO_ATTRIBUTION } from '../../../schemas/geo-attribution.ts';
import { PageIntro } from './ui.tsx';
import type { ReactNode } from 'react';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-12">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-brand-900">
        {title}
      </h2>
      <div className="mt-4 space-y-4 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

export function PrivacyPage() {
  return (
    <>
      <PageIntro eyebrow="Privacy" title="Privacy policy">
        <p>{privacy.intro}</p>
      </PageIntro>
      <div className="mx-auto max-w-3xl px-4 pb-20 sm:px-6">
        <p className="text-sm text-slate-600">
          {site.legalName}. Last updated {privacy.updated}.
        </p>
        <Part id="privacy-collected" title="What we collect">
          <ul className="space-y-3">
            {privacy.collected.map((c) => (
              <li key={c.title}>
                <strong className="font-semibold text-brand-900">{c.title}.</strong> {c.text}
              </li>
            ))}
          </ul>
        </Part>
        <Part id="privacy-why" title="Why we collect it">
          <ul className="list-disc space-y-2 pl-5">
            {privacy.why.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </Part>
        <Part id="privacy-retention" title="How long we keep it">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  What
                </th>
                <th scope="col" className="py-2 font-semibold">
                  How long
                </th>
              </tr>
            </thead>
            <tbody>
              {privacy.retention.map((r) => (
                <tr key={r.what} className="border-b border-slate-100 align-top">
                  <td className="py-2 pr-4">{r.what}</td>
                  <td className="py-2">{r.howLong}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Part>
        <Part id="privacy-texts" title="Calls and texts">
          <p>The box on our contact form reads:</p>
          <blockquote className="border-l-4 border-brand-200 pl-4 italic">{consentText(site.name)}</blockquote>
          <ul className="list-disc space-y-2 pl-5">
            {privacy.texting.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </Part>
        <Part id="privacy-requests" title="A copy of your data, or its erasure">
          <p>{privacy.requests}</p>
          <p>
            Write to{' '}
            <a href={`mailto:${site.emails.privacy}`} className="font-medium text-brand-700 underline">
              {site.emails.privacy}
            </a>
            .
          </p>
        </Part>
        <Part id="privacy-sources" title="Data from others">
          <p>
            {GEO_ATTRIBUTION.text}{' '}
            <a href={GEO_ATTRIBUTION.url} className="font-medium text-brand-700 underline">
              MaxMind
            </a>
          </p>
        </Part>
      </div>
    </>
  );
}
