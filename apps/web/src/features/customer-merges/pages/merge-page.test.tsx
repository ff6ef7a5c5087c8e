import type { MergePreviewWire, MergeSideWire } from "@loupe/contract";
import { CUSTOMER_RULE_MESSAGES, MERGE_MESSAGES } from "@loupe/domain";
import { screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell } from "../../../test/render";
import MergePage from "./merge-page";

afterEach(() => vi.unstubAllGlobals());

const side = (id: number, over: Partial<MergeSideWire>): MergeSideWire => ({
  id,
  version: 1,
  first_name: "Jane",
  last_name: "Citizen",
  email: null,
  mobile: null,
  phone: null,
  dob: "1981-04-03",
  gender: null,
  occupation: null,
  hobbies: null,
  outlet_id: 4,
  outlet_name: "Newtown",
  region_id: 1,
  new_opt_in: "ALL",
  channel_sms: true,
  channel_phone: true,
  channel_email: true,
  created_at: "2020-01-01T00:00:00Z",
  holds: {},
  ...over,
});
const older = side(10, {
  version: 3,
  first_name: "Jane",
  email: "jane@example.com",
  mobile: "+61412345678",
  holds: { Prescriptions: 0, Jobs: 1 },
});
const newer = side(11, {
  version: 5,
  first_name: "Jayne",
  mobile: "0412 345 678",
  occupation: "Nurse",
  new_opt_in: "HEALTH",
  channel_sms: false,
  created_at: "2024-06-01T00:00:00Z",
  holds: { Prescriptions: 2, Jobs: 0 },
});
const byId = { 10: older, 11: newer } as Record<number, MergeSideWire>;
/** What the server answers for keep/lose: its pre-picks take the losing value where the kept one is empty. */
const previewOf = (keep: number, lose: number): MergePreviewWire => ({
  keep: byId[keep],
  lose: byId[lose],
  choices: {
    first_name: "keep",
    last_name: "keep",
    email: byId[keep].email ? "keep" : "lose",
    mobile: "keep",
    phone: "keep",
    dob: "keep",
    gender: "keep",
    occupation: byId[keep].occupation ? "keep" : "lose",
    hobbies: "keep",
    outlet_id: "keep",
  },
  consent: { new_opt_in: "HEALTH", channel_sms: false, channel_phone: true, channel_email: true },
});

function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{location.pathname}</p>;
}

/** The merge screen as a user with this role (1 admin, 2 staff, 3 manager) and home region sees it. */
function open(
  url: string,
  opts: { roleId?: number; homeRegionId?: number; merge?: () => Response; preview?: () => Response } = {},
) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const u = String(input);
      const method = init.method ?? "GET";
      calls.push({ url: u, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const preview = u.match(/\/staff\/customer-merges\/preview\/(\d+)\/(\d+)$/);
      if (preview)
        return opts.preview?.() ?? Response.json({ data: previewOf(Number(preview[1]), Number(preview[2])) });
      if (method === "POST" && u.endsWith("/staff/customer-merges"))
        return (
          opts.merge?.() ??
          Response.json({
            message: "The customers have been merged.",
            data: {
              id: 1,
              kept: { id: 10, full_name: "Jane Citizen" },
              lost: { id: 11, full_name: "Jayne Citizen" },
            },
          })
        );
      if (u.endsWith("/me"))
        return Response.json({
          data: {
            id: 1,
            role_id: opts.roleId ?? 3,
            home_region_id: opts.homeRegionId ?? 1,
            outlet_id: 4,
            outlet: { id: 4, name: "Newtown", region_id: 1 },
          },
        });
      return Response.json(referenceAnswer(u));
    }),
  );
  const view = renderInShell(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/customers/merge/:keep/:lose" element={<MergePage />} />
        <Route path="/customers/:id" element={<Landed />} />
      </Routes>
    </MemoryRouter>,
  );
  return { ...view, calls };
}

const field = (name: string) => screen.getByTestId(`merge-field-${name}`);
const picked = (name: string) =>
  (within(field(name)).getAllByRole("radio") as HTMLInputElement[]).find((r) => r.checked)?.value;

