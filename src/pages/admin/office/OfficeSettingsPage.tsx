// Office settings (admins only): the office-wide switches of models/office/settings.ts. Whether
// every staff member must use a second factor, and who reads customers' medical details. Each
// change is saved at once and audited on the server.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { ListNotice } from '../../../components/ui.tsx';
import { Notification, type Notice } from '../../../components/Notification.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { AssignmentSettings } from './AssignmentSettings.tsx';

const MEDICAL_CHOICES = [
  { value: 'all-staff', label: 'All staff' },
  { value: 'own-agent-and-admins', label: "The customer's own agent and admins" },
] as const;

export default function OfficeSettingsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.office.settings.queryOptions());
  const [notice, setNotice] = useState<Notice | null>(null);
  const update = useMutation(
    trpc.office.updateSettings.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.office.settings.queryKey(), saved);
        setNotice({ tone: 'success', message: 'Office settings saved.' });
      },
      onError: (err) => setNotice({ tone: 'error', message: errorMessage(err, 'Could not save the setting.') }),
    }),
  );

  const forbidden = settings.error?.data?.code === 'FORBIDDEN';
  return (
    <div className="mx-auto max-w-3xl space-y-5 p-4 sm:p-6">
      <h1 className="text-2xl font-bold text-slate-900">Office settings</h1>
      <Notification notice={notice} onDismiss={() => setNotice(null)} />
      {forbidden ? (
        <ListNotice kind="info">Only admins can change the office settings.</ListNotice>
      ) : settings.error ? (
        <ListNotice kind="error">Failed to load the settings: {settings.error.message}</ListNotice>
      ) : !settings.data ? (
        <p className="text-sm text-slate-600">Loading settings...</p>
      ) : (
        <div className="space-y-5">
          <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
            <h2 className="text-lg font-semibold text-slate-900">Sign-in</h2>
            <div className="mt-3 flex min-h-11 items-start gap-3">
              <input
                id="require-second-factor"
                type="checkbox"
                aria-describedby="require-second-factor-help"
                className="mt-1 h-5 w-5 rounded border-slate-300 text-brand-600"
                checked={settings.data.requireSecondFactor}
                disabled={update.isPending}
                onChange={(e) => update.mutate({ requireSecondFactor: e.target.checked })}
              />
              <div>
                <label htmlFor="require-second-factor" className="block font-medium text-slate-900">
                  Every staff member must use a second factor
                </label>
                <p id="require-second-factor-help" className="text-sm text-slate-600">
                  Staff without one are asked to add an authenticator app at their next sign-in and reach nothing else until they do.
                </p>
              </div>
            </div>
          </section>
          <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
            <fieldset>
              <legend className="text-lg font-semibold text-slate-900">Who reads medical details</legend>
              <div className="mt-3 space-y-2">
                {MEDICAL_CHOICES.map((choice) => (
                  <label key={choice.value} className="flex min-h-11 items-center gap-3">
                    <input
                      type="radio"
                      name="medical-access"
                      className="h-5 w-5 border-slate-300 text-brand-600"
                      checked={settings.data.medicalAccess === choice.value}
                      disabled={update.isPending}
                      onChange={() => update.mutate({ medicalAccess: choice.value })}
                    />
                    <span className="text-slate-900">{choice.label}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          </section>
          <AssignmentSettings
            mode={settings.data.assignmentMode}
            ladder={settings.data.escalation}
            pending={update.isPending}
            save={(change) => update.mutate(change)}
          />
        </div>
      )}
    </div>
  );
}
