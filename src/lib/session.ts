// The signed-in staff member, kept in localStorage under the keys SPEC.md §3 names.
export interface SessionUser {
  name: string;
  email: string;
}

const hasStorage = () => typeof window !== 'undefined' && typeof window.localStorage !== 'undefined';

export function getToken(): string | null {
  return hasStorage() ? window.localStorage.getItem('token') : null;
}

export function getUser(): SessionUser | null {
  if (!hasStorage()) return null;
  try {
    return JSON.parse(window.localStorage.getItem('user') ?? 'null') as SessionUser | null;
  } catch {
    return null;
  }
}

export function saveSession(token: string, user: SessionUser): void {
  window.localStorage.setItem('token', token);
  window.localStorage.setItem('user', JSON.stringify(user));
}

export function clearSession(): void {
  if (!hasStorage()) return;
  window.localStorage.removeItem('token');
  window.localStorage.removeItem('user');
}
