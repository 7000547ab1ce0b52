// Phones on screen: a stored phone formatted for reading, and as the `tel:` address a phone dials.

/** "+13035557001" -> "(303) 555-7001"; other countries in international form; other text unchanged (schemas/phone.ts). */
export { formatPhone } from '../../schemas/phone.ts';

const E164 = /^\+[1-9]\d{6,14}$/;
/** A stored North American number: +1, an area code not starting with 0 or 1, then seven digits. */
const NANP = /^\+1([2-9]\d{2})(\d{3})(\d{4})$/;

/**
 * formatPhone's answer where it is known without libphonenumber's metadata (about 28 kB gzip): text
 * that is not a stored E.164 number (shown as it is) and North American numbers ("(303) 555-7001").
 * Null for another country's number, which needs formatPhone.
 */
export function formatPhoneQuick(phone: string): string | null {
  if (!E164.test(phone)) return phone;
  const m = NANP.exec(phone);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : null;
}

/** `tel:+13035551234` for a US number however it was typed; other numbers keep their digits. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return `tel:+${digits}`;
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`;
  return `tel:${digits}`;
}
