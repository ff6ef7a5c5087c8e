import { lazy, type ReactNode, Suspense, useLayoutEffect } from "react";
import { Navigate, type RouteObject } from "react-router";
import { RefusedReads } from "../components/refused-reads";
import { Spinner } from "../components/spinner";
import { documentTitle } from "../lib/use-document-title";
import { RequireAuth } from "./require-auth";
import { GO_JOBS_PATH, GO_JOBS_TITLE } from "./shell/nav-items";

// The shell (top bar, tabs, reference lists) loads after sign-in, so /login stays small.
const AppLayout = lazy(() => import("./shell/app-layout").then((m) => ({ default: m.AppLayout })));
// One lazy import per screen: each feature's code loads only when its route is visited.
const LoginPage = lazy(() => import("../features/auth/pages/login-page"));
const ForgotPasswordPage = lazy(() => import("../features/auth/pages/forgot-password-page"));
const ResetPasswordPage = lazy(() => import("../features/auth/pages/reset-password-page"));
const LogoutPage = lazy(() => import("../features/auth/pages/logout-page"));
const MySessionsPage = lazy(() => import("../features/auth/pages/my-sessions-page"));
const CustomersPage = lazy(() => import("../features/customers/pages/customers-page"));
// Duplicate customers and merging (issue 46).
const DuplicatesPage = lazy(() => import("../features/customer-merges/pages/duplicates-page"));
const MergePage = lazy(() => import("../features/customer-merges/pages/merge-page"));
const MergesPage = lazy(() => import("../features/customer-merges/pages/merges-page"));
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
// Settings › Catalogue: its own route (the tab strip has no room), loaded only when opened.
const CataloguePage = lazy(() => import("../features/catalogue/pages/catalogue-page"));
const OutboxPage = lazy(() => import("../features/outbox/pages/outbox-page"));
const AccessLogPage = lazy(() => import("../features/access-log/pages/access-log-page"));
const OutletDayPage = lazy(() => import("../features/workshop/pages/outlet-day-page"));
const TillSummaryPage = lazy(() => import("../features/till/pages/till-summary-page"));
const CallListPage = lazy(() => import("../features/ready-messages/pages/call-list-page"));
const RecallsPage = lazy(() => import("../features/recalls/pages/recalls-page"));
// The counter (issue 44): a new quote or job, and an open quote.
const QuotePage = lazy(() => import("../features/counter/pages/quote-page"));
// Sales from the point of sale and the web shop (issue 45).
const IntakePage = lazy(() => import("../features/intake/pages/intake-page"));
// Switching to Loupe (issue 46): administrators bring a chain's files in.
const ImportsPage = lazy(() => import("../features/imports/pages/imports-page"));
const ImportBatchPage = lazy(() => import("../features/imports/pages/import-batch-page"));

/**
 * Names the browser tab after the route as soon as it is entered, before its code has loaded
 * (WCAG 2.4.2, issue 52). A layout effect runs before the page's own effects, so a page that knows
 * more (an open customer, an invoice) still puts its longer title after it.
 */
function RouteTitle({ title }: { title: string }) {
  useLayoutEffect(() => {
    document.title = documentTitle([title]);
  }, [title]);
  return null;
}

/** A screen of the route table: its title, then its lazily loaded code. */
const page = (title: string, node: ReactNode) => (
  <>
    <RouteTitle title={title} />
    <Suspense fallback={<Spinner />}>{node}</Suspense>
  </>
);

/** A signed-in screen: as `page`, with the reads the server refused said above it (issue 52). */
const screen = (title: string, node: ReactNode) => (
  <>
    <RefusedReads />
    {page(title, node)}
  </>
);

/**
 * The one route table (spec §2). Add a screen by adding its lazy import above and one line here;
 * add a tab for it in `shell/nav-items.ts`.
 */
export const routes: RouteObject[] = [
  // Auth area: reachable signed out.
  { path: "/login", element: page("Sign in", <LoginPage />) },
  { path: "/forgot-password", element: page("Forgot password", <ForgotPasswordPage />) },
  { path: "/reset-password/:token", element: page("New password", <ResetPasswordPage />) },
  { path: "/logout", element: page("Signing out", <LogoutPage />) },
  // Protected area: signed-out visitors go to /login; the shell loads the reference lists first.
  {
    element: (
      <RequireAuth>
        <Suspense fallback={<Spinner />}>
          <AppLayout />
        </Suspense>
      </RequireAuth>
    ),
    children: [
      { path: "/", element: <Navigate to="/customers" replace /> },
      { path: "/customers", element: screen("Customers", <CustomersPage />) },
      { path: "/customers/:id", element: screen("Customers", <CustomersPage />) },
      // Static segments outrank `:id`: these never read as a customer's address.
      { path: "/customers/duplicates", element: screen("Possible duplicates", <DuplicatesPage />) },
      { path: "/customers/merges", element: screen("Merge history", <MergesPage />) },
      { path: "/customers/merge/:keep/:lose", element: screen("Merge customers", <MergePage />) },
      { path: "/customers-meili", element: screen("Customers MEILI", <CustomersMeiliPage />) },
      { path: "/jobs", element: screen("Jobs", <JobsPage />) },
      { path: "/jobs/:invoice", element: screen("Jobs", <JobAddressPage />) },
      { path: "/jobs-search", element: screen("Beta Jobs", <JobsSearchPage />) },
      { path: "/jobs-meili", element: screen("Jobs MEILI", <JobsMeiliPage />) },
      { path: GO_JOBS_PATH, element: screen(GO_JOBS_TITLE, <JobsGoPage />) },
      { path: "/promos", element: screen("Promos & Campaigns", <PromosPage />) },
      { path: "/newsletter-users", element: screen("Newsletter Subscribers", <NewsletterUsersPage />) },
      { path: "/staffs", element: screen("Staffs", <StaffsPage />) },
      { path: "/settings", element: screen("Settings", <SettingsPage />) },
      { path: "/settings/catalogue", element: screen("Catalogue", <CataloguePage />) },
      { path: "/outbox", element: screen("Outbox", <OutboxPage />) },
      { path: "/access-log", element: screen("Access Log", <AccessLogPage />) },
      { path: "/my-sessions", element: screen("My sessions", <MySessionsPage />) },
      { path: "/till-summary", element: screen("Till summary", <TillSummaryPage />) },
      { path: "/call-list", element: screen("Call list", <CallListPage />) },
      { path: "/today", element: screen("Outlet's day", <OutletDayPage />) },
      { path: "/recalls", element: screen("Recalls", <RecallsPage />) },
      { path: "/intake", element: screen("Intake", <IntakePage />) },
      { path: "/imports", element: screen("Imports", <ImportsPage />) },
      { path: "/imports/new", element: screen("New import", <ImportsPage />) },
      { path: "/imports/:id", element: screen("Import", <ImportBatchPage />) },
      // `/quotes/new?for=job|quote` starts one; the page names the tab "New job" or "New quote".
      { path: "/quotes/:id", element: screen("Quote", <QuotePage />) },
      { path: "*", element: <Navigate to="/customers" replace /> },
    ],
  },
];
