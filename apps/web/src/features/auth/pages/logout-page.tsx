import { logout } from "@loupe/contract";
import { useEffect } from "react";
import { FullPageSpinner } from "../../../components/spinner";
import { callEndpoint } from "../../../lib/api-client";
import { clearSession, readSession } from "../../../lib/session";

/** Revokes the token (best effort), clears the session, then reloads into the login page. */
export default function LogoutPage() {
  useEffect(() => {
    const done = () => {
      clearSession();
      window.location.replace("/login");
    };
    if (readSession()) callEndpoint(logout).then(done, done);
    else done();
  }, []);
  return <FullPageSpinner />;
}
