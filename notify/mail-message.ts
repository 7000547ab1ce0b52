// Email notices: the team's new-lead notice and reminder, and the visitor's acknowledgement. Plain text
// and HTML. They carry contact details only: never notes, never anything medical.
import type { LeadView } from '../schemas/lead.ts';
import { site } from '../schemas/brokerage.ts';
import { ageText, leadLink, maskEmail, maskPhone, sourceText } from './format.ts';

export interface MailMessage {
  subject: string;
  text: string;
  html: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(paragraphs: string[]): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`;
}

/** To LEADS_NOTIFY_EMAIL: who arrived and where to claim them (contact details masked, as in Slack). */
export function teamNotice(lead: LeadView, opts: { publicUrl: string; now: Date; reminder?: boolean }): MailMessage {
  const link = leadLink(opts.publicUrl, lead.leadId);
  const subject = opts.reminder ? `Still unclaimed after 20 hours: ${lead.name}` : `New lead: ${lead.name}`;
  const intro = opts.reminder
    ? `${lead.name} has waited 20 hours without an agent. The 24-hour promise lapses in 4 hours.`
    : `A new lead arrived (${sourceText(lead.source)}).`;
  const rows: [string, string][] = [
    ['Name', lead.name],
    ['Email', maskEmail(lead.email)],
    ['Phone', maskPhone(lead.phone)],
    ['Arrived', ageText(lead.createdAt, opts.now)],
  ];
  if (lead.duplicateOf) rows.push(['Note', 'Possibly a repeat of an earlier lead']);
  const text = [intro, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', `Claim it in the console: ${link}`].join('\n');
  const html = page([
    esc(intro),
    rows.map(([k, v]) => `<strong>${esc(k)}:</strong> ${esc(v)}`).join('<br>'),
    `<a href="${esc(link)}">Open the lead in the console</a>`,
  ]);
  return { subject, text, html };
}

/**
 * To the visitor: we have your request, and a broker replies within 24 hours, Monday - Sunday.
 * Fixed text only: whatever a visitor typed (a name, a link) is never echoed to the address they
 * typed, so the form cannot relay a message under the brokerage's name.
 */
export function visitorAcknowledgement(): MailMessage {
  const promise = `A licensed broker will contact you ${site.response.time.toLowerCase()}, ${site.response.days}.`;
  const contact = `Questions in the meantime? Write to ${site.emails.general}.`;
  const text = ['Hello,', '', `Thank you for contacting ${site.name}. We received your request.`, promise, '', contact, '', site.name].join(
    '\n',
  );
  const html = page([
    'Hello,',
    `Thank you for contacting ${esc(site.name)}. We received your request.<br>${esc(promise)}`,
    `Questions in the meantime? Write to <a href="mailto:${esc(site.emails.general)}">${esc(site.emails.general)}</a>.`,
    esc(site.name),
  ]);
  return { subject: `We received your request - ${site.name}`, text, html };
}

/** To a staff member about their own account (a factor changed, sign-in locked): never a code or secret. */
export function accountMail(data: { subject: string; text: string }): MailMessage {
  return { subject: data.subject, text: data.text, html: page(data.text.split('\n\n').map(esc)) };
}
