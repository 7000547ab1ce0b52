// Staff (admins only): the staff accounts with their agent and admin roles, adding an account,
// removing one (with confirmation), resetting a password, which makes its owner choose a new one,
// and resetting a colleague's second factors (a lost phone; their sessions end).
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { DataTable, ListNotice, TableMessageRow, actionsHeader, primaryButton, secondaryButton } from '../../../components/ui.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Notification, type Notice } from '../../../components/Notification.tsx';
import { AddStaffDialog, ResetPasswordDialog } from './StaffDialogs.tsx';
import { AvailabilityDialog } from './AvailabilityDialog.tsx';
import { errorMessage } from '../../../lib/error-message.ts';

type StaffRow = RouterOutputs['staff']['list'][number];

const when = (d: Date | string | null) => (d ? new Date(d).toLocaleString() : 'Never');

export default function StaffPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const staff = useQuery(trpc.staff.list.queryOptions());
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<StaffRow | null>(null);
  const [removing, setRemoving] = useState<StaffRow | null>(null);
  const [resettingFactors, setResettingFactors] = useState<StaffRow | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [availability, setAvailability] = useState<StaffRow | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.staff.pathKey() });
  const fail = (message: string) => setNotice({ tone: 'error', message });

  const setRoles = useMutation(
    trpc.staff.setRoles.mutationOptions({
      onSuccess: (row) => {
        setNotice({
          tone: 'success',
          message: `${row.name} is now ${[row.isAdmin && 'an admin', row.isAgent && 'an agent'].filter(Boolean).join(' and ') || 'staff without roles'}.`,
        });
        void refresh();
      },
      onError: (err) => fail(errorMessage(err, 'Could not change the roles.')),
    }),
  );
  const remove = useMutation(
    trpc.staff.remove.mutationOptions({
      onSuccess: () => {
        setNotice({ tone: 'success', message: `${removing?.name ?? 'The account'} was removed.` });
        setRemoving(null);
        void refresh();
      },
      onError: (err) => {
        setRemoving(null);
        fail(errorMessage(err, 'Could not remove the account.'));
      },
    }),
  );

  const resetFactors = useMutation(
    trpc.staff.resetFactors.mutationOptions({
      onSuccess: () => {
        setNotice({
          tone: 'success',
          message: `${resettingFactors?.name ?? 'The account'}'s second factor was removed and their sessions ended.`,
        });
        setResettingFactors(null);
        void refresh();
      },
      onError: (err) => {
        setResettingFactors(null);
        fail(errorMessage(err, 'Could not reset the second factor.'));
      },
    }),
  );

  const forbidden = staff.error?.data?.code === 'FORBIDDEN';
  return (
    <div className="mx-auto max-w-7xl space-y-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Staff</h1>
        {!forbidden && (
          <button type="button" className={primaryButton} onClick={() => setAdding(true)}>
            Add Staff
          </button>
        )}
      </div>
      <Notification notice={notice} onDismiss={() => setNotice(null)} />
      {forbidden ? (
        <ListNotice kind="info">Only admins can manage staff.</ListNotice>
      ) : staff.error ? (
        <ListNotice kind="error">Failed to load staff: {staff.error.message}</ListNotice>
      ) : (
        <DataTable label="Staff accounts" headers={['Name', 'Email', 'Agent', 'Admin', 'Last sign-in', actionsHeader]}>
          {staff.isPending && <TableMessageRow colSpan={6}>Loading staff...</TableMessageRow>}
          {staff.data?.map((s) => (
            <tr key={s.id}>
              <td className="px-4 py-3 font-medium text-slate-900">
                {s.name}
                {s.mustChangePassword && (
                  <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">New password due</span>
                )}
                {s.hasSecondFactor && (
                  <span className="ml-2 rounded bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">Second factor</span>
                )}
              </td>
              <td className="px-4 py-3 text-slate-700">
                {s.email}
                {s.isAgent && (
                  <span className="block text-xs text-slate-600">
                    {s.licensedStates.length ? `Licensed in ${s.licensedStates.join(', ')}` : 'No licences set'}
                    {s.away && ` · Away${s.awayUntil ? ` until ${when(s.awayUntil)}` : ''}`}
                  </span>
                )}
              </td>
              {(['isAgent', 'isAdmin'] as const).map((role) => (
                <td key={role} className="px-4 py-3">
                  <input
                    type="checkbox"
                    aria-label={role === 'isAgent' ? 'Agent' : 'Admin'}
                    checked={s[role]}
                    disabled={setRoles.isPending}
                    onChange={(e) => setRoles.mutate({ staffId: s.id, [role]: e.target.checked })}
                    className="h-4 w-4 rounded border-slate-300 text-brand-600"
                  />
                </td>
              ))}
              <td className="px-4 py-3 text-slate-600">{when(s.lastLoginAt)}</td>
              <td className="whitespace-nowrap px-4 py-3 text-right">
                {s.isAgent && (
                  <button type="button" className={`mr-2 ${secondaryButton}`} onClick={() => setAvailability(s)}>
                    Availability
                  </button>
                )}
                <button type="button" className={secondaryButton} onClick={() => setResetting(s)}>
                  Reset Password
                </button>
                {s.hasSecondFactor && (
                  <button type="button" className={`ml-2 ${secondaryButton}`} onClick={() => setResettingFactors(s)}>
                    Reset second factor
                  </button>
                )}
                <button
                  type="button"
                  className="ml-2 rounded-lg px-3 py-2 text-sm font-medium text-rose-700 hover:bg-rose-50"
                  onClick={() => setRemoving(s)}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}

      {availability && (
        <AvailabilityDialog
          row={availability}
          onClose={() => setAvailability(null)}
          onSaved={(name) => {
            setAvailability(null);
            setNotice({ tone: 'success', message: `${name}'s licences and availability were saved.` });
            void refresh();
          }}
        />
      )}
      {adding && (
        <AddStaffDialog
          onClose={() => setAdding(false)}
          onAdded={(name) => {
            setAdding(false);
            setNotice({ tone: 'success', message: `${name} was added and will choose a new password at first sign-in.` });
            void refresh();
          }}
        />
      )}
      {resetting && (
        <ResetPasswordDialog
          staff={resetting}
          onClose={() => setResetting(null)}
          onReset={() => {
            setNotice({ tone: 'success', message: `${resetting.name}'s password was reset. They choose a new one at their next sign-in.` });
            setResetting(null);
            void refresh();
          }}
        />
      )}
      {resettingFactors && (
        <ConfirmDialog
          title="Reset Second Factor"
          message={`Remove ${resettingFactors.name}'s authenticator app and recovery codes? Their sign-ins end at once; they sign in with their password and can add a new factor.`}
          confirmLabel="Reset second factor"
          busyLabel="Resetting..."
          busy={resetFactors.isPending}
          onConfirm={() => resetFactors.mutate({ staffId: resettingFactors.id })}
          onClose={() => setResettingFactors(null)}
        />
      )}
      {removing && (
        <ConfirmDialog
          title="Remove Staff Account"
          message={`Remove ${removing.name} (${removing.email})? Their sign-ins end at once.`}
          confirmLabel="Remove"
          busyLabel="Removing..."
          busy={remove.isPending}
          onConfirm={() => remove.mutate({ staffId: removing.id })}
          onClose={() => setRemoving(null)}
        />
      )}
    </div>
  );
}
