// An island: a part of a server-rendered public page that the browser hydrates on its own
// (src/entry-public.tsx). The rest of the page stays the server's HTML, with no JavaScript behind it.
import type { ReactNode } from 'react';

/** The islands the public bundle knows how to hydrate, by the name written in `data-island`. */
export type IslandName = 'header' | 'lead-form';

/**
 * Wraps an island's HTML in an element of its own for `hydrateRoot` (`display: contents`, so the
 * layout is as if it were not there). What it wraps must render the same with no router and no
 * parent: the browser renders it as a root of its own, so `useId` is no use across the boundary.
 * `props`, when given, go to the island's component in the browser as JSON (`data-props`), so it
 * starts from the state the server rendered (the lead form after a refused submission).
 */
export function Island({ name, props, children }: { name: IslandName; props?: object; children: ReactNode }) {
  return (
    <div data-island={name} data-props={props ? JSON.stringify(props) : undefined} className="contents">
      {children}
    </div>
  );
}
