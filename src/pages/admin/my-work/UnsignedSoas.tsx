// My work: the Scopes of Appointment the signed-in agent sent that nobody signed yet (docs/compliance.md),
// each with its appointment date and whether its link is still open, linked to the lead's record.
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { leadRecordHref } from '../../../lib/lead-links.ts';

export function UnsignedSoas({ adminHost, now }: { adminHost: boolean; now: number }) {
  const trpc = useTRPC();
  const soas = useQuery(trpc.compliance.unsignedSoas.queryOptions());
  const list = soas.data ?? [];
  return (
    <section aria-labelledby="work-soas" className="space-y-3">
      <h2 id="work-soas" className="text-lg font-semibold text-slate-900">
        Scopes of Appointment sent, not signed <span className="text-slate-600">({list.length})</span>
      </h2>
      {soas.isError ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-red-700">The list could not be loaded.</p>
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-600">
          Every Scope of Appointment you sent is signed
        </p>
      ) : (
        <ul className="space-y-2">
          {list.map((q) => {
            const expired = new Date(q.expiresAt).getTime() <= now;
            return (
              <li key={q.requestId} className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm sm:p-4">
                {q.leadId ? (
                  <Link
                    to={leadRecordHref(adminHost, q.leadId)}
                    className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
                  >
                    {q.personName}
                  </Link>
                ) : (
                  <span className="font-semibold text-slate-900">{q.personName}</span>
                )}
                <p className="text-slate-700">
                  Appointment {q.appointmentDate ?? '—'} · sent {new Date(q.createdAt).toLocaleString()} ·{' '}
                  <span className={expired ? 'font-medium text-rose-700' : undefined}>
                    {expired ? 'link expired: send a new one' : 'link open'}
                  </span>
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
