// One bucket of My work: a heading with its count, then a card per lead with its name (to the
// record), tap-to-call phone, when it is due or how old it is, the lead's local time (a good time to
// call or not) and its main action.
import { Link } from 'react-router-dom';
import type { LeadView } from '../../../../schemas/lead.ts';
import { formatPhone } from '../../../lib/phone.ts';
import { CallLink } from '../../../components/CallLink.tsx';
import { CallingTime } from '../../../components/CallingTime.tsx';
import { leadRecordHref } from '../../../lib/lead-links.ts';
import { fullTime, relativeTo, shortTime, span } from '../../../lib/when.ts';
import { primaryButton } from '../../../components/ui.tsx';

export interface WorkAction {
  label: string;
  run(lead: LeadView): void;
}

export function WorkSection(props: {
  id: string;
  title: string;
  empty: string;
  leads: LeadView[];
  now: number;
  adminHost: boolean;
  /** "due" shows the follow-up time, "age" how long the lead has waited. */
  show: 'due' | 'age';
  action: WorkAction | null;
  busy: Set<string>;
}) {
  const { leads, now } = props;
  return (
    <section aria-labelledby={props.id} className="space-y-3">
      <h2 id={props.id} className="text-lg font-semibold text-slate-900">
        {props.title} <span className="text-slate-600">({leads.length})</span>
      </h2>
      {leads.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-600">{props.empty}</p>
      ) : (
        <ul className="space-y-2">
          {leads.map((lead) => (
            <li
              key={lead.leadId}
              className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-4"
            >
              <div className="min-w-0">
                <Link
                  to={leadRecordHref(props.adminHost, lead.leadId)}
                  className="inline-flex min-h-11 items-center break-words font-semibold text-brand-700 underline-offset-2 hover:underline"
                >
                  {lead.name}
                </Link>
                <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-700">
                  <CallLink lead={lead} className="inline-flex min-h-11 items-center hover:text-brand-700 hover:underline">
                    {formatPhone(lead.phone)}
                  </CallLink>
                  {props.show === 'due' && lead.followUpAt ? (
                    <span className={lead.followUpAt.getTime() <= now ? 'font-medium text-rose-700' : undefined}>
                      Due{' '}
                      <time dateTime={lead.followUpAt.toISOString()} title={fullTime(lead.followUpAt)}>
                        {shortTime(lead.followUpAt, now)} ({relativeTo(lead.followUpAt, now)})
                      </time>
                    </span>
                  ) : (
                    <span className={lead.overdue ? 'font-medium text-rose-700' : undefined}>
                      <time dateTime={lead.createdAt.toISOString()} title={fullTime(lead.createdAt)}>
                        {span(now - lead.createdAt.getTime())} old
                      </time>
                      {lead.overdue && ', past the 24-hour promise'}
                    </span>
                  )}
                </p>
                <CallingTime lead={lead} now={now} className="text-slate-700" />
              </div>
              {props.action && (
                <button
                  type="button"
                  className={`${primaryButton} shrink-0`}
                  disabled={props.busy.has(lead.leadId)}
                  onClick={() => props.action?.run(lead)}
                  aria-label={`${props.action.label}: ${lead.name}`}
                >
                  {props.action.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
