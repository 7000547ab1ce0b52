// Links and the current path for the public pages, free of any router library: the public
// bundle brings its own few lines of history handling (PublicApp), the console's React Router
// app passes its location in (App). Without either, links are plain full-page links.
import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

export interface Nav {
  pathname: string;
  navigate(to: string): void;
}

export const NavContext = createContext<Nav | null>(null);

export const useLocation = () => ({ pathname: useContext(NavContext)?.pathname ?? '/' });

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'> & {
  to: string;
  className?: string;
  children?: ReactNode;
};

/** An <a> that navigates in the page on a plain left click, as a router's link does. */
export function Link({ to, onClick, children, ...rest }: LinkProps) {
  const nav = useContext(NavContext);
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (!nav || e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey || rest.target) return;
    e.preventDefault();
    nav.navigate(to);
  };
  return (
    <a href={to} onClick={click} {...rest}>
      {children}
    </a>
  );
}

/** A link that knows whether it points at the current page (exact match), and says so to screen readers. */
export function NavLink({
  to,
  className,
  end: _exact,
  ...rest
}: Omit<LinkProps, 'className'> & { className: (s: { isActive: boolean }) => string; end?: boolean }) {
  const isActive = useLocation().pathname.replace(/(.)\/+$/, '$1') === to;
  return <Link to={to} className={className({ isActive })} aria-current={isActive ? 'page' : undefined} {...rest} />;
}
