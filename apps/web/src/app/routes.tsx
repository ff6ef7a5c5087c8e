import { lazy, type ReactNode, Suspense } from "react";
import { Navigate, type RouteObject } from "react-router";
import { Spinner } from "../components/spinner";
import { RequireAuth } from "./require-auth";
import { GO_JOBS_PATH } from "./shell/nav-items";

// The shell (top bar, tabs, reference lists) loads after sign-in, so /login stays small.
const AppLayout = lazy(() => import("./shell/app-layout").then((m) => ({ default: m.AppLayout })));
// One lazy import per screen: each feature's code loads only when its route is visited.
const LoginPage = lazy(() => import("../features/auth/pages/login-page"));
const ForgotPasswordPage = lazy(() => import("../features/auth/pages/forgot-password-page"));
const ResetPasswordPage = lazy(() => import("../features/auth/pages/reset-password-page"));
const LogoutPage = lazy(() => import("../features/auth/pages/logout-page"));
const MySessionsPage = lazy(() => import("../features/auth/pages/my-sessions-page"));
const CustomersPage = lazy(() => import("../features/customers/pages/customers-page"));
const CustomersMeiliPage = lazy(() => import("../features/customers/pages/customers-meili-page"));
const JobsPage = lazy(() => import("../features/jobs/pages/jobs-page"));
const JobAddressPage = lazy(() => import("../features/jobs/pages/job-address-page"));
const JobsSearchPage = lazy(() => import("../features/jobs/pages/jobs-search-page"));
const JobsMeiliPage = lazy(() => import("../features/jobs/pages/jobs-meili-page"));
const JobsGoPage = lazy(() => import("../features/jobs/pages/jobs-go-page"));
const PromosPage = lazy(() => import("../features/promos/pages/promos-page"));
const NewsletterUsersPage = lazy(() => import("../features/newsletter/pages/newsletter-users-page"));
const StaffsPage = lazy(() => import("../features/staffs/pages/staffs-page"));
const SettingsPage = lazy(() => import("../features/settings/pages/settings-page"));
const OutboxPage = lazy(() => import("../features/outbox/pages/outbox-page"));
const AccessLogPage = lazy(() => import("../features/access-log/pages/access-log-page"));
const OutletDayPage = lazy(() => import("../features/workshop/pages/outlet-day-page"));
const TillSummaryPage = lazy(() => import("../features/till/pages/till-summary-page"));
const CallListPage = lazy(() => import("../features/ready-messages/pages/call-list-page"));
const RecallsPage = lazy(() => import("../features/recalls/pages/recalls-page"));

const page = (node: ReactNode) => <Suspense fallback={<Spinner />}>{node}</Suspense>;

/**
 * The one route table (spec §2). Add a screen by adding its lazy import above and one line here;
 * add a tab for it in `shell/nav-items.ts`.
 */
export const routes: RouteObject[] = [
  // Auth area: reachable signed out.
  { path: "/login", element: page(<LoginPage />) },
  { path: "/forgot-password", element: page(<ForgotPasswordPage />) },
  { path: "/reset-password/:token", element: page(<ResetPasswordPage />) },
  { path: "/logout", element: page(<LogoutPage />) },
  // Protected area: signed-out visitors go to /login; the shell loads the reference lists first.
  {
    element: <RequireAuth>{page(<AppLayout />)}</RequireAuth>,
    children: [
      { path: "/", element: <Navigate to="/customers" replace /> },
      { path: "/customers", element: page(<CustomersPage />) },
      { path: "/customers/:id", element: page(<CustomersPage />) },
      { path: "/customers-meili", element: page(<CustomersMeiliPage />) },
      { path: "/jobs", element: page(<JobsPage />) },
      { path: "/jobs/:invoice", element: page(<JobAddressPage />) },
      { path: "/jobs-search", element: page(<JobsSearchPage />) },
      { path: "/jobs-meili", element: page(<JobsMeiliPage />) },
      { path: GO_JOBS_PATH, element: page(<JobsGoPage />) },
      { path: "/promos", element: page(<PromosPage />) },
      { path: "/newsletter-users", element: page(<NewsletterUsersPage />) },
      { path: "/staffs", element: page(<StaffsPage />) },
      { path: "/settings", element: page(<SettingsPage />) },
      { path: "/outbox", element: page(<OutboxPage />) },
      { path: "/access-log", element: page(<AccessLogPage />) },
      { path: "/my-sessions", element: page(<MySessionsPage />) },
      { path: "/till-summary", element: page(<TillSummaryPage />) },
      { path: "/call-list", element: page(<CallListPage />) },
      { path: "/today", element: page(<OutletDayPage />) },
      { path: "/recalls", element: page(<RecallsPage />) },
      { path: "*", element: <Navigate to="/customers" replace /> },
    ],
  },
];
