// The lead's local time and whether it is a good time to call (schemas/calling-hours.ts), for the
// lead record, My work and the phone cards. Nothing shows when the lead's zone is unknown.
import type { LeadView } from '../../schemas/lead.ts';
import { callingCheck, hoursText } from '../../schemas/calling-hours.ts';

export function CallingTime({
  lead,
  now,
  className = '',
}: {
  lead: Pick<LeadView, 'region' | 'recentCalls'>;
  now: number;
  className?: string;
}) {
  const check = callingCheck(lead.region, new Date(now), lead.recentCalls.length);
  if (!check.known) return null;
  const times = check.localTimes.map((t) => t.time).join(' / ');
  const good = check.warning === null;
  return (
    <span className={`inline-flex flex-wrap items-center gap-x-1 text-sm ${className}`} data-calling-time>
      <span>
        Lead&apos;s time {times} ({check.place})
      </span>
      <span className={good ? 'font-medium text-emerald-700' : 'font-medium text-rose-700'}>
        {good
          ? '· good time to call'
          : check.hoursWarning
            ? `· outside calling hours (${hoursText(check.hours)})`
            : '· daily call limit reached'}
      </span>
    </span>
  );
}
