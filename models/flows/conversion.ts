// The dashboard's conversion table with the premium written (docs/product.md §3): the leads count the
// leads and closed deals, the policies the premium; composed here so neither domain imports the other.
import type { AnalyticsPeriod } from '../../schemas/analytics-periods.ts';
import type { ConversionTable } from '../../schemas/lead-conversion.ts';
import { calendarDaysOf, periodWindows } from '../../schemas/period-windows.ts';
import { conversionTable } from '../leads';
import { premiumWrittenBy } from '../policies';

/**
 * The conversion table of a period, premium written included, for today in the office's time zone. Once
 * `signal` aborts (the caller has gone) the reading stops with its reason.
 */
export async function conversionWithPremium(
  period: AnalyticsPeriod,
  timeZone: string,
  { now = new Date(), signal }: { now?: Date; signal?: AbortSignal } = {},
): Promise<ConversionTable> {
  const written = await premiumWrittenBy(calendarDaysOf(periodWindows(period, now, timeZone).current, timeZone));
  signal?.throwIfAborted();
  return conversionTable(period, timeZone, now, written, signal);
}
