/**
 * A list's tab and page as URL search params (list state lives in the URL): the default tab and
 * page 1 are left out, so the list's plain address is its first page of its first tab.
 */
export function tabPageParams(
  name: string,
  tab: string,
  defaultTab: string,
  page: number | undefined,
): URLSearchParams {
  const p = new URLSearchParams();
  if (tab !== defaultTab) p.set(name, tab);
  const n = page ?? 1;
  if (n > 1) p.set("page", String(n));
  return p;
}
