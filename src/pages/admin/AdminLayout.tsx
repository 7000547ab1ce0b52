// The admin console around every signed-in screen (docs/product.md §2): the Admin Console sidebar
// (with Staff, Audit Log and Office settings for admins), the greeting, the settings menu (Change
// Password, Sign-in security, Logout), the guard that sends visitors without a stored token to the
// login, and the enrolment screen that replaces everything while the office requires a second
// factor. Under 768 px the same navigation sits at the bottom of the screen, in reach of a thumb,
// with the title, greeting and settings in one top bar; a skip link leads to
// the page's own content.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc.ts';
import { adminPath } from '../../../schemas/host-mode.ts';
import { clearSession, useAdminHost, useStoredSession } from '../../lib/session.ts';
import { useTitleCount } from '../../lib/use-title-count.ts';
import { AdminLoading } from './auth/AdminLoading.tsx';
import { Icon } from '../../components/Icon.tsx';
import { AwayMark } from '../../components/AwayMark.tsx';
import { AdminNav } from './AdminNav.tsx';
import { useDismiss } from '../../lib/use-dismiss.ts';

/** How often the My work count in the navigation and the tab title is asked for again. */
const WORK_COUNT_REFRESH_MS = 30_000;

export default function AdminLayout() {
  const adminHost = useAdminHost();
  const navigate = useNavigate();
  const { ready, token, user } = useStoredSession();

  // Route guard: no stored token, no console. (An expired one is caught by the first 401.)
  useEffect(() => {
    if (ready && !token) navigate(adminPath(adminHost, 'login'), { replace: true });
  }, [ready, token, adminHost, navigate]);

  if (!ready || !token) return <AdminLoading />;
  return <Console adminHost={adminHost} storedName={user?.name ?? ''} />;
}

