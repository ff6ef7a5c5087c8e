import { readSession } from "./session";

/** File links open in a new tab or an <img>, which cannot send a header: the token rides in the query. */
export function authorisedUrl(path: string): string {
  const token = readSession()?.token ?? "";
  return `${path}${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`;
}
