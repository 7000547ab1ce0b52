// Small formatting shared by the Slack and email notices: masked contact details and a lead's age.
import { formatPhone } from '../schemas/phone.ts';

/** "jane.doe@example.com" -> "j•••@example.com": enough to recognise, not enough to use from a shared channel. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** "+13035550142" -> "(•••) •••-0142": the formatted phone (schemas/phone.ts) with all but its last four digits hidden. */
export function maskPhone(phone: string): string {
  const shown = formatPhone(phone);
  let keep = 4;
  if (shown.replace(/\D/g, '').length < keep) return '•••';
  return [...shown]
    .reverse()
    .map((c) => (/\d/.test(c) && keep-- <= 0 ? '•' : c))
    .reverse()
    .join('');
}

/** "just now", "12 min ago", "3 h 5 min ago", "2 days ago". */
export function ageText(createdAt: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min ago` : `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** The console's page for one lead. */
export const leadLink = (publicUrl: string, leadId: string) => `${publicUrl}/admin/leads?lead=${encodeURIComponent(leadId)}`;

export const sourceText = (source: string) => (source === 'admin' ? 'added in the console' : 'website form');
