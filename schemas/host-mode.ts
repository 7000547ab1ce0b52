// Hosting modes (docs/product.md §2): an admin hostname serves the console at the root,
// the main site serves it under /admin.
export function isAdminHost(hostname: string, adminHosts: string[]): boolean {
  return adminHosts.includes(hostname.toLowerCase());
}

export type AdminScreen =
  | 'login'
  | 'dashboard'
  | 'analytics'
  | 'work'
  | 'leads'
  | 'customers'
  | 'staff'
  | 'audit'
  | 'office'
  | 'privacy'
  | 'commissions'
  | 'compliance';

/** The path of an admin screen in the given mode: /dashboard on an admin host, /admin/dashboard otherwise. */
export function adminPath(adminHost: boolean, screen: AdminScreen): string {
  if (screen === 'login') return adminHost ? '/login' : '/admin';
  return adminHost ? `/${screen}` : `/admin/${screen}`;
}
