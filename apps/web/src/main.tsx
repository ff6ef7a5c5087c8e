import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, useRoutes } from "react-router";
import { Providers } from "./app/providers";
import { routes } from "./app/routes";

// The declarative router: no screen uses loaders, actions or blockers, and it leaves react-router's
// data-router machinery out of the entry that /login loads (issue 16: ≤ 120 KB).
function AppRoutes() {
  return useRoutes(routes);
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers>
      {/* Without transitions, as RouterProvider navigated here: a lazy screen shows its spinner at
          once instead of the old screen staying up (and typeable) while its code loads. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
