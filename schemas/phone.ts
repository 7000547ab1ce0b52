// Phone numbers in one standard form: stored as E.164 when they can be, compared by a key that ignores
// the US country code, and shown formatted (docs/product.md §5). The small metadata set keeps the
// browser's bundle light.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** The brokerage is in the US: a number written without a country code is taken as a US number. */
const DEFAULT_COUNTRY = 'US';
const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * The form a phone is stored in: "+13035557001" for a possible US number however it was typed, E.164
 * for a number written with + and another country code, else the text as typed (trimmed).
 */
export function normalisePhone(typed: string): string {
  const text = typed.trim();
  const parsed = parsePhoneNumberFromString(text, DEFAULT_COUNTRY);
  return parsed?.isPossible() ? parsed.number : text;
}

/**
 * The digits duplicate detection and search compare: a US number's ten digits without its country
 * code 1, so "+1 303 555 7001", "1-303-555-7001" and "(303) 555-7001" are one number.
 */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** "(303) 555-7001" for a stored US number, "+44 20 7946 0958" for another country's, anything else as it is. */
export function formatPhone(phone: string): string {
  if (!E164.test(phone)) return phone;
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed) return phone;
  return parsed.countryCallingCode === '1' ? parsed.formatNational() : parsed.formatInternational();
}
