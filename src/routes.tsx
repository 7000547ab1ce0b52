// The route table of both hosting modes (docs/product.md §2). Each page's handle names it for
// visit tracking and gives its title and description for the document head.
import { Outlet, useLocation, type RouteObject } from 'react-router-dom';
import { PublicLayout } from './pages/public/PublicLayout.tsx';
import type { PageHandle } from './lib/meta.ts';
import { lazyPage } from './lib/lazy-page.ts';
import { notFoundPage, publicPageFor, publicPages } from './public-pages.tsx';

// Admin screens load on demand, so the public pages ship no console code; AdminProviders brings
// the query cache and tRPC client with the first of them. The browser entry loads the first screen's
// code before hydrating (src/lib/lazy-page.ts).
const AdminProviders = lazyPage(() => import('./pages/admin/AdminProviders.tsx'));
const LoginPage = lazyPage(() => import('./pages/admin/auth/LoginPage.tsx'));
const AdminHome = lazyPage(() => import('./pages/admin/auth/AdminHome.tsx'));
const AdminLayout = lazyPage(() => import('./pages/admin/AdminLayout.tsx'));
const DashboardPage = lazyPage(() => import('./pages/admin/dashboard/DashboardPage.tsx'));
const AnalyticsPage = lazyPage(() => import('./pages/admin/analytics/AnalyticsPage.tsx'));
const LeadsPage = lazyPage(() => import('./pages/admin/leads/LeadsPage.tsx'));
const LeadRecordPage = lazyPage(() => import('./pages/admin/leads/LeadRecordPage.tsx'));
const MyWorkPage = lazyPage(() => import('./pages/admin/my-work/MyWorkPage.tsx'));
const CustomersPage = lazyPage(() => import('./pages/admin/customers/CustomersPage.tsx'));
const StaffPage = lazyPage(() => import('./pages/admin/staff/StaffPage.tsx'));
const AuditPage = lazyPage(() => import('./pages/admin/audit/AuditPage.tsx'));
const OfficeSettingsPage = lazyPage(() => import('./pages/admin/office/OfficeSettingsPage.tsx'));
const PrivacyPage = lazyPage(() => import('./pages/admin/privacy/PrivacyPage.tsx'));
const CommissionsPage = lazyPage(() => import('./pages/admin/commissions/CommissionsPage.tsx'));
const CompliancePage = lazyPage(() => import('./pages/admin/compliance/CompliancePage.tsx'));

const h = (handle: PageHandle) => handle;

const adminChildren = (adminHost: boolean): RouteObject[] => {
  const prefix = adminHost ? '/' : '/admin/';
  return [
    {
      path: `${prefix}dashboard`,
      element: <DashboardPage />,
      handle: h({ page: 'admin-dashboard', title: 'Performance Dashboard', noindex: true }),
    },
    {
      path: `${prefix}analytics`,
      element: <AnalyticsPage />,
      handle: h({ page: 'admin-analytics', title: 'Site Analytics', noindex: true }),
    },
    { path: `${prefix}work`, element: <MyWorkPage />, handle: h({ page: 'admin-work', title: 'My Work', noindex: true }) },
    { path: `${prefix}leads`, element: <LeadsPage />, handle: h({ page: 'admin-leads', title: 'Lead Management', noindex: true }) },
    {
      path: `${prefix}leads/:leadId`,
      element: <LeadRecordPage />,
      handle: h({ page: 'admin-lead-record', title: 'Lead Record', noindex: true }),
    },
    {
      path: `${prefix}customers`,
      element: <CustomersPage />,
      handle: h({ page: 'admin-customers', title: 'Customer Management', noindex: true }),
    },
    { path: `${prefix}staff`, element: <StaffPage />, handle: h({ page: 'admin-staff', title: 'Staff', noindex: true }) },
    {
      path: `${prefix}privacy`,
      element: <PrivacyPage />,
      handle: h({ page: 'admin-privacy', title: 'Privacy requests', noindex: true }),
    },
    { path: `${prefix}audit`, element: <AuditPage />, handle: h({ page: 'admin-audit', title: 'Audit Log', noindex: true }) },
    {
      path: `${prefix}commissions`,
      element: <CommissionsPage />,
      handle: h({ page: 'admin-commissions', title: 'Commissions', noindex: true }),
    },
    {
      path: `${prefix}office`,
      element: <OfficeSettingsPage />,
      handle: h({ page: 'admin-office', title: 'Office settings', noindex: true }),
    },
    {
      path: `${prefix}compliance`,
      element: <CompliancePage />,
      handle: h({ page: 'admin-compliance', title: 'Compliance', noindex: true }),
    },
  ];
};

/** The public pages' frame: the header and footer, told the current path and page (they use no router). */
function PublicFrame() {
  const { pathname } = useLocation();
  return (
    <PublicLayout pathname={pathname} page={(publicPageFor(pathname) ?? notFoundPage).handle.page}>
      <Outlet />
    </PublicLayout>
  );
}

const notFound: RouteObject = { path: '*', element: <notFoundPage.Page />, handle: notFoundPage.handle };

export function buildRoutes(adminHost: boolean): RouteObject[] {
  if (adminHost) {
    return [
      {
        element: <AdminProviders />,
        children: [
          { path: '/', element: <AdminHome />, handle: h({ page: 'admin-home', title: 'Admin Console', noindex: true }) },
          { path: '/login', element: <LoginPage />, handle: h({ page: 'admin-login', title: 'Admin Login', noindex: true }) },
          { element: <AdminLayout />, children: adminChildren(true) },
        ],
      },
      notFound,
    ];
  }
  return [
    {
      element: <PublicFrame />,
      children: [...publicPages.map(({ path, Page, handle }) => ({ path, element: <Page />, handle })), notFound],
    },
    {
      element: <AdminProviders />,
      children: [
        { path: '/admin', element: <LoginPage />, handle: h({ page: 'admin-login', title: 'Admin Login', noindex: true }) },
        { element: <AdminLayout />, children: adminChildren(false) },
      ],
    },
  ];
}
