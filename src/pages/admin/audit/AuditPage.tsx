// Audit Log (admins only): who read which customer's medical details, who exported what, and
// what admins changed in the staff accounts, sign-ins and second-factor changes, newest first, a hundred at a time.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { DataTable, ListNotice, TableMessageRow, secondaryButton } from '../../../components/ui.tsx';

type Entry = RouterOutputs['audit']['list']['entries'][number];

const ACTION_LABELS: Record<Entry['action'], string> = {
  CUSTOMER_MEDICAL_READ: 'Read medical details',
  CUSTOMERS_EXPORTED: 'Exported customers',
  CUSTOMERS_IMPORTED: 'Imported customers and policies',
  ACTIVITY_EXPORTED: 'Exported activity log',
  STAFF_ADDED: 'Added staff account',
  STAFF_REMOVED: 'Removed staff account',
  STAFF_ROLES_CHANGED: 'Changed roles',
  STAFF_AVAILABILITY_CHANGED: 'Changed licences or availability',
  STAFF_PASSWORD_RESET: 'Reset password',
  OFFICE_SETTING_CHANGED: 'Changed an office setting',
  SIGN_IN: 'Signed in',
  SIGN_IN_FAILED: 'Failed sign-in',
  SIGN_IN_LOCKED: 'Sign-in locked after wrong codes',
  SECOND_FACTOR_ADDED: 'Added a second factor',
  SECOND_FACTOR_REMOVED: 'Removed a second factor',
  RECOVERY_CODES_REGENERATED: 'New recovery codes',
  SECOND_FACTORS_RESET: 'Reset second factors',
  DATA_KEYS_ROTATED: 'Rotated the data encryption key',
  PERSON_DATA_EXPORTED: "Downloaded a person's data (privacy request)",
  PERSON_ERASED: 'Erased a person (privacy request)',
  COMPLIANCE_RECORD_READ: 'Read a compliance record',
  COMPLIANCE_EXPORTED: 'Exported compliance records',
  COMMISSIONS_IMPORTED: 'Imported a commission statement',
  COMMISSION_LINE_RESOLVED: 'Linked or dismissed a statement line',
  COMMISSION_SHARES_CHANGED: "Set agents' shares of a policy's commission",
};

/** What the entry was about: the customer, the export's range, or the staff account. */
function subject(e: Entry): string {
  if (e.customerName || e.customerId) {
    const who = `${e.customerName ?? ''}${e.customerId ? ` (${e.customerId})` : ''}`.trim();
    return e.detail ? `${who} · ${e.detail}` : who; // the reason given for opening medical details
  }
  const parts = [e.targetEmail, e.scope, e.detail].filter(Boolean);
  return parts.join(' · ');
}

export default function AuditPage() {
  const trpc = useTRPC();
  const log = useInfiniteQuery(
    trpc.audit.list.infiniteQueryOptions(
      {},
      { getNextPageParam: (page) => (page.hasMore ? page.entries[page.entries.length - 1]?.at : undefined) },
    ),
  );
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const forbidden = log.error?.data?.code === 'FORBIDDEN';

  return (
    <div className="mx-auto max-w-7xl space-y-5 p-4 sm:p-6">
      <h1 className="text-2xl font-bold text-slate-900">Audit Log</h1>
      {forbidden ? (
        <ListNotice kind="info">Only admins can read the audit log.</ListNotice>
      ) : log.error ? (
        <ListNotice kind="error">Failed to load the audit log: {log.error.message}</ListNotice>
      ) : (
        <DataTable label="Audit log" headers={['When', 'Who', 'What', 'Customer, range or account']}>
          {log.isPending && <TableMessageRow colSpan={4}>Loading the audit log...</TableMessageRow>}
          {!log.isPending && entries.length === 0 && <TableMessageRow colSpan={4}>Nothing recorded yet</TableMessageRow>}
          {entries.map((e) => (
            <tr key={e.id}>
              <td className="whitespace-nowrap px-4 py-3 text-slate-600">{new Date(e.at).toLocaleString()}</td>
              <td className="px-4 py-3 text-slate-900">
                {e.actor.name} <span className="text-slate-500">{e.actor.email}</span>
              </td>
              <td className="px-4 py-3 text-slate-900">{ACTION_LABELS[e.action]}</td>
              <td className="px-4 py-3 text-slate-700">{subject(e)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {log.hasNextPage && (
        <button type="button" className={secondaryButton} disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? 'Loading...' : 'Show older entries'}
        </button>
      )}
    </div>
  );
}
