// Performance Dashboard: a card per agent, the overall card, where clients come from (the conversion
// table by source and agent), and the recent activity.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Notification, type Notice } from '../../../components/Notification.tsx';
import { alone, useTRPC } from '../../../lib/trpc.ts';
import { useLiveUpdates } from '../../../lib/use-live-updates.ts';
import { useAdminHost } from '../../../lib/session.ts';
import { leadListHref } from '../../../lib/lead-links.ts';
import { NewestUnclaimed } from './NewestUnclaimed.tsx';
import { ActivityList } from './ActivityList.tsx';
import { ConversionTable } from './ConversionTable.tsx';
import { AgentLoad } from './AgentLoad.tsx';
import { duration } from '../../../lib/when.ts';

/** A figure; with `to`, a link to the leads behind it (the link's name says where it goes). */
function Figure({ label, value, tone = 'text-slate-900', to }: { label: string; value: ReactNode; tone?: string; to?: string }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className={`mt-1 text-2xl font-bold ${tone}`}>
        {to ? (
          <Link
            to={to}
            aria-label={`${String(value)} ${label.toLowerCase()}: show these leads, oldest first`}
            className="inline-flex min-h-11 min-w-11 items-center underline decoration-2 underline-offset-4 hover:decoration-brand-500"
          >
            {value}
          </Link>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

function Card({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {subtitle && <p className="text-sm text-slate-500">{subtitle}</p>}
      <dl className="mt-4 grid grid-cols-2 gap-4">{children}</dl>
    </section>
  );
}

export default function DashboardPage() {
  const trpc = useTRPC();
  const adminHost = useAdminHost();
  // The cards' figures come first, in a request of their own, and the rest of the page is asked for once
  // they are in (or failed): the engine reads nothing else meanwhile, so the first card never waits for a table.
  const stats = useQuery(trpc.leads.stats.queryOptions(undefined, alone));
  const figuresIn = !stats.isPending;
  useLiveUpdates(figuresIn);
  const [notice, setNotice] = useState<Notice | null>(null);
  const dismiss = useCallback(() => setNotice(null), []);
  const showError = useCallback((message: string) => setNotice({ tone: 'error', message }), []);

  // docs/product.md §8: a failed load is logged; a 401 is handled by the admin shell.
  useEffect(() => {
    if (stats.error) console.error('Error loading dashboard:', stats.error);
  }, [stats.error]);

  return (
    <div className="mx-auto max-w-6xl space-y-6 p-4 sm:p-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Performance Dashboard</h1>
        <p className="text-sm text-slate-500">How the agents are doing with the leads the site brings in.</p>
      </div>

      <Notification notice={notice} onDismiss={dismiss} />
      <NewestUnclaimed adminHost={adminHost} ask={figuresIn} />
      <AgentLoad ask={figuresIn} />

      {stats.data ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          <Card title="Overall" subtitle="All leads, all agents">
            <Figure label="Total referrals" value={stats.data.totalReferrals} />
            <Figure label="Claimed" value={stats.data.claimedLeads} />
            <Figure
              label="Unclaimed"
              value={stats.data.unclaimedLeads}
              to={leadListHref(adminHost, { tab: 'unclaimed', sort: 'received', order: 'asc' })}
            />
            <Figure label="Closed" value={stats.data.statusCounts.closed} tone="text-emerald-700" />
            <Figure label="Conversion" value={`${stats.data.conversionRate.toFixed(1)}%`} tone="text-brand-700" />
            <Figure
              label="Overdue (24h promise)"
              value={stats.data.overdueLeads}
              to={leadListHref(adminHost, { overdue: true, sort: 'received', order: 'asc' })}
              tone={stats.data.overdueLeads ? 'text-rose-700' : 'text-slate-900'}
            />
          </Card>
          {stats.data.agents.map((agent) => (
            <Card key={agent.email} title={agent.name} subtitle={agent.email}>
              <Figure label="Assigned" value={agent.assigned} />
              <Figure label="Active" value={agent.active} />
              <Figure label="Closed" value={agent.closed} tone="text-emerald-700" />
              <Figure label="Conversion" value={`${agent.conversionRate.toFixed(1)}%`} tone="text-brand-700" />
              <Figure label="Median time to claim" value={agent.medianClaimMinutes === null ? '—' : duration(agent.medianClaimMinutes)} />
            </Card>
          ))}
        </div>
      ) : stats.isError ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-sm text-slate-500">
          The figures could not be loaded.
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-48 animate-pulse rounded-xl bg-slate-200" />
          ))}
        </div>
      )}

      <ConversionTable onError={showError} ask={figuresIn} />

      <ActivityList onError={showError} ask={figuresIn} />
    </div>
  );
}
