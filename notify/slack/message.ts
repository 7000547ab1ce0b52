// Slack Block Kit messages: the new-lead alert with one claim button per agent, the reminder, and the
// message after a claim. Contact details are masked; the console link leads to the rest.
import type { LeadView } from '../../schemas/lead.ts';
import { ageText, leadLink, maskEmail, maskPhone, sourceText } from '../format.ts';

export const CLAIM_ACTION = 'claim_lead';
/** Slack allows 25 elements in one actions block. */
const BUTTONS_PER_BLOCK = 25;

type Block = Record<string, unknown>;
export interface SlackMessage {
  text: string;
  blocks: Block[];
  [key: string]: unknown;
}

/**
 * Slack reads these three as markup in every text it shows, the top-level `text` of notifications
 * included (`<!channel>`, `<https://evil|bank>`); a visitor's name must stay plain letters.
 */
export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The value a claim button carries back: which lead, for which agent. */
export function claimValue(leadId: string, agent: string): string {
  return JSON.stringify({ leadId, agent });
}

function leadFields(lead: LeadView, now: Date): Block {
  return {
    type: 'section',
    fields: [
      { type: 'mrkdwn', text: `*Name*\n${esc(lead.name)}` },
      { type: 'mrkdwn', text: `*Arrived*\n${ageText(lead.createdAt, now)}` },
      { type: 'mrkdwn', text: `*Email*\n${esc(maskEmail(lead.email))}` },
      { type: 'mrkdwn', text: `*Phone*\n${esc(maskPhone(lead.phone))}` },
      { type: 'mrkdwn', text: `*Source*\n${sourceText(lead.source)}` },
    ],
  };
}

function header(lead: LeadView, publicUrl: string, title: string): Block {
  return { type: 'section', text: { type: 'mrkdwn', text: `*${title}:* <${leadLink(publicUrl, lead.leadId)}|${esc(lead.name)}>` } };
}

/** The alert for a new lead (or the 20-hour reminder), with a "Claim for {agent}" button per agent. */
export function leadAlert(lead: LeadView, agents: string[], opts: { publicUrl: string; now: Date; reminder?: boolean }): SlackMessage {
  const title = opts.reminder ? 'Still unclaimed after 20 hours' : 'New lead';
  const blocks: Block[] = [header(lead, opts.publicUrl, title), leadFields(lead, opts.now)];
  if (lead.duplicateOf)
    blocks.push({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: 'Possibly a repeat of an earlier lead from the same email or phone.' }],
    });
  for (let i = 0; i < agents.length; i += BUTTONS_PER_BLOCK) {
    blocks.push({
      type: 'actions',
      block_id: `claim_${i / BUTTONS_PER_BLOCK}`,
      elements: agents.slice(i, i + BUTTONS_PER_BLOCK).map((agent, j) => ({
        type: 'button',
        action_id: `${CLAIM_ACTION}_${i + j}`,
        text: { type: 'plain_text', text: `Claim for ${agent}`.slice(0, 75) },
        value: claimValue(lead.leadId, agent),
        ...(j === 0 && i === 0 ? { style: 'primary' } : {}),
      })),
    });
  }
  if (!agents.length) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: 'No agents yet: claim it in the console.' }] });
  const name = esc(lead.name);
  const text = opts.reminder ? `Reminder: ${name} is still unclaimed after 20 hours` : `New lead: ${name}`;
  return { text, blocks };
}

/** The message once someone holds the lead: the buttons give way to who holds it. */
export function claimedMessage(lead: LeadView, opts: { publicUrl: string; now: Date; note: string }): SlackMessage {
  const holder = lead.claimedBy ? `Claimed by *${esc(lead.claimedBy)}*` : 'Not claimed';
  return {
    replace_original: true,
    text: lead.claimedBy ? `${esc(lead.name)} is claimed by ${esc(lead.claimedBy)}` : esc(lead.name),
    blocks: [
      header(lead, opts.publicUrl, 'Lead'),
      leadFields(lead, opts.now),
      { type: 'section', text: { type: 'mrkdwn', text: holder } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: esc(opts.note) }] },
    ],
  };
}

/** A note only the person who clicked sees (an unknown agent, a deleted lead). */
export function ephemeralNote(text: string): SlackMessage {
  return {
    response_type: 'ephemeral',
    replace_original: false,
    text: esc(text),
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: esc(text) } }],
  };
}
