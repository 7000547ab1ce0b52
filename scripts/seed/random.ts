// Deterministic pseudo-random numbers for the demo data (a linear congruential generator), so every demo
// database looks alike.

/** Numbers in [0, 1) from `seed`, the same ones every run. */
export function random(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) % 4294967296;
    return seed / 4294967296;
  };
}
