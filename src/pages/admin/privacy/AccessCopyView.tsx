// A person's access copy as a page a person can read (schemas/access-copy.ts): each kind of record under
// its own heading, fields by plain label, printable (Print keeps only the copy on paper, see index.css)
// and downloadable as a self-contained HTML page or as JSON.
import { useId, useRef, type ReactNode } from 'react';
import type { AccessCopy } from '../../../../schemas/access-copy.ts';
import { formatPhone } from '../../../../schemas/phone.ts';
import { saveFile } from '../../../lib/download.ts';
import { fullTime } from '../../../lib/when.ts';
import { secondaryButton } from '../../../components/ui.tsx';

type Cell = string | number | boolean | null | undefined;

const shown = (v: Cell) => (v === null || v === undefined || v === '' ? '—' : v === true ? 'Yes' : v === false ? 'No' : String(v));
const when = (iso: string | null | undefined) => (iso ? fullTime(new Date(iso)) : null);

function Fields({ rows }: { rows: [string, Cell][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="whitespace-pre-wrap break-words text-slate-900">{shown(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Table({ headers, rows }: { headers: string[]; rows: Cell[][] }) {
  if (!rows.length) return <p className="text-sm text-slate-600">None.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-sm">
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="border-b border-slate-200 px-2 py-1 font-medium text-slate-600">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) => (
                <td key={j} className="border-b border-slate-100 px-2 py-1 align-top whitespace-pre-wrap break-words">
                  {shown(c)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2 border-t border-slate-200 pt-3">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** The styles of the downloaded page: it stands alone, without the console's. */
const PAGE_STYLE =
  'body{font:14px/1.45 system-ui,sans-serif;color:#0f172a;max-width:60rem;margin:2rem auto;padding:0 1rem}' +
  'h2{font-size:1.4rem}h3,h4{margin:1.2rem 0 .4rem}table{border-collapse:collapse;width:100%}' +
  'th,td{border-bottom:1px solid #e2e8f0;padding:.25rem .5rem;text-align:left;vertical-align:top;white-space:pre-wrap}' +
  'dl{display:grid;grid-template-columns:12rem 1fr;gap:.2rem 1rem}dl>.contents{display:contents}dt{color:#475569}' +
  'dd{margin:0;white-space:pre-wrap}button{display:none}';

export function AccessCopyView({ copy, onDone }: { copy: AccessCopy; onDone(message: string): void }) {
  const id = useId();
  const body = useRef<HTMLElement>(null);
  const asked = [copy.askedAbout.email, copy.askedAbout.phone].filter(Boolean).join(', ');
  const day = copy.preparedAt.slice(0, 10);

  const downloadPage = () => {
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Your data: access copy of ${day}</title><style>${PAGE_STYLE}</style></head><body>${body.current?.outerHTML ?? ''}</body></html>`;
    saveFile(`access-copy-${day}.html`, new Blob([html], { type: 'text/html' }));
    onDone('The page was downloaded.');
  };
  const downloadJson = () => {
    saveFile(`access-copy-${day}.json`, new Blob([JSON.stringify(copy, null, 2)], { type: 'application/json' }));
    onDone('The file was downloaded.');
  };
  const print = () => {
    document.body.classList.add('printing-access-copy');
    window.addEventListener('afterprint', () => document.body.classList.remove('printing-access-copy'), { once: true });
    window.print();
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap gap-2 print:hidden">
        <button type="button" className={secondaryButton} onClick={print}>
          Print
        </button>
        <button type="button" className={secondaryButton} onClick={downloadPage}>
          Download as page (HTML)
        </button>
        <button type="button" className={secondaryButton} onClick={downloadJson}>
          Download copy as JSON
        </button>
      </div>
      <article ref={body} id="access-copy" className="space-y-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold break-words text-slate-900">
          Access copy: everything we hold about {asked}
        </h2>
        <p className="text-sm text-slate-600">Prepared {when(copy.preparedAt)}.</p>

        <Part title={`Requests you sent us (${copy.leads.length})`}>
          {copy.leads.map((l) => (
            <div key={l.leadId} className="space-y-2">
              <Fields
                rows={[
                  ['Name', l.name],
                  ['Email', l.email],
                  ['Phone', formatPhone(l.phone)],
                  ['Received', when(l.receivedAt)],
                  ['Sent through', l.source === 'website' ? 'our website' : 'added by our staff'],
                  ['Status', l.status],
                  ['Agent', l.agent],
                  ['First contacted', when(l.firstContactedAt)],
                  ['State', l.state],
                  ['Notes', l.notes],
                  [
                    'Came from',
                    l.cameFrom ? [l.cameFrom.landingPage, l.cameFrom.referrer, l.cameFrom.campaign].filter(Boolean).join(', ') : null,
                  ],
                ]}
              />
              <h4 className="text-sm font-semibold text-slate-800">What happened</h4>
              <Table
                headers={['When', 'What', 'By', 'Details']}
                rows={l.timeline.map((e) => [when(e.at), e.what, e.by, [e.status, e.outcome, e.note].filter(Boolean).join(' · ')])}
              />
            </div>
          ))}
        </Part>
        <Part title="Calls">
          <Table headers={['When', 'By', 'Outcome', 'Note']} rows={copy.calls.map((c) => [when(c.at), c.by, c.outcome, c.note])} />
        </Part>
        <Part title="Follow-ups">
          <Table headers={['Due', 'Set by', 'Set on']} rows={copy.followUps.map((f) => [when(f.dueAt), f.setBy, when(f.setAt)])} />
        </Part>
        <Part title="Consent">
          {copy.consent.length === 0 && <p className="text-sm text-slate-600">None.</p>}
          {copy.consent.map((c) => (
            <Fields
              key={c.leadId + c.at}
              rows={[
                ['Given', c.given],
                ['When', when(c.at)],
                ['Text you agreed to', c.text],
                ['Covers', c.covers.join(', ')],
                ['Address', c.ipAddress],
                ['Browser', c.browser],
                ['Page', c.page],
              ]}
            />
          ))}
        </Part>
        <Part title="Do not contact">
          <Table
            headers={['Of', 'Active', 'Since', 'Recorded by', 'From', 'Reason', 'Lifted']}
            rows={copy.doNotContact.map((d) => [
              d.of,
              d.active,
              when(d.since),
              d.recordedBy,
              d.recordedFrom,
              d.reason,
              d.lifted ? `${when(d.lifted.at)} by ${d.lifted.by}: ${d.lifted.reason}` : null,
            ])}
          />
        </Part>
        {copy.customers.map((c) => (
          <Part key={c.customerId} title="Customer details">
            <Fields
              rows={[
                ['Name', c.name],
                ['Email', c.email],
                ['Phone', formatPhone(c.phone)],
                ['Age', c.age],
                ['Birth date', c.birthDate],
                ['Children', c.hasKids ? `${shown(c.kidsCount)} (ages ${shown(c.kidsAges)})` : 'No'],
                ['Previous insurance', c.previousInsurance],
                ['Insurance provider', c.insuranceProvider],
                ['Desired coverage', c.desiredCoverage],
                ['Budget', c.budgetRange],
                ['Medical history', c.medicalHistory],
                ['Medications', c.medications],
                ['Preferred doctor', c.preferredDoctor],
                ['Insurance type', c.insuranceType],
                ['Plan type', c.planType],
                ['Employment', c.employmentStatus],
                ['Annual income', c.annualIncome],
                ['Policy start date', c.policyStartDate],
                ['Notes', c.notes],
                ['Customer since', when(c.becameCustomerAt)],
              ]}
            />
          </Part>
        ))}
        <Part title={`Policies (${copy.policies.length})`}>
          <Table
            headers={['Carrier', 'Line', 'Plan', 'Policy number', 'Status', 'Effective', 'Renewal', 'Premium', 'Agent']}
            rows={copy.policies.map((p) => [
              p.carrier,
              p.line,
              p.planName,
              p.policyNumber,
              p.status,
              p.effectiveDate,
              p.renewalDate,
              `$${p.premium} ${p.premiumPeriod}`,
              p.writingAgent,
            ])}
          />
        </Part>
        <Part title="Who read your medical details">
          <Table headers={['When', 'Who', 'Reason given']} rows={copy.medicalReads.map((m) => [when(m.at), m.by, m.reason])} />
        </Part>
        <Part title="Activity">
          <Table
            headers={['When', 'By', 'What']}
            rows={copy.activity.map((a) => [when(a.at), a.by, [a.action, a.status, a.outcome].filter(Boolean).join(' · ')])}
          />
        </Part>
        <Part title="Messages about you waiting to be sent">
          <Table headers={['Kind', 'Channel', 'Due']} rows={copy.queuedNotices.map((n) => [n.kind, n.channel, when(n.dueAt)])} />
        </Part>
      </article>
    </section>
  );
}
