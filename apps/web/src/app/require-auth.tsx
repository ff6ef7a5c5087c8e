import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { readSession } from "../lib/session";

/** Unauthenticated users go to the login page, and come back where they were after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!readSession())
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}
