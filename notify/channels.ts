// Delivery to the outside peers: Slack's webhook and response URLs over HTTPS, and email over SMTP.
import type { Transporter } from 'nodemailer';
import type { Config } from '../server/config.ts';
import type { MailMessage } from './mail-message.ts';

/** A failure that retrying will not fix (the peer refused the request itself); others are outages. */
export class PermanentError extends Error {}

const SEND_TIMEOUT_MS = 15_000;

/**
 * POSTs JSON to a Slack URL; 2xx is delivered, 429 and 5xx are outages, other 4xx are permanent.
 * A redirect is never followed (Slack's hooks answer directly): it fails the notice for good.
 */
export async function postToSlack(url: string, body: unknown): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  const answer = (await res.text().catch(() => '')).slice(0, 200);
  if (res.ok) return;
  if (res.status >= 300 && res.status < 400) throw new PermanentError(`Slack answered ${res.status}: a redirect, not followed`);
  const message = `Slack answered ${res.status}${answer ? `: ${answer}` : ''}`;
  if (res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 408) throw new PermanentError(message);
  throw new Error(message);
}

export interface Mailer {
  send(to: string | string[], message: MailMessage): Promise<void>;
  close(): void;
}

/** A pooled SMTP connection from SMTP_URL; null when email is off. */
export function createMailer(config: Config): Mailer | null {
  if (!config.SMTP_URL || !config.MAIL_FROM) return null;
  // nodemailer is loaded with the first message, not at start.
  let transport: Promise<Transporter> | undefined;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: config.SMTP_URL,
        connectionTimeout: SEND_TIMEOUT_MS,
        greetingTimeout: SEND_TIMEOUT_MS,
        socketTimeout: 2 * SEND_TIMEOUT_MS,
      }),
    ));
  return {
    async send(to, message) {
      try {
        await (await open()).sendMail({ from: config.MAIL_FROM, to, subject: message.subject, text: message.text, html: message.html });
      } catch (err) {
        // 5xx: the server refused this message (a bad address); anything else is an outage.
        const code = (err as { responseCode?: number }).responseCode;
        if (code && code >= 500) throw new PermanentError(`SMTP refused the message: ${(err as Error).message}`);
        throw err;
      }
    },
    close: () => void transport?.then((t) => t.close()).catch(() => {}),
  };
}
