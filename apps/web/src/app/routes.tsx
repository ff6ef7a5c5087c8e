import { Center, Loader } from "@mantine/core";
import { lazy, type ReactNode, Suspense } from "react";
import { Navigate, type RouteObject } from "react-router";
import { PlaceholderPage } from "../features/placeholder/placeholder-page";
import { brandSlug } from "../lib/config";
import { RequireAuth } from "./require-auth";
import { AppLayout } from "./shell/app-layout";

const LoginPage = lazy(() => import("../features/auth/pages/login-page"));
const ForgotPasswordPage = lazy(() => import("../features/auth/pages/forgot-password-page"));
const ResetPasswordPage = lazy(() => import("../features/auth/pages/reset-password-page"));
const LogoutPage = lazy(() => import("../features/auth/pages/logout-page"));
const SettingsPage = lazy(() => import("../features/settings/pages/settings-page"));
const StaffsPage = lazy(() => import("../features/staffs/pages/staffs-page"));
const OutboxPage = lazy(() => import("../features/outbox/pages/outbox-page"));
const CustomersPage = lazy(() => import("../features/customers/pages/customers-page"));
const CustomersMeiliPage = lazy(() => import("../features/customers/pages/customers-meili-page"));

const page = (node: ReactNode) => (
  <Suspense
    fallback={
      <Center py="xl">
        <Loader />
      </Center>
    }
  >
    {node}
  </Suspense>
);

/** The one route table: each screen is one line, loaded lazily with its feature. */
export const routes: RouteObject[] = [
  { path: "/login", element: page(<LoginPage />) },
  { path: "/forgot-password", element: page(<ForgotPasswordPage />) },
  { path: "/reset-password/:token", element: page(<ResetPasswordPage />) },
  { path: "/logout", element: page(<LogoutPage />) },
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      { path: "/", element: <Navigate to="/customers" replace /> },
      { path: "/customers", element: page(<CustomersPage />) },
      { path: "/customers-meili", element: page(<CustomersMeiliPage />) },
      { path: "/jobs", element: page(<PlaceholderPage title="Jobs" />) },
      { path: "/jobs-search", element: page(<PlaceholderPage title="Beta Jobs" />) },
      { path: "/jobs-meili", element: page(<PlaceholderPage title="Jobs MEILI" />) },
      { path: `/jobs-${brandSlug}go`, element: page(<PlaceholderPage title="GO Jobs" />) },
      { path: "/promos", element: page(<PlaceholderPage title="Promos & Campaigns" />) },
      { path: "/newsletter-users", element: page(<PlaceholderPage title="Newsletter Subscribers" />) },
      { path: "/staffs", element: page(<StaffsPage />) },
      { path: "/settings", element: page(<SettingsPage />) },
      { path: "/outbox", element: page(<OutboxPage />) },
      { path: "*", element: <Navigate to="/customers" replace /> },
    ],
  },
];
