import type { OrderDetailWire, OrderItemWire } from "@loupe/contract";
import { FRAME_FIELD_NAMES, JOB_EDIT_STEP_TITLES } from "@loupe/domain";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../test/render";
import { JobEditPanel } from "./job-edit-panel";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

// Jobs-area §4 "Job edit step": which step's form is open after Confirm, Cancel, Change and Reset.

const rx = {
  id: 5,
  type_id: 1,
  category: null,
  category_display: null,
  right_sph: -1,
  left_sph: -1,
  right_cyl: 0,
  left_cyl: 0,
  spectacles: {},
  standardised_prescription_display_array: { right: "-1.00", left: "-1.25", add: "" },
  source: { data: { name: "Optometrist" } },
  created_at: "2026-11-01T01:00:00Z",
  files: [],
  is_file_only: false,
};
const pd = {
  id: 6,
  binocular_dist_pd: 62,
  right_dist_pd: null,
  left_dist_pd: null,
  frame_size: "M",
  glass_shape_type: "classic",
  is_complex: false,
  source_id: 4,
  outlet_id: null,
  note: null,
  version: 1,
  source: { data: { name: "In store" } },
  created_at: "2026-11-01T01:00:00Z",
  pdPresenter: {
    data: { width: { binocular: 62 }, height: { right: null, left: null, pdZone: "multifocal" } },
    error: null,
  },
};
const read = (url: string) =>
  /\/customers\/7\/prescriptions/.test(url)
    ? { data: [rx] }
    : /\/customers\/7\/pds/.test(url)
      ? { data: [pd] }
      : url.includes("/pd-source")
        ? { data: [{ id: 4, slug: "in-store", name: "In store" }] }
        : referenceAnswer(url);

const fullFrame = {
  front: { shape: "classic", size: "M", colorId: 1 },
  left: { size: "M", colorId: 2 },
  right: { size: "M", colorId: 2 },
};

function open(opts: { customer?: boolean; requiresRx?: boolean; parent?: string; selected?: boolean } = {}) {
  const { customer = true, requiresRx = true, parent = "glasses", selected = false } = opts;
  stubFetch(() => ({ data: {} }), read);
  const job = {
    id: 40,
    customer_id: customer ? 7 : null,
    customer: customer ? { first_name: "Ana", last_name: "Ngata" } : null,
    order_billing: { customer_first_name: "Gus", customer_last_name: "Guest" },
    vend_invoice_number: "INV-40",
    origin_outlet: { region: { country_code: "AU" } },
  } as unknown as OrderDetailWire;
  const item = {
    id: 90,
    region_product_id: 3,
    total_amount: 100,
    region_product: {
      lenses_type: "single-vision",
      requires_prescription: requiresRx,
      parent_type: { key: parent },
      product: { name: "Harbour" },
    },
    additional_info: selected
      ? {
          revision: 2,
          selection: {
            customize: fullFrame,
            prescription: { id: 5, type: "distance" },
            pdId: null,
            product_lens_addons_id: null,
          },
        }
      : null,
  } as unknown as OrderItemWire;
  return renderInShell(<JobEditPanel job={job} item={item} onClose={() => {}} onSaved={() => {}} />);
}

const step = (n: number) => screen.getByTestId(`job-edit-step-${n}`);
const openForm = () =>
  ["frame-step", "rx-step", "pd-step", "lens-step", "summary-step"].filter((id) => screen.queryByTestId(id));
const inStep = (n: number, name: string) => within(step(n)).getByRole("button", { name });

