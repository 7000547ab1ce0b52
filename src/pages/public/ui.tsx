// Building blocks shared by the public pages: buttons, section headings, page intros and the
// closing call to action, so every page keeps the same type scale and spacing.
import type { ReactNode } from 'react';
import { Icon } from './icons.tsx';

const buttonBase =
  'inline-flex items-center justify-center gap-2 rounded-xl px-6 py-3.5 text-base font-semibold transition-colors focus-visible:outline-offset-4';

export const buttonStyles = {
  primary: `${buttonBase} bg-accent-600 text-white shadow-lg shadow-accent-600/20 hover:bg-[#0b6b53]`,
  secondary: `${buttonBase} border border-slate-300 bg-white text-brand-900 hover:border-brand-500 hover:text-brand-700`,
  light: `${buttonBase} bg-white text-brand-900 shadow-lg shadow-black/10 hover:bg-brand-50`,
  outlineLight: `${buttonBase} border border-white/40 text-white hover:bg-white/10`,
};

export function ButtonLink({
  to,
  variant = 'primary',
  arrow = false,
  children,
}: {
  to: string;
  variant?: keyof typeof buttonStyles;
  arrow?: boolean;
  children: ReactNode;
}) {
  return (
    <a href={to} className={buttonStyles[variant]}>
      {children}
      {arrow && <Icon name="arrow" className="h-5 w-5" />}
    </a>
  );
}

export function Eyebrow({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <p className={`text-sm font-semibold uppercase tracking-[0.14em] text-brand-600 ${className}`}>{children}</p>;
}

export function SectionHeading({
  eyebrow,
  title,
  intro,
  id,
  center = true,
}: {
  eyebrow: string;
  title: string;
  intro?: string;
  id?: string;
  center?: boolean;
}) {
  return (
    <div className={center ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      <Eyebrow>{eyebrow}</Eyebrow>
      <h2 id={id} className="mt-3 text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">
        {title}
      </h2>
      {intro && <p className="mt-4 text-lg leading-relaxed text-slate-600">{intro}</p>}
    </div>
  );
}

/** The intro band at the top of About and Get Started. */
export function PageIntro({ eyebrow, title, children }: { eyebrow: string; title: string; children: ReactNode }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white pb-14 pt-32 sm:pb-20 sm:pt-40">
      <Backdrop />
      <div className="relative mx-auto max-w-3xl px-4 text-center sm:px-6">
        <Eyebrow>{eyebrow}</Eyebrow>
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">{title}</h1>
        <div className="mt-5 text-lg leading-relaxed text-slate-600 sm:text-xl">{children}</div>
      </div>
    </section>
  );
}

/** Soft decorative circles behind a light band (radial gradients: a blur filter is a costly paint on phones). */
export function Backdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
      <div className="absolute -right-32 -top-32 h-96 w-96 rounded-full bg-radial from-brand-100/70 to-transparent to-70%" />
      <div className="absolute -left-24 top-40 h-72 w-72 rounded-full bg-radial from-accent-500/10 to-transparent to-70%" />
    </div>
  );
}

/** The closing call to action of Home and About: always leads to the lead form. */
export function CtaBanner({ title, text }: { title: string; text: string }) {
  return (
    <section aria-labelledby="cta-title" className="px-4 py-16 sm:px-6 sm:py-24">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-brand-900 px-6 py-12 text-center shadow-xl sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="absolute -right-20 -top-20 h-64 w-64 rounded-full bg-radial from-brand-600/40 to-transparent to-70%"
        />
        <div
          aria-hidden="true"
          className="absolute -bottom-24 -left-16 h-64 w-64 rounded-full bg-radial from-accent-600/30 to-transparent to-70%"
        />
        <div className="relative">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
            {title}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-brand-100">{text}</p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <ButtonLink to="/contact" variant="light" arrow>
              Get Your Free Consultation
            </ButtonLink>
          </div>
        </div>
      </div>
    </section>
  );
}

/** "Ben Whitaker" -> "BW", for avatar badges. */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((p) => p[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