function Console({ adminHost, storedName }: { adminHost: boolean; storedName: string }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Confirms the token with the server at once (a 401 ends the session) and keeps the name current.
  const me = useQuery(trpc.auth.me.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  const access = useQuery(trpc.auth.access.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  const name = me.data?.name ?? storedName;
  const [dialogOpen, setDialogOpen] = useState(false);
  const [securityOpen, setSecurityOpen] = useState(false);
  const [awayOpen, setAwayOpen] = useState(false);
  const closeDialog = useCallback(() => setDialogOpen(false), []);
  const mustChangePassword = access.data?.mustChangePassword === true;
  const mustEnrol = access.data?.mustEnrol === true;
  // The signed-in agent's open work; the same query My work shows, so both agree. A failure shows no count.
  const work = useQuery(trpc.leads.myWork.queryOptions({}, { refetchInterval: WORK_COUNT_REFRESH_MS }));
  const workCount = work.data?.count ?? 0;
  useTitleCount(workCount);

  // The server ends the token at once; the browser forgets it whether or not the server was reached.
  const signOut = useMutation(trpc.auth.logout.mutationOptions());
  const logout = useCallback(() => {
    const done = () => {
      clearSession();
      queryClient.clear();
      navigate(adminPath(adminHost, 'login'), { replace: true });
    };
    signOut.mutateAsync().then(done, done);
  }, [signOut, queryClient, navigate, adminHost]);
  // After the forced change every screen loads again with the new token.
  const passwordChosen = useCallback(() => void queryClient.invalidateQueries(), [queryClient]);

  return (
    <div className="grid min-h-screen grid-cols-[auto_minmax(0,1fr)] grid-rows-[auto_1fr] bg-slate-50 md:grid-cols-[15rem_minmax(0,1fr)]">
      <a
        href="#admin-main"
        className="sr-only z-50 rounded-lg bg-brand-900 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to main content
      </a>
      <aside className="col-start-1 row-start-1 border-b border-slate-200 bg-white text-slate-900 md:row-span-2 md:border-0 md:bg-brand-900 md:text-white">
        <div className="md:sticky md:top-0 md:h-screen">
          <p className="flex min-h-14 items-center whitespace-nowrap pl-4 text-lg font-bold tracking-tight md:px-5 md:py-6">
            Admin Console
          </p>
          {!mustEnrol && <AdminNav adminHost={adminHost} isAdmin={access.data?.isAdmin === true} workCount={workCount} />}
        </div>
      </aside>

      <header className="col-start-2 row-start-1 flex min-w-0 flex-wrap items-center justify-end gap-2 border-b border-slate-200 bg-white px-2 py-1.5 sm:gap-4 sm:px-6 md:py-3">
        {!mustEnrol && <AwayMark compact />}
        <p className="min-w-0 truncate text-sm text-slate-600">
          Welcome, <span className="font-semibold text-slate-900">{name}</span>
        </p>
        <SettingsMenu
          onChangePassword={() => setDialogOpen(true)}
          onSecurity={() => setSecurityOpen(true)}
          onAway={() => setAwayOpen(true)}
          onLogout={logout}
        />
        {awayOpen && (
          <Suspense fallback={null}>
            <AwayDialog onClose={() => setAwayOpen(false)} />
          </Suspense>
        )}
      </header>
      {/* Bottom padding keeps the end of a page clear of the bottom navigation on small screens. */}
      <main
        id="admin-main"
        tabIndex={-1}
        className="col-span-2 row-start-2 min-w-0 pb-[calc(4.5rem+env(safe-area-inset-bottom))] focus:outline-none md:col-span-1 md:col-start-2 md:pb-0"
      >
        {mustEnrol ? (
          <Suspense fallback={null}>
            <EnrolmentScreen onEnrolled={passwordChosen} />
          </Suspense>
        ) : (
          <Outlet />
        )}
      </main>

      <Suspense fallback={null}>
        {mustChangePassword ? (
          <ChangePasswordDialog
            onClose={passwordChosen}
            onCancel={logout}
            cancelLabel="Logout"
            notice="An administrator reset your password. Choose a new one to continue."
          />
        ) : (
          dialogOpen && <ChangePasswordDialog onClose={closeDialog} />
        )}
        {securityOpen && <SignInSecurityDialog onClose={() => setSecurityOpen(false)} />}
      </Suspense>
    </div>
  );
}

// Loaded when opened: the dialogs bring the shared zod rules and dialog parts, which the first screen does not need.
const AwayDialog = lazy(() => import('../../components/AwayDialog.tsx').then((m) => ({ default: m.AwayDialog })));
const ChangePasswordDialog = lazy(() => import('./auth/ChangePasswordDialog.tsx').then((m) => ({ default: m.ChangePasswordDialog })));
const SignInSecurityDialog = lazy(() => import('./auth/SignInSecurityDialog.tsx').then((m) => ({ default: m.SignInSecurityDialog })));
const EnrolmentScreen = lazy(() => import('./auth/SignInSecurityDialog.tsx').then((m) => ({ default: m.EnrolmentScreen })));

function SettingsMenu({
  onChangePassword,
  onSecurity,
  onAway,
  onLogout,
}: {
  onChangePassword: () => void;
  onSecurity: () => void;
  onAway: () => void;
  onLogout: () => void;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  const close = useCallback(() => setOpen(false), []);
  // A click anywhere outside the menu closes it; so does Escape.
  useDismiss(open, root, close);

  const item =
    'block min-h-11 w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus-visible:-outline-offset-2';
  /** An entry that closes the menu, then opens what it names. */
  const menuItem = (label: string, onPick: () => void) => (
    <button
      type="button"
      role="menuitem"
      className={item}
      onClick={() => {
        setOpen(false);
        onPick();
      }}
    >
      {label}
    </button>
  );
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-label="Settings"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="flex h-11 w-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <Icon name="settings" className="h-6 w-6" />
      </button>
      {open && (
        <div
          role="menu"
          aria-label="Settings"
          className="absolute right-0 z-40 mt-2 w-48 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {menuItem('Change Password', onChangePassword)}
          {menuItem('Sign-in security', onSecurity)}
          {menuItem('Away', onAway)}
          <button type="button" role="menuitem" className={item} onClick={onLogout}>
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
