// The WebAuthn relying party of a request: its host name when that is one this server is configured
// for (localhost, an ADMIN_HOSTS name, PUBLIC_URL's host), never an arbitrary Host header, and
// the browser origin on that host that passkey responses must come from.
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
  return { rpID, origin };
}
