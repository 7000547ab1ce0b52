// Commissions (docs/commissions.md). Admins: the figures, the statement import, the exceptions with the
// queue of unmatched lines, agents' statements, agents' shares of a policy and the reconciliation settings. Agents: their own statement.
import { useQuery } from '@tanstack/react-query';
import { ListNotice } from '../../../components/ui.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { AgentStatementView } from './AgentStatementView.tsx';
import { CommissionFigures } from './CommissionFigures.tsx';
import { CommissionSettingsForm } from './CommissionSettingsForm.tsx';
import { ExceptionsList } from './ExceptionsList.tsx';
import { PolicySharesForm } from './PolicySharesForm.tsx';
import { StatementImport } from './StatementImport.tsx';

export default function CommissionsPage() {
  const trpc = useTRPC();
  const agents = useQuery(trpc.commissions.agents.queryOptions());
  const a = agents.data;
  return (
    <div className="mx-auto max-w-6xl space-y-6 p-4 sm:p-6">
      <h1 className="text-2xl font-bold text-slate-900">Commissions</h1>
      {agents.isError && <ListNotice kind="error">{errorMessage(agents.error, 'Commissions could not be loaded.')}</ListNotice>}
      {agents.isPending && <p className="text-sm text-slate-600">Loading…</p>}
      {a?.isAdmin && (
        <div className="space-y-6 print:hidden">
          <CommissionFigures />
          <StatementImport />
          <ExceptionsList />
        </div>
      )}
      {a && <AgentStatementView key={a.agents.join('|')} agents={a.agents} isAdmin={a.isAdmin} />}
      {a?.isAdmin && (
        <div className="space-y-6 print:hidden">
          <PolicySharesForm agents={a.agents} />
          <CommissionSettingsForm />
        </div>
      )}
    </div>
  );
}
