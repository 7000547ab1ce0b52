// The dashboard's conversion table with the premium written (docs/product.md §3): the leads count the
// leads and closed deals, the policies the premium; composed here so neither domain imports the other.
import { conversionTable } from '../leads';
import { premiumWrittenBy } from '../policies';

/** The conversion table of a period, premium written included, for today in the office's time zone. */
export const conversionWithPremium = (period: Parameters<typeof conversionTable>[0], timeZone: string, now = new Date()) =>
  conversionTable(period, timeZone, now, premiumWrittenBy);
