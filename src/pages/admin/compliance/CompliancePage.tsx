// Compliance (admins only, docs/compliance.md): the versioned texts people sign, the link lifetime and
// retention settings, and the audit export. Agents are refused by the server and shown why.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { ListNotice } from '../../../components/ui.tsx';
import { Notification, type Notice } from '../../../components/Notification.tsx';
import { ComplianceTexts } from './ComplianceTexts.tsx';
import { ComplianceSettingsForm } from './ComplianceSettingsForm.tsx';
import { ComplianceExport } from './ComplianceExport.tsx';

export default function CompliancePage() {
  const trpc = useTRPC();
  const texts = useQuery(trpc.compliance.texts.queryOptions());
  const [notice, setNotice] = useState<Notice | null>(null);
  const forbidden = texts.error?.data?.code === 'FORBIDDEN';
  return (
    <div className="mx-auto max-w-4xl space-y-5 p-4 sm:p-6">
      <h1 className="text-2xl font-bold text-slate-900">Compliance</h1>
      <Notification notice={notice} onDismiss={() => setNotice(null)} />
      {forbidden ? (
        <ListNotice kind="info">Only admins can manage the compliance texts, settings and export.</ListNotice>
      ) : texts.error ? (
        <ListNotice kind="error">Failed to load the compliance texts: {texts.error.message}</ListNotice>
      ) : !texts.data ? (
        <p className="text-sm text-slate-600">Loading compliance texts...</p>
      ) : (
        <>
          <ComplianceTexts texts={texts.data} onNotice={setNotice} />
          <ComplianceSettingsForm onNotice={setNotice} />
          <ComplianceExport />
        </>
      )}
    </div>
  );
}
