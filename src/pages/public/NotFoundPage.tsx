// The page of an unknown path; the server answers it with status 404.
import { Backdrop, ButtonLink } from './ui.tsx';

export function NotFoundPage() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white px-4 pb-24 pt-36 text-center sm:pt-44">
      <Backdrop />
      <div className="relative mx-auto max-w-xl">
        <p className="text-sm font-semibold uppercase tracking-[0.14em] text-brand-600">Error 404</p>
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">Page not found</h1>
        <p className="mt-5 text-lg leading-relaxed text-slate-600">The page you are looking for does not exist or has moved.</p>
        {/* Also shown on admin hosts, where "/" is the console's home: link nowhere else. */}
        <div className="mt-9 flex justify-center">
          <ButtonLink to="/">Back to the home page</ButtonLink>
        </div>
      </div>
    </section>
  );
}
