import { useEffect } from "react";
import { appConfig } from "./config";

/** "PAR-100909 · Jobs · Loupe": the most specific first, so a browser tab or history entry says what it holds. */
export const documentTitle = (parts: (string | null | undefined)[]) =>
  [...parts.filter((p): p is string => !!p), appConfig.brand].join(" · ");

/**
 * Sets the browser tab's title while the component is shown. A screen's header sets its name; an
 * open job or customer, rendered above it, sets a longer one after it (React runs a parent's
 * effects after its children's), so the most specific title wins.
 */
export function useDocumentTitle(parts: (string | null | undefined)[]) {
  const title = documentTitle(parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
