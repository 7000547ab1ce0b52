// How a premium is written in the conversion table and its CSV: dollars with cents, or "—" when
// unknown. Apart from schemas/lead-conversion.ts so the dashboard's first screen loads no zod or CSV code.
export const premiumText = (cents: number | null) =>
  cents === null ? '—' : `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
