// The minute clock the console's ages, relative times and calling-hours checks follow: the time now,
// moved on every minute and, when `refreshedAt` changes (a list refetched), at once.
import { useEffect, useState } from 'react';

export function useMinuteClock(refreshedAt?: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    if (refreshedAt !== undefined) setNow(Date.now());
  }, [refreshedAt]);
  return now;
}
