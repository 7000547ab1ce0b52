// Commissions (docs/commissions.md): carrier statements imported and matched to policies, what is due
// against what was paid, the exceptions, agents' statements and the figures. What the routers use.
export { applyStatement, dryRunStatement } from './apply.ts';
export { dismissLine, linkLine } from './queue.ts';
export { listExceptions } from './exceptions.ts';
export { agentStatement, agentStatementCsv, statementAgents } from './statement.ts';
export { commissionSummary } from './summary.ts';
export { getCommissionSettings, updateCommissionSettings } from './settings.ts';
export { getPolicyShares, setPolicyShares } from './shares.ts';
