// Phones on screen: a stored phone formatted for reading, and as the `tel:` address a phone dials.

/** "+13035557001" -> "(303) 555-7001"; other countries in international form; other text unchanged (schemas/phone.ts). */
export { formatPhone } from '../../schemas/phone.ts';

/** `tel:+13035551234` for a US number however it was typed; other numbers keep their digits. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return `tel:+${digits}`;
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`;
  return `tel:${digits}`;
}
