// Leads, their claims, statuses and calls, the lead record, My work and the dashboard stats. Each
// procedure is its input schema and one call into models/ (closing and deleting: models/flows/close-lead.ts).
import { z } from 'zod';
import {
  leadClaimInput,
  leadCreateInput,
  leadIdInput,
  leadPageInput,
  leadUpdateInput,
  logCallInput,
  myWorkInput,
} from '../schemas/lead.ts';
import { claimLead, createLeadByStaff, unclaimLead, leadStats, legacyAgentKeys, leadPosition, noteCallPastWarning } from '../models/leads';
import { streamJsonArray } from '../server/stream-answer.ts';
import {
  allMarkedLeads,
  changeLeadStatusOrNotes,
  conversionWithPremium,
  logCallWithFollowUp,
  markedLeadBatches,
  markedLeadPage,
  markedLeadRecord,
  myWorkToCall,
  removeLead,
} from '../models/flows';
import { listAgents } from '../models/staff';
import { conversionCsv, conversionInput, type ConversionInput } from '../schemas/lead-conversion.ts';
import { csvAttachment, restRoutes } from './rest.ts';
import * as answers from '../schemas/api.ts';
import { isAdminStaff, protectedProcedure, router } from './trpc.ts';

export const leadsRouter = router({
  /**
   * Every lead, newest first, as one tRPC answer (the console pages instead): gathered from the same
   * batches as the streamed REST list, so the database never sorts or holds the whole collection.
   */
  list: protectedProcedure.query(() => allMarkedLeads()),
  /**
   * The same list a batch at a time with the do-not-contact marks (one read per batch), for the REST
   * answer that writes it as it reads it (not for /trpc).
   */
  listBatches: protectedProcedure.query(() => ({ batches: markedLeadBatches() })),

  /** The console's list: one page of a tab, searched on the server, with the tabs' counts. */
  page: protectedProcedure.input(leadPageInput).query(({ input }) => markedLeadPage(input)),

  /** The All tab's page holding a lead (duplicate and ?lead= links); null when it is gone. */
  locate: protectedProcedure.input(leadIdInput).query(({ input }) => leadPosition(input.leadId)),

  agents: protectedProcedure.query(async () => (await listAgents()).map((a) => ({ name: a.name, email: a.email }))),

  create: protectedProcedure.input(leadCreateInput).mutation(({ input, ctx }) => createLeadByStaff(input, ctx.actor)),

  claim: protectedProcedure.input(leadClaimInput).mutation(({ input, ctx }) => claimLead(input.leadId, input.claimedBy, ctx.actor)),

  unclaim: protectedProcedure.input(leadIdInput).mutation(({ input, ctx }) => unclaimLead(input.leadId, ctx.actor)),

  update: protectedProcedure
    .input(leadUpdateInput)
    .mutation(({ input, ctx }) => changeLeadStatusOrNotes(input, ctx.actor, ctx.config.TIME_ZONE)),

  remove: protectedProcedure.input(leadIdInput).mutation(({ input, ctx }) => removeLead(input.leadId, ctx.actor)),

  /** A lead's record: the lead, its timeline, its possible duplicates and its customer (docs/product.md §10). */
  get: protectedProcedure.input(leadIdInput).query(({ input }) => markedLeadRecord(input.leadId)),

  /** Logs a call with its outcome, note and next follow-up (docs/product.md §10). */
  /** A person who asked not to be contacted: the call needs `confirmDoNotContact`; the outcome "do-not-contact" marks them. */
  /** `kind: "medicare-appointment"` without a valid Scope of Appointment needs `soaReason` (409 otherwise). */
  logCall: protectedProcedure.input(logCallInput).mutation(({ input, ctx }) => logCallWithFollowUp(input, ctx.actor)),
  /** The call link was followed past its calling-hours warning (schemas/calling-hours.ts). */
  noteCallPastWarning: protectedProcedure.input(leadIdInput).mutation(({ input, ctx }) => noteCallPastWarning(input.leadId, ctx.actor)),

  /** The signed-in agent's (or a named agent's) follow-ups due and unclaimed leads nearing the promise. */
  myWork: protectedProcedure.input(myWorkInput).query(({ input, ctx }) =>
    myWorkToCall(
      {
        staff: { name: ctx.staff.name, isAgent: Boolean(ctx.staff.isAgent), isAdmin: isAdminStaff(ctx.staff, ctx.config) },
        agent: input.agent,
      },
      ctx.config.TIME_ZONE,
    ),
  ),

  /** The conversion table of a period: by source and by agent (docs/product.md §3; models/flows/conversion.ts). */
  conversion: protectedProcedure
    .input(conversionInput)
    .query(({ input, ctx, signal }) => conversionWithPremium(input.period, ctx.config.TIME_ZONE, { signal })),

  stats: protectedProcedure.query(async () => {
    const stats = await leadStats();
    return { ...stats, ...legacyAgentKeys(stats.agents) };
  }),
});

