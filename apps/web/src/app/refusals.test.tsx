import {
  getMeAddress,
  listDispenseStatusesAddress,
  listItemStatusesAddress,
  listOutletsAddress,
  listPaymentStatusesAddress,
  listPdSourcesAddress,
  listPrescriptionSourcesAddress,
  listPrescriptionTypesAddress,
  listRegionsAddress,
} from "@loupe/contract";
import { cleanup, screen } from "@testing-library/react";
import { MemoryRouter, type RouteObject, useRoutes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildUrl } from "../lib/api-client";
import { clearSession, writeSession } from "../lib/session";
import { renderInShell } from "../test/render";
import { routes } from "./routes";

const REFUSAL = "Only administrators can see this list.";

const outlet = { id: 1, name: "Newtown", abbreviation: "NTN", region_id: 1, time_zone: "Australia/Sydney" };
/**
 * What the shell has loaded before any screen shows (useEssentialReferenceData): an administrator
 * at Newtown (so no screen refuses on its own) and the reference lists. Every other read is the
 * screen's own, and the server refuses it.
 */
const me = { id: 7, name: "Ada Admin", role_id: 1, region_id: 1, outlet_id: 1, outlet };
const shellReads = new Map<string, unknown>([
  [buildUrl(getMeAddress), me],
  [buildUrl(listOutletsAddress), [outlet]],
  [buildUrl(listRegionsAddress), [{ id: 1, name: "Australia", country_code: "AU" }]],
  ...[
    listDispenseStatusesAddress,
    listItemStatusesAddress,
    listPaymentStatusesAddress,
    listPdSourcesAddress,
    listPrescriptionTypesAddress,
    listPrescriptionSourcesAddress,
  ].map((a) => [buildUrl(a), []] as [string, unknown]),
]);

/** The screens behind sign-in, each path with its parameters filled. */
function signedInPaths(list: RouteObject[], inside = false): string[] {
  return list.flatMap((r) => [
    ...(inside && r.path && r.path !== "*" && r.path !== "/" ? [r.path.replace(/:[A-Za-z]+/g, "1")] : []),
    ...signedInPaths(r.children ?? [], inside || !r.path),
  ]);
}

function Leaf({ path }: { path: string }) {
  const leaves = (list: RouteObject[]): RouteObject[] =>
    list.flatMap((r) =>
      r.children ? leaves(r.children) : r.path ? [{ path: r.path, element: r.element }] : [],
    );
  return useRoutes(leaves(routes), path);
}

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe("a refused read", () => {
  it.each(signedInPaths(routes))("on %s shows the server's refusal, not an empty list", async (path) => {
    writeSession({
      token: "t",
      expiresAt: null,
      user: me as unknown as Parameters<typeof writeSession>[0]["user"],
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input).split("?")[0];
        const shell = shellReads.get(url);
        return new Response(
          JSON.stringify(shell ? { data: shell } : { message: REFUSAL, code: "forbidden" }),
          {
            status: shell ? 200 : 403,
            headers: { "content-type": "application/json" },
          },
        );
      }),
    );
    renderInShell(
      <MemoryRouter initialEntries={[path]}>
        <Leaf path={path} />
      </MemoryRouter>,
    );
    expect((await screen.findAllByText(REFUSAL, {}, { timeout: 5000 })).length).toBeGreaterThan(0);
    expect(screen.queryByText("No data available.")).toBeNull();
  });
});