describe("the job edit steps", () => {
  it("a customer's glasses show all five steps and open on the Frame", async () => {
    open();
    expect(await screen.findByTestId("frame-step")).toBeTruthy();
    for (const n of [1, 2, 3, 4, 5]) expect(step(n).textContent).toContain(JOB_EDIT_STEP_TITLES[n as 1]);
    expect(openForm()).toEqual(["frame-step"]);
  });

  it("Frame Confirm with nothing chosen names every missing field and stays on the Frame", async () => {
    const { user } = open();
    await user.click(inStep(1, "Confirm"));
    for (const name of Object.values(FRAME_FIELD_NAMES))
      expect(screen.getByText(`The ${name} field is required.`)).toBeTruthy();
    expect(openForm()).toEqual(["frame-step"]);
  });

  it("Frame Confirm goes to the Prescription with a customer", async () => {
    const { user } = open({ selected: true });
    await user.click(await screen.findByRole("button", { name: "Confirm" }));
    expect(openForm()).toEqual(["rx-step"]);
    expect(within(step(1)).getByTestId("frame-summary").textContent).toContain("frame M");
  });

  it("Frame Confirm goes straight to the Summary for a guest", async () => {
    const { user } = open({ customer: false, selected: true });
    await user.click(await screen.findByRole("button", { name: "Confirm" }));
    expect(openForm()).toEqual(["summary-step"]);
  });

  it("Frame Cancel goes to the Summary, where each done step offers Change and Reset", async () => {
    const { user } = open({ selected: true });
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(openForm()).toEqual(["summary-step"]);
    for (const n of [1, 2, 3, 4]) {
      expect(inStep(n, "Change")).toBeTruthy();
      expect(inStep(n, "Reset")).toBeTruthy();
    }
    await waitFor(() => expect(screen.getByTestId("rx-summary").textContent).toContain("R -1.00 · L -1.25"));
  });

  it("Change reopens that step keeping the choice; Cancel on the Prescription returns to the Summary", async () => {
    const { user } = open({ selected: true });
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    await user.click(inStep(2, "Change"));
    expect(openForm()).toEqual(["rx-step"]);
    const chosen = (await screen.findByRole("radio", { name: /R -1.00/ })) as HTMLInputElement;
    expect(chosen.checked).toBe(true);
    await user.click(inStep(2, "Cancel"));
    expect(openForm()).toEqual(["summary-step"]);
    expect(screen.getByTestId("rx-summary").textContent).toContain("R -1.00");
  });

  it("Reset on the Prescription reopens it with the prescription cleared", async () => {
    const { user } = open({ selected: true });
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.getByTestId("rx-summary").textContent).toContain("R -1.00"));
    await user.click(inStep(2, "Reset"));
    expect(openForm()).toEqual(["rx-step"]);
    const radio = (await screen.findByRole("radio", { name: /R -1.00/ })) as HTMLInputElement;
    expect(radio.checked).toBe(false);
    await user.click(inStep(2, "Cancel"));
    expect(screen.getByTestId("rx-summary").textContent).toBe("No prescription");
  });

  it("Reset on the Frame reopens it with sizes and colours cleared but the shape kept", async () => {
    const { user } = open({ selected: true });
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(screen.getByTestId("frame-summary").textContent).toContain("frame M");
    await user.click(inStep(1, "Reset"));
    expect(openForm()).toEqual(["frame-step"]);
    expect((screen.getByLabelText("Frame size", { selector: "input" }) as HTMLInputElement).value).toBe("");
    expect((screen.getByRole("radio", { name: "Original" }) as HTMLInputElement).checked).toBe(true);
  });

  it("Reset on the Pupil Distance opens step 3; its Cancel goes to the Lenses, whose Cancel goes to the Summary", async () => {
    const { user } = open({ selected: true });
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    await user.click(inStep(3, "Reset"));
    expect(openForm()).toEqual(["pd-step"]);
    await user.click(inStep(3, "Cancel"));
    expect(openForm()).toEqual(["lens-step"]);
    expect((inStep(4, "Confirm") as HTMLButtonElement).disabled).toBe(true);
    await user.click(inStep(4, "Cancel"));
    expect(openForm()).toEqual(["summary-step"]);
    expect(screen.getByTestId("rx-summary").textContent).toBe("No prescription");
  });

  it("a product needing no prescription has only Frame and Summary", async () => {
    open({ requiresRx: false });
    await screen.findByTestId("frame-step");
    expect(screen.queryByTestId("job-edit-step-2")).toBeNull();
    expect(screen.getByTestId("job-edit-step-5")).toBeTruthy();
  });

  it("a contact-lens item has only Prescription and Summary, and opens on the Prescription", async () => {
    open({ parent: "contact-lenses" });
    expect(await screen.findByTestId("rx-step")).toBeTruthy();
    expect(screen.queryByTestId("job-edit-step-1")).toBeNull();
    expect(screen.queryByTestId("job-edit-step-3")).toBeNull();
  });

  it("editing a PD from its step finishes the steps: the Summary, with a customer", async () => {
    const { user } = open({ selected: true });
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    await user.click(inStep(3, "Change"));
    await user.click(await screen.findByRole("button", { name: /^Edit PD PD 62/ }));
    await screen.findByText("Edit PD");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(openForm()).toEqual(["summary-step"]));
    expect(screen.getByTestId("pd-summary").textContent).toContain("PD 62");
  });

  it("creating a PD from its step stays on the step, with a customer", async () => {
    const { user } = open({ selected: true });
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    await user.click(inStep(3, "Change"));
    await user.click(await screen.findByRole("button", { name: "Create Pd" }));
    await user.type(await screen.findByLabelText("binocular distance PD"), "63");
    await user.click(screen.getByLabelText(/^Source/, { selector: "input" }));
    await user.click(await screen.findByRole("option", { name: "In store" }));
    await user.click(screen.getByRole("button", { name: "Create" }));
    await waitFor(() => expect(screen.queryByText("New PD")).toBeNull());
    expect(openForm()).toEqual(["pd-step"]);
  });
});