const leadPath = '/api/admin/leads/:leadId';
const leadModel = '`models/leads/lead.ts`';
const leadScreen = '`src/pages/admin/leads/`';

export const leadsRest = restRoutes(leadsRouter, [
  {
    method: 'get',
    path: '/api/admin/leads',
    summary: 'All leads',
    staff: true,
    answer: z.array(answers.leadAnswer),
    code: { procedure: '`leads.list`', model: `${leadModel} \`listLeads\``, screen: '(the console pages with `leads.page`)' },
    // The whole list, written from the index and the leads a batch at a time (never held whole).
    handle: async (c, _req, res) => streamJsonArray(res, (await c.listBatches()).batches),
  },
  {
    method: 'post',
    path: '/api/admin/leads',
    summary: 'Add a lead',
    staff: true,
    body: leadCreateInput,
    status: 201,
    answer: answers.leadAnswer,
    code: {
      procedure: '`leads.create`',
      input: '`leadCreateInput` (`schemas/lead.ts`)',
      model: `${leadModel} \`createLeadByStaff\``,
      screen: '`src/pages/admin/leads/LeadDialogs.tsx`',
    },
    handle: (c, req) => c.create(req.body),
  },
  {
    method: 'put',
    path: `${leadPath}/claim`,
    summary: 'Claim a lead for an agent',
    staff: true,
    body: leadClaimInput,
    answer: answers.leadAnswer,
    code: { procedure: '`leads.claim`', input: '`leadClaimInput`', model: `${leadModel} \`claimLead\``, screen: leadScreen },
    handle: (c, req) => c.claim({ ...req.body, leadId: req.params.leadId }),
  },
  {
    method: 'put',
    path: `${leadPath}/unclaim`,
    summary: 'Unclaim a lead',
    staff: true,
    answer: answers.leadAnswer,
    code: { procedure: '`leads.unclaim`', input: '`leadIdInput`', model: `${leadModel} \`unclaimLead\``, screen: leadScreen },
    handle: (c, req) => c.unclaim({ leadId: String(req.params.leadId) }),
  },
  {
    method: 'put',
    path: leadPath,
    summary: "Change a lead's status or notes",
    staff: true,
    body: leadUpdateInput,
    answer: answers.leadAnswer,
    code: {
      procedure: '`leads.update`',
      input: '`leadUpdateInput`',
      model:
        '`models/flows/close-lead.ts` `changeLeadStatusOrNotes` (`models/leads/lead.ts` `updateLead`, `models/customers/close.ts` `closeLeadIntoCustomer`)',
      screen: leadScreen,
    },
    handle: (c, req) => c.update({ ...req.body, leadId: req.params.leadId }),
  },
  {
    method: 'delete',
    path: leadPath,
    summary: 'Delete a lead',
    staff: true,
    answer: answers.success,
    code: { procedure: '`leads.remove`', input: '`leadIdInput`', model: '`models/flows/close-lead.ts` `removeLead`', screen: leadScreen },
    handle: (c, req) => c.remove({ leadId: String(req.params.leadId) }),
  },
  {
    method: 'get',
    path: '/api/admin/stats',
    summary: 'Dashboard figures',
    staff: true,
    answer: answers.statsAnswer,
    code: { procedure: '`leads.stats`', model: '`models/leads/stats.ts`', screen: '`src/pages/admin/dashboard/`' },
    handle: (c) => c.stats(),
  },
  {
    method: 'get',
    path: '/api/admin/stats/conversion.csv',
    summary: 'Leads, closed deals, conversion and premium written by source and by agent for a period, as CSV',
    staff: true,
    query: conversionInput,
    csv: true,
    code: {
      procedure: '`leads.conversion`, then written as CSV by the route',
      input: '`conversionInput` (`schemas/lead-conversion.ts`)',
      model: '`models/leads/conversion.ts`',
      screen: '`dashboard/ConversionTable.tsx`',
    },
    handle: async (c, req, res) => {
      const table = await c.conversion({ period: req.query.period as ConversionInput['period'] });
      res
        .status(200)
        .set(csvAttachment(`conversion-${table.period}.csv`))
        .send(conversionCsv(table));
    },
  },
]);
