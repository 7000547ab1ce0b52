// Where a North American phone number rings: its US state (null in Canada and the Caribbean) and its
// IANA time zones, from the area code. The table (schemas/area-codes.json) is Google's libphonenumber
// data kept in the repository; `node scripts/area-codes.mjs` refreshes it. An area code that spans
// zones (208: Boise and Los Angeles) lists them all, so a calling window can require every one.
import areaCodes from './area-codes.json' with { type: 'json' };
import { phoneKey } from './phone.ts';

export interface PhoneRegion {
  /** 2-letter code of a US state, DC or Puerto Rico; null elsewhere. */
  state: string | null;
  timeZones: string[];
}

const table = areaCodes as unknown as Record<string, [string | null, string[]]>;

/** The region of a stored phone ("+13035557001", "(303) 555-7001"), or null for a number outside the plan or unknown. */
export function phoneRegion(phone: string): PhoneRegion | null {
  const text = phone.trim();
  if (text.startsWith('+') && !text.startsWith('+1')) return null; // another country's number
  const digits = phoneKey(text);
  if (digits.length !== 10) return null;
  const row = table[digits.slice(0, 3)];
  return row ? { state: row[0], timeZones: row[1] } : null;
}
