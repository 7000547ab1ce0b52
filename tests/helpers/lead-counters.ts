// Comparing the kept lead counters with a recount from the records.

/** The counts without their zeros: kept counters may hold a zero where a recount has no entry. */
export const nonZero = (m: Record<string, Record<string, number>>) =>
  Object.fromEntries(
    Object.entries(m)
      .map(([k, v]) => [k, Object.fromEntries(Object.entries(v).filter(([, n]) => n !== 0))])
      .filter(([, v]) => Object.keys(v).length),
  );
