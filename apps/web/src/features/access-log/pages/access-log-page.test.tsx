import { ADMIN_ROLE_ID, STAFF_ROLE_ID, timeZoneForRegion } from "@loupe/domain";
import { screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../../test/render";
import AccessLogPage from "./access-log-page";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const entry = (seq: number, over: Record<string, unknown> = {}) => ({
  seq,
  occurred_at: "2026-11-20T01:00:00Z",
  staff_id: 5,
  staff_name: "Bea Staff",
  staff_role_id: 2,
  staff_outlet_id: 1,
  staff_region_id: 1,
  action: "view",
  resource: "prescription",
  resource_id: 12,
  customer_id: 7,
  customer_name: "Ana Ngata",
  screen: "Customer",
  route: null,
  request_id: null,
  address: null,
  outcome: "allowed",
  reason: null,
  changed_fields: null,
  ...over,
});

function open(roleId: number, url = "/access-log") {
  const me = {
    id: 1,
    name: "Me",
    role_id: roleId,
    outlet_id: 1,
    outlet: { id: 1, name: "Newtown", region_id: 1 },
  };
  const read = (u: string) => {
    if (u.endsWith("/me")) return { data: me };
    if (/\/user\?/.test(u))
      return { data: [{ id: 5, first_name: "Bea", last_name: "Staff", email: "bea@x" }] };
    if (u.includes("/access-log/staff/5"))
      return {
        data: [
          entry(1),
          entry(2, { customer_name: null, customer_id: 9, outcome: "refused", action: "update" }),
        ],
        meta: { pagination: { total: 2, total_kind: "exact" } },
      };
    return referenceAnswer(u);
  };
  const calls = stubFetch(undefined, read);
  const view = renderInShell(
    <MemoryRouter initialEntries={[url]}>
      <AccessLogPage />
    </MemoryRouter>,
  );
  const reports = () => calls.filter((c) => c.url.includes("/access-log/staff/"));
  return { ...view, reports };
}

/** The hour and minute an instant reads in a zone. */
const clock = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-AU", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    new Date(iso),
  );

describe("the Access Log", () => {
  it("is for administrators only", async () => {
    const { reports } = open(STAFF_ROLE_ID);
    expect(await screen.findByText("Only an administrator can read the access log.")).toBeTruthy();
    expect(screen.queryByLabelText("Staff member")).toBeNull();
    expect(reports()).toHaveLength(0);
  });

  it("reports what the chosen staff member accessed, from midnight to midnight in the user's zone", async () => {
    const { user, reports } = open(ADMIN_ROLE_ID);
    await user.click(await screen.findByLabelText("Staff member", { selector: "input" }));
    await user.click(await screen.findByRole("option", { name: "Bea Staff" }));
    const table = await screen.findByTestId("access-history-staff-5");
    await waitFor(() => expect(within(table).getByText("Ana Ngata")).toBeTruthy());
    expect(within(table).getByText("#9")).toBeTruthy();
    expect(within(table).getAllByText("prescription #12")).toHaveLength(2);
    expect(within(table).getByText("refused")).toBeTruthy();
    const q = new URL(reports()[0].url, "http://x").searchParams;
    const zone = timeZoneForRegion(1);
    expect(clock(q.get("from")!, zone)).toBe("00:00");
    expect(clock(q.get("to")!, zone)).toBe("00:00");
    const days = (Date.parse(q.get("to")!) - Date.parse(q.get("from")!)) / 86_400_000;
    expect(Math.round(days)).toBe(31);
    expect(q.get("per_page")).toBe("25");
  });

  it("an action filter is sent with the report, from page 1", async () => {
    const { user, reports } = open(ADMIN_ROLE_ID, "/access-log?staff_id=5");
    await screen.findByTestId("access-history-staff-5");
    await user.click(screen.getByLabelText("Action", { selector: "input" }));
    await user.click(await screen.findByRole("option", { name: "update" }));
    await waitFor(() => expect(reports().some((c) => c.url.includes("action=update"))).toBe(true));
    const q = new URL(reports().at(-1)!.url, "http://x").searchParams;
    expect(q.get("page")).toBe("1");
  });
});