describe("the merge screen", () => {
  it("shows both records, what moves and the stricter consent, with the server's pre-picks", async () => {
    open("/customers/merge/10/11");
    expect((await screen.findByTestId("merge-side-keep")).textContent).toContain("Kept: Jane Citizen (#10)");
    expect(screen.getByTestId("merge-side-lose").textContent).toContain("Merged away: Jayne Citizen (#11)");
    expect(picked("occupation")).toBe("lose");
    expect(picked("first_name")).toBe("keep");
    // Only the fields the two differ in offer a choice; the rest are named on one line.
    expect(screen.queryByTestId("merge-field-dob")).toBeNull();
    expect(screen.getByTestId("merge-fields-same").textContent).toBe(
      "The same on both records: Last name, Phone, Date of birth, Gender, Hobbies, Outlet.",
    );
    const holds = screen.getByTestId("merge-holds");
    expect(holds.textContent).toContain("Prescriptions: 2");
    expect(holds.textContent).not.toContain("Jobs");
    expect(screen.getByTestId("merge-consent").textContent).toContain(
      "Only Health Subjects · SMS not allowed, Phone allowed, Email allowed",
    );
  });

  it("sends both versions, the picked values and the pair, then opens the kept customer", async () => {
    const { user, calls } = open("/customers/merge/10/11?pair=7");
    await screen.findByTestId("merge-side-keep");
    await user.click(within(field("first_name")).getByRole("radio", { name: "Jayne" }));
    await user.click(within(field("mobile")).getByRole("radio", { name: "0412 345 678" }));
    await user.click(await screen.findByRole("button", { name: "Merge" }));
    await user.click(await screen.findByRole("button", { name: "Yes, merge" }));
    expect((await screen.findByTestId("landed")).textContent).toBe("/customers/10");
    const sent = calls.filter((c) => c.method === "POST");
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({
      keep_id: 10,
      keep_version: 3,
      lose_id: 11,
      lose_version: 5,
      choices: { ...previewOf(10, 11).choices, first_name: "lose", mobile: "lose" },
      pair_id: 7,
    });
    expect(screen.getByTestId("banner-alert").textContent).toContain("The customers have been merged.");
  });

  it("swaps which record is kept, keeping the values already picked", async () => {
    const { user, calls } = open("/customers/merge/10/11?pair=7");
    await screen.findByTestId("merge-side-keep");
    await user.click(within(field("first_name")).getByRole("radio", { name: "Jayne" }));
    await user.click(screen.getByRole("button", { name: "Swap which record is kept" }));
    await waitFor(() =>
      expect(screen.getByTestId("merge-side-keep").textContent).toContain("Kept: Jayne Citizen (#11)"),
    );
    // Jayne (now the kept record's) stays picked; the email only the old record had is pre-picked.
    expect(picked("first_name")).toBe("keep");
    expect(picked("email")).toBe("lose");
    await user.click(await screen.findByRole("button", { name: "Merge" }));
    await user.click(await screen.findByRole("button", { name: "Yes, merge" }));
    await screen.findByTestId("landed");
    const body = calls.find((c) => c.method === "POST")?.body as Record<string, unknown>;
    expect(body).toMatchObject({ keep_id: 11, keep_version: 5, lose_id: 10, lose_version: 3, pair_id: 7 });
    expect((body.choices as Record<string, string>).first_name).toBe("keep");
  });

  it("hides Merge from staff, saying the rulebook's reason", async () => {
    open("/customers/merge/10/11", { roleId: 2 });
    await screen.findByTestId("merge-side-keep");
    expect((await screen.findByTestId("merge-refused")).textContent).toBe(
      CUSTOMER_RULE_MESSAGES.managersOnly,
    );
    expect(screen.queryByRole("button", { name: "Merge" })).toBeNull();
  });

  it("hides Merge from a manager of another region", async () => {
    open("/customers/merge/10/11", { roleId: 3, homeRegionId: 2 });
    await screen.findByTestId("merge-side-keep");
    expect((await screen.findByTestId("merge-refused")).textContent).toBe(CUSTOMER_RULE_MESSAGES.otherRegion);
    expect(screen.queryByRole("button", { name: "Merge" })).toBeNull();
  });

  it("on a version conflict says who changed which record, and Reload reads both again", async () => {
    const { user, calls } = open("/customers/merge/10/11", {
      merge: () =>
        Response.json(
          {
            code: "conflict",
            message: "This customer was changed by someone else.",
            details: {
              versionConflict: {
                record: "customer",
                id: 11,
                expected_version: 5,
                current_version: 6,
                updated_at: "2026-11-29T03:04:00Z",
                updated_by: { id: 4, full_name: "Sam Lee" },
              },
            },
          },
          { status: 409 },
        ),
    });
    await screen.findByTestId("merge-side-keep");
    await user.click(await screen.findByRole("button", { name: "Merge" }));
    await user.click(await screen.findByRole("button", { name: "Yes, merge" }));
    const alert = await screen.findByTestId("version-conflict");
    expect(alert.textContent).toContain("Merged away: Jayne Citizen (#11)");
    expect(alert.textContent).toContain("Sam Lee");
    expect(screen.queryByTestId("landed")).toBeNull();
    const reads = () => calls.filter((c) => c.url.includes("/preview/")).length;
    const before = reads();
    await user.click(within(alert).getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(screen.queryByTestId("version-conflict")).toBeNull());
    expect(reads()).toBe(before + 1);
  });

  it("shows the server's refusal of one customer twice, naming why", async () => {
    open("/customers/merge/10/10", {
      preview: () =>
        Response.json(
          {
            code: "validation_failed",
            message: "The given data was invalid.",
            errors: { lose: [MERGE_MESSAGES.sameCustomer] },
          },
          { status: 422 },
        ),
    });
    expect((await screen.findByTestId("merge-errors")).textContent).toBe(MERGE_MESSAGES.sameCustomer);
    expect(screen.queryByRole("button", { name: "Merge" })).toBeNull();
  });

  it("names the fields a refused merge was refused for", async () => {
    const { user } = open("/customers/merge/10/11", {
      merge: () =>
        Response.json(
          {
            code: "validation_failed",
            message: "The given data was invalid.",
            errors: { "choices.dob": ["Date of birth: pick a value one of the records has."] },
          },
          { status: 422 },
        ),
    });
    await screen.findByTestId("merge-side-keep");
    await user.click(await screen.findByRole("button", { name: "Merge" }));
    await user.click(await screen.findByRole("button", { name: "Yes, merge" }));
    expect((await screen.findByTestId("merge-errors")).textContent).toContain("Date of birth");
  });
});
