// POST /api/slack/interactive: a click on a "Claim for {agent}" button in Slack. The signature is
// checked over the raw body, then the lead is claimed through the same model as in the console.
import express, { type Express, type Request, type Response, type NextFunction } from 'express';
import { z } from 'zod';
import type { Config } from '../../server/config.ts';
import { DomainError } from '../../server/errors.ts';
import { logger } from '../../server/logger.ts';
import { claimLead, getLeadView } from '../../models/leads';
import { enqueueSlackReply } from '../../models/outbox';
import { rememberSignature } from './replay-store.ts';
import { MAX_SIGNATURE_AGE_S, verifySlackSignature } from './signature.ts';
import { isSlackResponseUrl } from './response-url.ts';
import { CLAIM_ACTION, claimedMessage, ephemeralNote } from './message.ts';

export const SLACK_INTERACTIVE_PATH = '/api/slack/interactive';

const claimPayload = z.object({
  type: z.literal('block_actions'),
  user: z.object({ id: z.string(), username: z.string().optional(), name: z.string().optional() }),
  response_url: z.url({ protocol: /^https?$/ }),
  actions: z
    .array(
      z.object({
        action_id: z.string().startsWith(CLAIM_ACTION),
        action_ts: z.string().optional(),
        value: z.string().transform((v, ctx) => {
          try {
            return z.object({ leadId: z.string().min(1).max(64), agent: z.string().min(1).max(100) }).parse(JSON.parse(v));
          } catch {
            ctx.addIssue({ code: 'custom', message: 'not a claim' });
            return z.NEVER;
          }
        }),
      }),
    )
    .length(1),
});

/** The claim a payload asks for, or null for anything else Slack may send. */
function readClaim(raw: Buffer) {
  const payload = new URLSearchParams(raw.toString('utf8')).get('payload');
  if (!payload) return null;
  try {
    const parsed = claimPayload.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** `responseOrigin`: where a reply may go (Slack's hooks host unless a test names its stand-in). */
export function slackInteractive(config: Config, clock: () => Date = () => new Date(), responseOrigin?: string) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const secret = config.SLACK_SIGNING_SECRET;
      if (!secret) return void res.status(401).json({ error: 'Slack interactivity is not configured on this server' });
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const timestamp = req.get('x-slack-request-timestamp');
      const signature = req.get('x-slack-signature');
      const check = verifySlackSignature({ secret, timestamp, signature, body, now: clock() });
      if (!check.ok) return void res.status(401).json({ error: check.reason });
      const expiresAt = new Date((Number(timestamp) + MAX_SIGNATURE_AGE_S + 60) * 1000);
      if (!(await rememberSignature(signature!, expiresAt))) return void res.status(401).json({ error: 'Replayed Slack request' });

      const payload = readClaim(body);
      if (!payload) return void res.status(400).json({ error: 'Not a claim from a lead alert' });
      const { leadId, agent } = payload.actions[0]!.value;
      const who = payload.user.username || payload.user.name || payload.user.id;
      const replyKey = payload.actions[0]!.action_ts ?? signature!.slice(3, 23);
      const opts = { publicUrl: config.publicUrl, now: clock() };
      let message;
      try {
        const lead = await claimLead(leadId, agent, { name: `${who} (Slack)` });
        message = claimedMessage(lead, { ...opts, note: `Claimed for ${lead.claimedBy} by ${who} in Slack.` });
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        // Someone was quicker: the message now says who holds the lead. Other refusals only tell the clicker.
        const lead = err.code === 'CONFLICT' ? await getLeadView(leadId).catch(() => null) : null;
        message = lead
          ? claimedMessage(lead, { ...opts, note: `${who} tried to claim it for ${agent}: ${err.message}` })
          : ephemeralNote(err.message);
      }
      // The claim stands either way; a reply goes only to Slack's own host.
      if (isSlackResponseUrl(payload.response_url, responseOrigin))
        await enqueueSlackReply(replyKey, leadId, { responseUrl: payload.response_url, message });
      else logger.warn({ leadId }, 'Slack response_url is not on Slack: no reply sent');
      res.status(200).end();
    } catch (err) {
      next(err);
    }
  };
}

/** Mounted before the JSON parser: the signature covers the body exactly as it arrived. */
export function mountSlackRoutes(app: Express, config: Config, opts: { responseOrigin?: string } = {}): void {
  app.post(
    SLACK_INTERACTIVE_PATH,
    express.raw({ type: () => true, limit: '100kb' }),
    slackInteractive(config, undefined, opts.responseOrigin),
  );
}
