// Compliance email, sent only when mail is on (SMTP_URL): the signing link to the person, and a copy of what
// they signed. Sent directly (not through the outbox, whose entries belong to a lead): a failure is logged and
// the console's link to copy still works (docs/compliance.md).
import type { Config } from '../server/config.ts';
import { logger } from '../server/logger.ts';
import { site } from '../schemas/brokerage.ts';
import { COMPLIANCE_TYPE_LABELS, type ComplianceRecordView, type ComplianceType } from '../schemas/compliance.ts';
import { createMailer, type Mailer } from './channels.ts';
import type { MailMessage } from './mail-message.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (paragraphs: string[]) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`;

export function signLinkMessage(type: ComplianceType, link: string, agent: string): MailMessage {
  const what = COMPLIANCE_TYPE_LABELS[type];
  const text = [
    'Hello,',
    '',
    `${agent} of ${site.name} asks you to review and sign: ${what}.`,
    `Open this link (it works once and expires): ${link}`,
    '',
    site.name,
  ].join('\n');
  const html = page([
    'Hello,',
    `${esc(agent)} of ${esc(site.name)} asks you to review and sign: ${esc(what)}.`,
    `<a href="${esc(link)}">Review and sign</a> (the link works once and expires).`,
    esc(site.name),
  ]);
  return { subject: `Please sign: ${what} - ${site.name}`, text, html };
}

export function signedCopyMessage(r: ComplianceRecordView): MailMessage {
  const what = COMPLIANCE_TYPE_LABELS[r.type];
  const facts = `Signed by ${r.signerName} on ${r.signedAt.toISOString()} (text version ${r.textVersion}).`;
  const text = ['Your copy:', '', r.text, '', facts, '', site.name].join('\n');
  const html = page([
    `Your copy of ${esc(what)}:`,
    `<pre style="white-space:pre-wrap;font-family:inherit">${esc(r.text)}</pre>`,
    esc(facts),
    esc(site.name),
  ]);
  return { subject: `Your signed copy: ${what} - ${site.name}`, text, html };
}

let mailer: { config: Config; mailer: Mailer | null } | null = null;

/** Sends when mail is on; never throws (a refused address must not undo a signature). */
export async function sendComplianceMail(config: Config, to: string, message: MailMessage): Promise<boolean> {
  if (!to) return false;
  if (mailer?.config !== config) mailer = { config, mailer: createMailer(config) };
  if (!mailer.mailer) return false;
  try {
    await mailer.mailer.send(to, message);
    return true;
  } catch (err) {
    logger.warn({ err: (err as Error).message }, 'compliance email not sent');
    return false;
  }
}
