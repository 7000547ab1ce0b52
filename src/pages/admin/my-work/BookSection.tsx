// My work's book of business: a tile per list (renewals in 7/30/60 days, Medicare age-ins, and the
// enrollment season reviews while they are open) with its count, each a link (`?list=`) to the list
// behind it; each row links to the customer's card.
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { adminPath } from '../../../../schemas/host-mode.ts';
import { todayIn } from '../../../../schemas/book-windows.ts';
import { ListNotice } from '../../../components/ui.tsx';
import { bookLists } from './book-lists.ts';

const day = (d: string) =>
  new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

export function BookSection({ agent, now, adminHost }: { agent: string | null; now: number; adminHost: boolean }) {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const book = useQuery(trpc.policies.book.queryOptions({ agent: agent ?? undefined }));
  const chosen = params.get('list');
  const linkTo = (key: string | null) => {
    const next = new URLSearchParams(params);
    if (key) next.set('list', key);
    else next.delete('list');
    return { search: next.toString() };
  };

  if (book.isPending)
    return <div aria-busy="true" aria-label="Loading the book of business" className="h-24 animate-pulse rounded-xl bg-slate-200" />;
  if (book.isError) return <ListNotice kind="error">Renewals and age-ins could not be loaded. Please refresh the page.</ListNotice>;
  const lists = bookLists(book.data, todayIn(book.data.timeZone, now));
  const open = lists.find((l) => l.key === chosen) ?? null;
  const customerHref = (id: string) => `${adminPath(adminHost, 'customers')}?customer=${encodeURIComponent(id)}`;

  return (
    <section aria-labelledby="work-book" className="space-y-3">
      <h2 id="work-book" className="text-lg font-semibold text-slate-900">
        Renewals and age-ins{agent ? ` (${agent}'s policies)` : ''}
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {lists.map((l) => (
          <li key={l.key}>
            <Link
              to={linkTo(open?.key === l.key ? null : l.key)}
              aria-current={open?.key === l.key ? 'true' : undefined}
              className={`flex min-h-11 flex-col rounded-xl border p-3 shadow-sm hover:border-brand-500 ${open?.key === l.key ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white'}`}
            >
              <span className="text-sm text-slate-700">{l.title}</span>
              <span className="text-2xl font-bold text-slate-900">{l.rows.length}</span>
            </Link>
          </li>
        ))}
      </ul>
      {open && (
        <div aria-labelledby="work-book-list" className="space-y-2">
          <h3 id="work-book-list" className="text-base font-semibold text-slate-900">
            {open.title} ({open.rows.length})
          </h3>
          {open.rows.length === 0 ? (
            <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-600">{open.empty}</p>
          ) : (
            <ul aria-label={open.title} className="space-y-2">
              {open.rows.map((r) => (
                <li key={r.key} className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm">
                  <Link to={customerHref(r.customerId)} className="font-medium text-brand-700 underline">
                    {r.name}
                  </Link>
                  <p className="text-slate-700">
                    {r.what}
                    {r.on && ` ${day(r.on)}`}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
