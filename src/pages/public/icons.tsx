// Inline SVG icons for the public pages: no icon font, no network request, styled with currentColor.
import type { SVGProps } from 'react';
import type { IconName } from '../../content.ts';

type UiIconName = IconName | 'menu' | 'close' | 'arrow' | 'quote' | 'star' | 'alert' | 'success';

const paths: Record<UiIconName, React.ReactNode> = {
  heart: <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7a4.3 4.3 0 0 1 7.5 2.8C19.5 15.4 12 20 12 20z" />,
  shield: (
    <>
      <path d="M12 3l7.5 3v5.2c0 4.6-3.1 8.5-7.5 9.8-4.4-1.3-7.5-5.2-7.5-9.8V6z" />
      <path d="M8.8 12.2l2.2 2.2 4.2-4.4" />
    </>
  ),
  chat: (
    <>
      <path d="M4.5 4.5h15a1.5 1.5 0 0 1 1.5 1.5v9a1.5 1.5 0 0 1-1.5 1.5H12l-4.5 3.8v-3.8h-3A1.5 1.5 0 0 1 3 15V6a1.5 1.5 0 0 1 1.5-1.5z" />
      <path d="M7.5 9h9M7.5 12h5.5" />
    </>
  ),
  support: (
    <>
      <path d="M4 15v-3a8 8 0 0 1 16 0v3" />
      <path d="M4 14h3v5H5.5A1.5 1.5 0 0 1 4 17.5zM20 14h-3v5h1.5a1.5 1.5 0 0 0 1.5-1.5z" />
    </>
  ),
  users: (
    <>
      <circle cx="9" cy="8" r="3.2" />
      <path d="M3 20a6 6 0 0 1 12 0" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M16.5 14.2A5 5 0 0 1 21 19.5" />
    </>
  ),
  map: (
    <>
      <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" />
      <circle cx="12" cy="10" r="2.3" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3.5 6.5L12 12.5l8.5-6" />
    </>
  ),
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  tag: (
    <>
      <path d="M3.5 11.6V4.5a1 1 0 0 1 1-1h7.1l9 9-8.1 8.1z" />
      <circle cx="8" cy="8" r="1.4" />
    </>
  ),
  scale: <path d="M12 4v16M8 20h8M5 7.5h14M5 7.5l-2.7 6a2.7 2.7 0 0 0 5.4 0zM19 7.5l-2.7 6a2.7 2.7 0 0 0 5.4 0z" />,
  cycle: <path d="M19.5 10.5A7.7 7.7 0 0 0 5.3 8M4.5 4v4h4M4.5 13.5A7.7 7.7 0 0 0 18.7 16M19.5 20v-4h-4" />,
  menu: <path d="M4 7h16M4 12h16M4 17h16" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  arrow: <path d="M5 12h14M13 6l6 6-6 6" />,
  quote: <path d="M10 7H6.5A1.5 1.5 0 0 0 5 8.5V12h4v5H5v-5M19 7h-3.5A1.5 1.5 0 0 0 14 8.5V12h4v5h-4v-5" />,
  star: <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />,
  alert: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5v5.5M12 16.2v.1" />
    </>
  ),
  success: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M8 12.3l2.7 2.7L16 9.5" />
    </>
  ),
};

/** A decorative icon; give the surrounding control its accessible name. */
export function Icon({ name, className = 'h-6 w-6', ...rest }: { name: UiIconName } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...rest}
    >
      {paths[name]}
    </svg>
  );
}
