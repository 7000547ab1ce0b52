// Puts a count in front of the browser tab's title, "(3) Lead Management | ...", on every admin
// page, so a broker sees their open work from another tab.
import { useEffect } from 'react';

const COUNT_PREFIX = /^\(\d+\) /;

/** The title with `count` in front (none for 0), whatever count it carried before. */
export const titleWithCount = (title: string, count: number) => `${count > 0 ? `(${count}) ` : ''}${title.replace(COUNT_PREFIX, '')}`;

/**
 * Keeps the count in the title while mounted. The app shell sets each page's title after this
 * component's effects run, so a watch on <title> re-applies the count whenever the title changes.
 */
export function useTitleCount(count: number) {
  useEffect(() => {
    const apply = () => {
      const next = titleWithCount(document.title, count);
      if (next !== document.title) document.title = next;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = titleWithCount(document.title, 0);
    };
  }, [count]);
}
