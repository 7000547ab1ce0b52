// The console's navigation: the sidebar from 768 px, a bar at the bottom of the screen below that, in
// reach of a thumb. The bottom bar holds the five screens every staff member uses; an admin's own screens
// (Staff, Audit Log, Privacy requests, Office settings, Compliance) sit behind "More", so no label runs into another.
import { useCallback, useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { adminPath, type AdminScreen } from '../../../schemas/host-mode.ts';
import { Icon, type GlyphName } from '../../components/Icon.tsx';
import { useDismiss } from '../../lib/use-dismiss.ts';

type NavItem = { screen: AdminScreen; label: string; icon: GlyphName };

export const NAV: NavItem[] = [
  { screen: 'dashboard', label: 'Dashboard', icon: 'dashboard' },
  { screen: 'analytics', label: 'Analytics', icon: 'analytics' },
  { screen: 'leads', label: 'Leads', icon: 'leads' },
  { screen: 'customers', label: 'Customers', icon: 'customers' },
  { screen: 'work', label: 'My work', icon: 'work' },
];

/** Only admins see these; the server refuses their procedures to everyone else anyway. */
export const ADMIN_NAV: NavItem[] = [
  { screen: 'staff', label: 'Staff', icon: 'staff' },
  { screen: 'audit', label: 'Audit Log', icon: 'audit' },
  { screen: 'privacy', label: 'Privacy requests', icon: 'privacy' },
  { screen: 'office', label: 'Office settings', icon: 'office' },
  { screen: 'commissions', label: 'Commissions', icon: 'commissions' },
  { screen: 'compliance', label: 'Compliance', icon: 'compliance' },
];

/** A bottom-bar entry on a phone (icon over a short label), a sidebar row from 768 px; white focus ring on the dark bar. */
const entry = (active: boolean) =>
  `flex min-h-14 min-w-0 flex-1 flex-col items-center justify-center gap-0.5 px-0.5 text-center text-[0.6875rem] font-medium leading-tight transition focus-visible:-outline-offset-4 focus-visible:outline-white md:min-h-11 md:flex-none md:flex-row md:justify-start md:gap-3 md:rounded-lg md:px-3 md:py-2 md:text-left md:text-sm ${
    active ? 'bg-white/15 text-white' : 'text-brand-100 hover:bg-white/10 hover:text-white'
  }`;

export function AdminNav({ adminHost, isAdmin, workCount }: { adminHost: boolean; isAdmin: boolean; workCount: number }) {
  const items = isAdmin ? [...NAV, ...ADMIN_NAV] : NAV;
  return (
    <nav
      aria-label="Admin"
      className="fixed inset-x-0 bottom-0 z-40 flex border-t border-white/10 bg-brand-900 pb-[env(safe-area-inset-bottom)] md:static md:flex-col md:gap-1 md:border-0 md:px-3 md:pb-0"
    >
      {items.map((item) => {
        const count = item.screen === 'work' ? workCount : 0;
        return (
          <NavLink
            key={item.screen}
            to={adminPath(adminHost, item.screen)}
            className={({ isActive }) => `${entry(isActive)} ${ADMIN_NAV.includes(item) ? 'hidden md:flex' : ''}`}
          >
            <span className="relative">
              <Icon name={item.icon} />
              <WorkCount
                count={count}
                className="absolute -right-2.5 -top-1.5 min-w-5 rounded-full bg-amber-400 px-1 text-center text-[0.7rem] font-bold leading-5 text-slate-900 md:hidden"
              />
            </span>
            {item.label}
            <WorkCount
              count={count}
              className="ml-auto hidden min-w-6 rounded-full bg-amber-400 px-1.5 text-center text-xs font-bold leading-6 text-slate-900 md:inline"
            />
            {count > 0 && <span className="sr-only">, {count} to do</span>}
          </NavLink>
        );
      })}
      {isAdmin && <MoreMenu adminHost={adminHost} />}
    </nav>
  );
}

/** My work's count on its entry: on the icon on a phone, at the end of the row on a wide screen. */
function WorkCount({ count, className }: { count: number; className: string }) {
  if (count <= 0) return null;
  return (
    <span aria-hidden="true" className={className}>
      {count}
    </span>
  );
}

/** The phone's "More": the admin screens in a list above the bar; closes on a pick, Escape or a tap outside. */
function MoreMenu({ adminHost }: { adminHost: boolean }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const root = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const here = ADMIN_NAV.some((item) => pathname === adminPath(adminHost, item.screen));
  useEffect(() => setOpen(false), [pathname]);
  useDismiss(open, root, close);
  return (
    <div ref={root} className="relative flex min-w-0 flex-1 md:hidden">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="admin-more"
        onClick={() => setOpen((o) => !o)}
        className={entry(here || open)}
      >
        <Icon name="more" />
        More
      </button>
      {open && (
        <ul
          id="admin-more"
          className="absolute bottom-full right-1 mb-2 w-56 overflow-hidden rounded-lg bg-brand-900 py-1 shadow-xl ring-1 ring-white/20"
        >
          {ADMIN_NAV.map((item) => (
            <li key={item.screen}>
              <NavLink
                to={adminPath(adminHost, item.screen)}
                className={({ isActive }) =>
                  `flex min-h-11 items-center gap-3 px-4 text-sm font-medium focus-visible:-outline-offset-2 focus-visible:outline-white ${
                    isActive ? 'bg-white/15 text-white' : 'text-brand-100 hover:bg-white/10 hover:text-white'
                  }`
                }
              >
                <Icon name={item.icon} />
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
