// The lead record's fields: contact (mailto, tap-to-call with the lead's calling time), consent,
// status, source, age, overdue mark, claim, follow-up and last call; then its possible duplicates and, once closed, its customer.
import { Link } from 'react-router-dom';
import { CALL_OUTCOME_LABELS, type LeadRecordView } from '../../../../schemas/lead.ts';
import { adminPath } from '../../../../schemas/host-mode.ts';
import { formatPhone } from '../../../lib/phone.ts';
import { CallLink } from '../../../components/CallLink.tsx';
import { CallingTime } from '../../../components/CallingTime.tsx';
import { ConsentLine } from './ConsentLine.tsx';
import { leadRecordHref } from '../../../lib/lead-links.ts';
import { fullTime, relativeTo, span } from '../../../lib/when.ts';
import type { ReactNode } from 'react';
import { StatusBadge, badge } from './RowParts.tsx';
import { NoCallWarning } from '../../../components/DoNotContact.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-1 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

const When = ({ at, now }: { at: Date; now: number }) => (
  <time dateTime={at.toISOString()} title={fullTime(at)}>
    {fullTime(at)} <span className="text-slate-600">({relativeTo(at, now)})</span>
  </time>
);
const none = <span className="text-slate-500">—</span>;

/** Where the visit that sent the form came from: the source it is counted under, then the details kept. */
function FirstTouchFact({ record }: { record: LeadRecordView }) {
  const t = record.firstTouch;
  const details: [string, string | null][] = t
    ? [
        ['Medium', t.utmMedium],
        ['Campaign', t.utmCampaign],
        ['Referrer', t.referrerHost],
        ['Landing page', t.landingPage],
      ]
    : [];
  return (
    <Fact label="First touch">
      <span>{record.sourceLabel}</span>
      {details
        .filter(([, v]) => v)
        .map(([label, v]) => (
          <span key={label} className="block text-xs text-slate-600">
            {label}: {v}
          </span>
        ))}
    </Fact>
  );
}
const link = 'font-medium text-brand-700 underline-offset-2 hover:underline';

export function LeadFacts({ record, now, adminHost }: { record: LeadRecordView; now: number; adminHost: boolean }) {
  const { lead } = record;
  const finished = lead.status === 'closed' || lead.status === 'lost';
  const followUpDue = lead.followUpAt && lead.followUpAt.getTime() <= now;
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <Fact label="Email">
        <a href={`mailto:${lead.email}`} className={`${link} break-all`}>
          {lead.email}
        </a>
      </Fact>
      <Fact label="Phone">
        {lead.doNotContact ? (
          <NoCallWarning phone={formatPhone(lead.phone)} />
        ) : (
          <>
            <CallLink lead={lead} className={`${link} inline-flex min-h-11 items-center`}>
              {formatPhone(lead.phone)}
            </CallLink>
            {!finished && <CallingTime lead={lead} now={now} className="block text-slate-700" />}
          </>
        )}
      </Fact>
      <Fact label="Consent">
        <ConsentLine consent={lead.consent} withdrawnAt={lead.doNotContact?.since} />
      </Fact>
      <Fact label="Status">
        <StatusBadge lead={lead} /> {lead.overdue && <span className={`${badge} bg-rose-100 text-rose-800`}>Overdue</span>}
      </Fact>
      <Fact label="Received">
        <When at={lead.createdAt} now={now} />
        {!finished && <span className="block text-xs text-slate-600">{span(now - lead.createdAt.getTime())} old</span>}
      </Fact>
      <Fact label="Source">{lead.source === 'website' ? 'Website form' : 'Added by staff'}</Fact>
      <FirstTouchFact record={record} />
      <Fact label="Claimed by">
        {lead.claimedBy ? (
          <>
            {lead.claimedBy}
            {lead.claimedAt && <span className="block text-xs text-slate-600">{relativeTo(lead.claimedAt, now)}</span>}
          </>
        ) : (
          none
        )}
      </Fact>
      <Fact label="Follow-up due">
        {/* A closed or lost lead takes no more calls: an old follow-up is not shown as due. */}
        {lead.followUpAt && !finished ? (
          <span className={followUpDue ? 'font-semibold text-rose-700' : undefined}>
            <When at={lead.followUpAt} now={now} />
          </span>
        ) : (
          none
        )}
      </Fact>
      <Fact label="Last call">
        {lead.lastCall ? (
          <>
            {CALL_OUTCOME_LABELS[lead.lastCall.outcome]} by {lead.lastCall.by}
            <span className="block text-xs text-slate-600">
              <When at={lead.lastCall.at} now={now} />
            </span>
          </>
        ) : (
          none
        )}
      </Fact>
      {record.duplicates.length > 0 && (
        <Fact label="Possible duplicates">
          <ul className="space-y-1">
            {record.duplicates.map((d) => (
              <li key={d.leadId}>
                <Link to={leadRecordHref(adminHost, d.leadId)} className={link}>
                  {d.name}
                </Link>{' '}
                <span className="text-xs text-slate-600">
                  {d.status}, {relativeTo(d.createdAt, now)}
                </span>
              </li>
            ))}
          </ul>
        </Fact>
      )}
      {lead.status === 'closed' && (
        <Fact label="Customer">
          <Link to={`${adminPath(adminHost, 'customers')}?search=${encodeURIComponent(lead.email)}`} className={link}>
            Open {lead.name} in Customers
          </Link>
        </Fact>
      )}
    </dl>
  );
}
