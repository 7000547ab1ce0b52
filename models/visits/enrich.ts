// Enrichment of a tracking call: the daily salted visitor hash, browser, OS and device from the user
// agent, place from the offline city data, and the referrer's source. The raw client address is never
// stored: it is hashed with a random salt that belongs to one local day and is deleted afterwards,
// so yesterday's hashes cannot be linked to anyone.
import { randomBytes } from 'node:crypto';
import { UAParser } from 'ua-parser-js';
import { lookup } from '../../server/geo.ts';
import { VisitSaltModel } from './schema.ts';

/** One salt per local day, shared by every server on the database, cached in memory. */
const salts = new Map<string, Promise<string>>();
/** Forgets the cached salts (tests that start over on a fresh database). */
export const forgetSalts = () => salts.clear();
export function saltFor(day: string): Promise<string> {
  let salt = salts.get(day);
  if (!salt) {
    salt = VisitSaltModel.findOneAndUpdate(
      { _id: day },
      { $setOnInsert: { salt: randomBytes(32).toString('base64') } },
      { upsert: true, new: true },
    )
      .lean()
      .then((doc) => doc!.salt);
    salt.catch(() => salts.delete(day));
    for (const key of salts.keys()) if (key < day) salts.delete(key);
    salts.set(day, salt);
  }
  return salt;
}

export interface EnrichedVisit {
  at: Date;
  page: string;
  browser: string;
  os: string;
  device: string;
  country: string | null;
  state: string | null;
  city: string | null;
  referrer: string;
  visitor: string;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
export const countryName = (code: string) => {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
};

/** Browser, OS and device type from the user agent. "Mobile Safari" is Safari on a mobile device. */
export function parseUserAgent(ua: string): { browser: string; os: string; device: string } {
  // Visitors share a handful of user agents: parse each once.
  const known = parsedAgents.get(ua);
  if (known) return known;
  const r = UAParser(ua);
  const browser = (r.browser.name ?? 'Other').replace(/^Mobile /, '');
  const type = r.device.type;
  const device = type === 'mobile' || type === 'wearable' ? 'Mobile' : type === 'tablet' ? 'Tablet' : 'Desktop';
  const parsed = { browser, os: r.os.name ?? 'Other', device };
  if (parsedAgents.size >= 2000) parsedAgents.clear();
  parsedAgents.set(ua, parsed);
  return parsed;
}
const parsedAgents = new Map<string, { browser: string; os: string; device: string }>();

/** Country, US state and city of an address from the offline city data (server/geo.ts); nulls when unknown. */
export function locate(ip: string) {
  const hit = lookup(ip);
  if (!hit) return { country: null, state: null, city: null };
  const place = hit.country === 'US' ? hit.state : countryName(hit.country);
  const city = hit.city ? (place ? `${hit.city}, ${place}` : hit.city) : null;
  return { country: hit.country, state: hit.state, city };
}

/** The referrer's host without "www.", or "direct" for none, an unreadable one or this site itself. */
export function referrerSource(referrer: string, ownHost?: string): string {
  const value = referrer.trim();
  if (!value || value === 'direct') return 'direct';
  try {
    const host = new URL(value).hostname.toLowerCase().replace(/^www\./, '');
    if (!host || (ownHost && host === ownHost.toLowerCase().replace(/^www\./, ''))) return 'direct';
    return host.slice(0, 100);
  } catch {
    return 'direct';
  }
}
