// The documented row of Slack's interactivity route. Its handler checks Slack's signature over the raw body,
// so it is mounted on its own (notify/slack/interactive.ts, by web/app.ts) rather than as a REST row.
import { z } from 'zod';
import { slackInteractiveForm } from '../schemas/api.ts';
import type { DocumentedRoute } from './rest.ts';

export const slackInteractiveRoute: DocumentedRoute = {
  method: 'post',
  path: '/api/slack/interactive',
  summary: "Slack's interactivity requests (signed)",
  form: slackInteractiveForm,
  answer: z.looseObject({}),
  code: {
    procedure: '(route of its own, `notify/slack/interactive.ts`)',
    input: "Slack's form-encoded `payload`",
    model: '`notify/slack/replay-store.ts`, `models/leads/lead.ts` `claimLead`',
    screen: 'Slack',
  },
};
