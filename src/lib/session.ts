// The signed-in staff member, kept in localStorage under the keys docs/product.md §3 names, and the
// hosting mode of the admin screen being shown.
import { useMemo, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import type { SessionUser } from '../../schemas/auth.ts';
import { adminPath, isAdminHost } from '../../schemas/host-mode.ts';

export type { SessionUser };

const CHANGED = 'session-changed';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage blocked by the browser: behave as signed out
  }
}

export function getToken(): string | null {
  return storage()?.getItem('token') ?? null;
}

export function getUser(): SessionUser | null {
  return parseUser(storage()?.getItem('user') ?? null);
}

// Checked by hand, not with the zod schema: this runs on every admin screen, and zod would add
// ~25 kB gzip to the first one (the forms that need zod load it with their own chunks).
function parseUser(raw: string | null): SessionUser | null {
  try {
    const value: unknown = JSON.parse(raw ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { name, email } = value as Record<string, unknown>;
    return typeof name === 'string' && typeof email === 'string' ? { name, email } : null;
  } catch {
    return null;
  }
}

export function saveSession(token: string, user: SessionUser): void {
  storage()?.setItem('token', token);
  storage()?.setItem('user', JSON.stringify(user));
  window.dispatchEvent(new Event(CHANGED));
}

/** Keeps the user, swaps the token (a password change ends the old one). */
export function replaceToken(token: string): void {
  storage()?.setItem('token', token);
  window.dispatchEvent(new Event(CHANGED));
}

/** Password changes under way in this tab: each replaces the token when it answers (replaceToken). */
let rotations = 0;
const onRotationsSettled: (() => void)[] = [];

/** Marks a call that will replace the token; the function it answers ends the mark (once). */
export function beginTokenRotation(): () => void {
  rotations++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    if (--rotations === 0) onRotationsSettled.splice(0).forEach((resolve) => resolve());
  };
}

/** Resolves once no call that replaces the token is under way. */
export const tokenRotationsSettled = (): Promise<void> =>
  rotations === 0 ? Promise.resolve() : new Promise((resolve) => onRotationsSettled.push(resolve));

export function clearSession(): void {
  const store = storage();
  if (!store) return;
  store.removeItem('token');
  store.removeItem('user');
  window.dispatchEvent(new Event(CHANGED));
}

/**
 * Ends a session the server no longer accepts (a 401): clears storage and opens the login
 * screen of this host (docs/product.md §4 "redirects to /admin"; an admin host has /login instead).
 */
export function endSession(adminHosts: string[]): void {
  clearSession();
  window.location.assign(adminPath(isAdminHost(window.location.hostname, adminHosts), 'login'));
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  // Another tab signing in or out.
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export interface StoredSession {
  /** False while rendering on the server and hydrating: storage is not known yet. */
  ready: boolean;
  token: string | null;
  user: SessionUser | null;
}

/**
 * The stored token and user. The server and the hydrating render see `ready: false`, so both
 * render the same neutral state; the real values follow right after hydration.
 */
export function useStoredSession(): StoredSession {
  const token = useSyncExternalStore(subscribe, getToken, () => undefined);
  const rawUser = useSyncExternalStore(
    subscribe,
    () => storage()?.getItem('user') ?? null,
    () => undefined,
  );
  return useMemo(
    () => ({ ready: token !== undefined, token: token ?? null, user: rawUser === undefined ? null : parseUser(rawUser) }),
    [token, rawUser],
  );
}

/**
 * Whether this admin screen is served in admin host mode. Read from the route (the main site
 * serves the console under /admin), so the server and the browser render alike.
 */
export function useAdminHost(): boolean {
  const { pathname } = useLocation();
  return !(pathname === '/admin' || pathname.startsWith('/admin/'));
}
