// A small seeded random generator for tests (mulberry32): the same seed replays the same sequence,
// so a simulated week or a property test's operations are the same every run.

/** Numbers in [0, 1) from `seed`, the same ones every run. */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
