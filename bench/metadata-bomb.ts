// The request body of the review's CPU attack on superjson: an input annotated
// as a Set, plus thousands of `referentialEqualities` paths for superjson to walk, about 93 kB.
// Shared by the flood bench and the integration test that checks each one is refused.

/** A /trpc body carrying `json` with metadata superjson would spend seconds decoding. */
export function metadataBomb(json: unknown, paths = 6_300): string {
  const same = Array.from({ length: paths }, (_, i) => `page.${i % 97}.${i}`);
  return JSON.stringify({ json, meta: { values: { page: ['set'] }, referentialEqualities: { page: same }, v: 1 } });
}
