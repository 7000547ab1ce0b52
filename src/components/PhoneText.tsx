// A stored phone formatted for reading, for screens that should not load libphonenumber up front (the
// dashboard, the console's first screen): North American numbers are formatted at once, and another
// country's number loads the full formatter and shows as stored until it has.
import { useEffect, useState } from 'react';
import { formatPhoneQuick } from '../lib/phone.ts';

type Format = (phone: string) => string;
/** The full formatter once loaded, kept for every later render. */
let fullFormat: Format | null = null;

export function PhoneText({ phone }: { phone: string }) {
  const quick = formatPhoneQuick(phone);
  const [format, setFormat] = useState<Format | null>(() => fullFormat);
  useEffect(() => {
    if (quick !== null || format) return;
    let live = true;
    import('../../schemas/phone.ts').then(
      (m) => {
        fullFormat = m.formatPhone;
        if (live) setFormat(() => m.formatPhone);
      },
      (err: unknown) => console.error('Error loading the phone formatter:', err),
    );
    return () => {
      live = false;
    };
  }, [quick, format]);
  return quick ?? (format ? format(phone) : phone);
}
