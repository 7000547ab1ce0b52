// The dashboard's newest unclaimed lead, one tap from its record: the quickest way from opening the
// console to claiming the lead that just came in and logging the call (docs/product.md §10). A person
// who asked not to be contacted shows the warning in place of the call link, as in the lead list.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTRPC } from '../../../lib/trpc.ts';
import { telHref } from '../../../lib/phone.ts';
import { PhoneText } from '../../../components/PhoneText.tsx';
import { DoNotContactBadge, NoCallWarning } from '../../../components/DoNotContact.tsx';
import { leadListHref, leadRecordHref } from '../../../lib/lead-links.ts';
import { fullTime, relativeTo } from '../../../lib/when.ts';

/** `ask` false holds the request back: the dashboard asks once its cards have their figures. */
export function NewestUnclaimed({ adminHost, ask = true }: { adminHost: boolean; ask?: boolean }) {
  const trpc = useTRPC();
  // The Unclaimed tab's first page, newest first (the list's default order): its first lead is the newest.
  const page = useQuery(trpc.leads.page.queryOptions({ tab: 'unclaimed', page: 0 }, { refetchInterval: 30_000, enabled: ask }));
  const newest = page.data?.leads[0];
  if (!newest) return null;
  return (
    <section
      aria-labelledby="newest-unclaimed"
      className="flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <h2 id="newest-unclaimed" className="text-sm font-semibold uppercase tracking-wide text-amber-900">
          Newest unclaimed lead
        </h2>
        <p className="flex flex-wrap items-center gap-x-3 text-slate-900">
          <Link
            to={leadRecordHref(adminHost, newest.leadId)}
            className="inline-flex min-h-11 items-center text-lg font-semibold text-brand-800 underline underline-offset-2"
          >
            {newest.name}
          </Link>
          <DoNotContactBadge mark={newest.doNotContact} />
          {/* A person who asked not to be contacted gets the warning, never a call link (the lead list's rule). */}
          {newest.doNotContact ? (
            <NoCallWarning phone={<PhoneText phone={newest.phone} />} />
          ) : (
            <a href={telHref(newest.phone)} className="inline-flex min-h-11 items-center text-sm hover:underline">
              <PhoneText phone={newest.phone} />
            </a>
          )}
          <time className="text-sm text-slate-700" dateTime={newest.createdAt.toISOString()} title={fullTime(newest.createdAt)}>
            {relativeTo(newest.createdAt, Date.now())}
          </time>
        </p>
      </div>
      <Link
        to={leadListHref(adminHost, { tab: 'unclaimed' })}
        className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 hover:underline"
      >
        All unclaimed leads ({page.data?.total ?? 0})
      </Link>
    </section>
  );
}
