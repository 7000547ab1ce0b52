// The WebAuthn relying party of a request: its host name when that is one this server is configured
// for (localhost, an ADMIN_HOSTS name, PUBLIC_URL's host), never an arbitrary Host header, and
// the browser origin on that host that passkey responses must come from: PUBLIC_URL's scheme and
// port, or the port this server listens on, never another port of the same host (another program
// there could otherwise use the console's passkeys).
import type { Request } from 'express';
import type { Config } from './config.ts';
import { badRequest } from './errors.ts';

export interface RelyingParty {
  rpID: string;
  origin: string;
}

export function allowedRpIds(config: Config): string[] {
  return ['localhost', ...config.ADMIN_HOSTS, new URL(config.publicUrl).hostname].map((h) => h.toLowerCase());
}

/** The origins a passkey response may come from on host `rpID`. */
export function allowedOrigins(rpID: string, config: Config, listenPort?: number): Set<string> {
  const pub = new URL(config.publicUrl);
  const hostPart = rpID.includes(':') ? `[${rpID}]` : rpID;
  const out = new Set<string>([`${pub.protocol}//${hostPart}${pub.port ? `:${pub.port}` : ''}`]);
  if (listenPort) for (const scheme of ['http:', 'https:']) out.add(new URL(`${scheme}//${hostPart}:${listenPort}`).origin);
  return out;
}

/** The relying party for this request, or 400 when it reached the server under another name. */
export function relyingPartyOf(req: Request, config: Config): RelyingParty {
  const rpID = (req.hostname ?? '').toLowerCase();
  if (!rpID || !allowedRpIds(config).includes(rpID)) throw badRequest('Passkeys work only on this console’s own address.');
  const originHeader = req.get('origin');
  let origin = `${req.protocol}://${req.get('host') ?? rpID}`;
  if (originHeader) {
    let parsed: URL;
    try {
      parsed = new URL(originHeader);
    } catch {
      throw badRequest('Passkeys work only on this console’s own address.');
    }
    if (parsed.hostname.toLowerCase() !== rpID || !/^https?:$/.test(parsed.protocol))
      throw badRequest('Passkeys work only on this console’s own address.');
    origin = parsed.origin;
  }
  if (!allowedOrigins(rpID, config, req.socket?.localPort).has(origin))
    throw badRequest('Passkeys work only on this console’s own address.');
  return { rpID, origin };
}
