// What a customer record lacks and how old a customer is: the required details an edit may leave empty,
// those the record really lacks (a birth date gives the age, a policy the carrier; docs/customer-import.md),
// and the age of a birth date. Shared by the list, the card and the server's edit rule.
import { REQUIRED_DETAILS, type RequiredDetail } from './customer.ts';

const unset = (v: unknown) => v === null || v === undefined || v === '';

/** The required details whose field is empty on a stored customer, in form order: an edit may leave these empty. */
export const unsetDetails = (c: { age?: number | null; insuranceProvider?: string | null }): RequiredDetail[] =>
  REQUIRED_DETAILS.filter((k) => unset(c[k]));

/**
 * The required details a customer really lacks, in form order: the age when neither it nor a birth date
 * is known (a summary's age is already the one of its birth date), the insurance provider when the field is
 * empty and no policy names a carrier either (docs/customer-import.md: an import gives the carrier per policy).
 */
export const missingDetails = (c: {
  age?: number | null;
  birthDate?: string | null;
  insuranceProvider?: string | null;
  policies?: readonly unknown[];
}): RequiredDetail[] => unsetDetails(c).filter((k) => (k === 'age' ? unset(c.birthDate) : !c.policies?.length));

/** Whole years from a birth date (YYYY-MM-DD) to a day; null when the day is before the birth. */
export function ageOn(birthDate: string, today: string): number | null {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  const age = today.slice(5) < birthDate.slice(5) ? years - 1 : years;
  return age >= 0 ? age : null;
}
