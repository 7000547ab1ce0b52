// The escalation ladder's notices (models/leads/escalate.ts): a reminder to a lead's holder and the
// admins' notice, as a Slack message and an email. The email goes to the holder or to the admins,
// falling back to the team's addresses (LEADS_NOTIFY_EMAIL) when the account has none.
import type { LeadView } from '../schemas/lead.ts';
import { StaffModel } from '../models/staff';
import { leadLink } from './format.ts';
import type { MailMessage } from './mail-message.ts';

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface EscalationData {
  text: string;
  holder: string | null;
}

export function escalationSlack(lead: LeadView, data: EscalationData, publicUrl: string) {
  return { text: `${data.text}. <${leadLink(publicUrl, lead.leadId)}|Open the lead>` };
}

export function escalationMail(lead: LeadView, data: EscalationData, publicUrl: string): MailMessage {
  const link = leadLink(publicUrl, lead.leadId);
  return {
    subject: data.text.slice(0, 200),
    text: `${data.text}.\n\nOpen the lead: ${link}`,
    html: `<p>${esc(data.text)}.</p><p><a href="${esc(link)}">Open the lead</a></p>`,
  };
}

/** Who the email goes to: the holder for a reminder, the admins for the escalation, else the team. */
export async function escalationRecipients(kind: string, data: EscalationData, team: string[]): Promise<string[]> {
  const filter = kind === 'holder-reminder' && data.holder ? { name: data.holder } : kind === 'escalation' ? { isAdmin: true } : null;
  const found = filter ? (await StaffModel.find(filter).select({ email: 1 }).lean()).map((s) => s.email) : [];
  return found.length ? found : team;
}
