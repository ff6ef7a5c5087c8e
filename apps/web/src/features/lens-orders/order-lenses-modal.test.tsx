import type { OrderDetailWire, OrderItemWire } from "@loupe/contract";
import { cutOptionsFor, LENS_ORDER_MESSAGES, LENS_ORDER_PD_MESSAGES, REPEAT_REASONS } from "@loupe/domain";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../test/render";
import { OrderLensesModal } from "./order-lenses-modal";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const lens = {
  id: 20,
  invalid_error_msg: null,
  warning_message: null,
  price: 0,
  lenses: {
    name: "Clear 1.6",
    display_thickness: "Thin",
    index: 1.6,
    diameters: [70],
    supplier: { id: 3, name: "Hoya" },
  },
  coating: { display_name: "Anti-glare" },
  tint: null,
};
const emailContact = { id: 31, full_name: "Lab Desk", channel: "email", is_active: true };
const apiContact = { id: 32, full_name: "Hoya Online", channel: "api", is_active: true };

type Supplier = Record<string, unknown>;
const supplier = (over: Supplier = {}) => ({
  id: 3,
  name: "Hoya",
  abbreviation: "HOY",
  is_repeat: false,
  order_count: 0,
  contacts: [emailContact],
  default_delivery_outlet_id: 1,
  cut_options: cutOptionsFor(true),
  blockers: [],
  open_order: null,
  order_type: "email",
  ...over,
});

function open(
  opts: {
    supplier?: Supplier;
    options?: unknown[];
    confirmed?: boolean;
    lensesType?: string;
    pd?: Record<string, unknown>;
  } = {},
) {
  const { options = [lens], confirmed = true } = opts;
  const read = (url: string) => {
    if (url.includes("/staff/product-lens-addons")) return { data: options };
    if (url.includes("/staff/suppliers/3")) return { data: supplier(opts.supplier) };
    // The signed-in staff member, with an id of their own so the payload's can be told from a default.
    if (url.endsWith("/me"))
      return {
        data: {
          id: 57,
          name: "Sam Dispenser",
          outlet_id: 1,
          outlet: { id: 1, name: "Newtown", region_id: 1 },
        },
      };
    if (/\/outlets(\?|$)/.test(url))
      return { data: [{ id: 1, abbreviation: "NT", name: "Newtown", is_active: true }] };
    return referenceAnswer(url);
  };
  const calls = stubFetch(() => ({ data: { id: 77 } }), read);
  const job = { id: 40, vend_invoice_number: "INV-40" } as unknown as OrderDetailWire;
  const item = {
    id: 90,
    region_product_id: 12,
    region_product: {
      product: { name: "Harbour" },
      parent_type: { key: "glasses" },
      requires_prescription: true,
      lenses_type: opts.lensesType ?? "single-vision",
    },
    additional_info: {
      selection: {
        customize: { front: { shape: "classic", size: "M", colorId: 1 } },
        prescription: { id: 5, type: "distance" },
        pdId: 6,
        product_lens_addons_id: 20,
      },
      data: confirmed
        ? { prescription: { id: 5 }, pd: { id: 6, ...opts.pd }, lens_addon_combination: lens }
        : {},
    },
  } as unknown as OrderItemWire;
  const onClose = vi.fn();
  const view = renderInShell(<OrderLensesModal job={job} item={item} onClose={onClose} />);
  const orders = () => calls.filter((c) => c.method === "POST");
  return { ...view, orders, onClose };
}

const orderButton = () => screen.getByRole("button", { name: "Order Lenses" }) as HTMLButtonElement;
const supplierShown = () => screen.findByText("Hoya (HOY)");

describe("when Order Lenses is enabled", () => {
  it("is disabled with the spec's warning when no lens matches the confirmed selection", async () => {
    open({ options: [] });
    expect(await screen.findByText(LENS_ORDER_MESSAGES.noLensesMatch)).toBeTruthy();
    expect(orderButton().disabled).toBe(true);
  });

  it("asks for a confirmed selection first when the job's item is not confirmed", async () => {
    open({ options: [], confirmed: false });
    expect(await screen.findByText(LENS_ORDER_MESSAGES.notConfirmed)).toBeTruthy();
    expect(orderButton().disabled).toBe(true);
  });

  it("is disabled while the supplier names a blocker or an order is already open", async () => {
    open({ supplier: { blockers: ["Frame size required"], open_order: { status_label: "Ordered" } } });
    await supplierShown();
    expect(screen.getByText("Frame size required")).toBeTruthy();
    expect(screen.getByText(LENS_ORDER_MESSAGES.alreadyOrdered("Ordered"))).toBeTruthy();
    expect(orderButton().disabled).toBe(true);
  });

  it("orders the job's lens with the supplier's defaults: its delivery outlet and its only contact", async () => {
    const { user, orders, onClose } = open();
    await supplierShown();
    expect(orderButton().disabled).toBe(false);
    await user.click(orderButton());
    await waitFor(() => expect(orders()).toHaveLength(1));
    expect(orders()[0].body).toMatchObject({
      type: "new",
      order_id: 40,
      item: 90,
      product_id: 20,
      from: 3,
      to: 1,
      supplier_contact_id: 31,
      frame_size: "M",
      lenses: "both",
      need_to_edge: "UnCut",
      reason: null,
    });
    expect(await screen.findByText(LENS_ORDER_MESSAGES.ordered)).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it("names the signed-in staff member and their outlet in the order (spec §3's user_id and outlet_id)", async () => {
    const { user, orders } = open();
    await supplierShown();
    await waitFor(() => expect(orderButton().disabled).toBe(false));
    await user.click(orderButton());
    await waitFor(() => expect(orders()).toHaveLength(1));
    expect(orders()[0].body).toMatchObject({ user_id: 57, outlet_id: 1 });
  });
});

describe("the form's rules", () => {
  it("needs a contact when the supplier has several in the region", async () => {
    const { user, orders } = open({ supplier: { contacts: [emailContact, apiContact] } });
    await supplierShown();
    await user.click(orderButton());
    expect(await screen.findByText(LENS_ORDER_MESSAGES.contactRequired)).toBeTruthy();
    expect(orders()).toHaveLength(0);
  });

  it("offers Cut only where the supplier edges lenses", async () => {
    open({ supplier: { cut_options: cutOptionsFor(false) } });
    await supplierShown();
    expect(screen.getByRole("radio", { name: "UnCut" })).toBeTruthy();
    expect(screen.queryByRole("radio", { name: "Cut" })).toBeNull();
  });

  it("a repeat order needs a Reason and an Internal Note, and sends the reason's slug", async () => {
    const { user, orders } = open({ supplier: { is_repeat: true, order_count: 1 } });
    await supplierShown();
    expect(screen.getByTestId("repeat-badge").textContent).toContain("1 earlier");
    await user.click(orderButton());
    expect(await screen.findByText(LENS_ORDER_MESSAGES.reasonRequired)).toBeTruthy();
    expect(screen.getByText(LENS_ORDER_MESSAGES.internalNoteRequired)).toBeTruthy();
    expect(orders()).toHaveLength(0);
    const reason = REPEAT_REASONS[2];
    await user.click(screen.getByLabelText(/^Reason/, { selector: "input" }));
    await user.click(await screen.findByRole("option", { name: reason.name }));
    await user.type(screen.getByLabelText(/^Internal Note/), "Remake, wrong axis");
    await user.click(orderButton());
    await waitFor(() => expect(orders()).toHaveLength(1));
    expect(orders()[0].body).toMatchObject({
      type: "repeat",
      reason: reason.slug,
      description: "Remake, wrong axis",
    });
  });

  it.each([
    [false, 25],
    [true, 18],
  ])(
    "with the automatic-interface contact (repeat %s) the notes take at most %i characters",
    async (repeat, max) => {
      const { user, orders } = open({
        supplier: { contacts: [apiContact], is_repeat: repeat, order_count: 1 },
      });
      await supplierShown();
      if (repeat) {
        await user.click(screen.getByLabelText(/^Reason/, { selector: "input" }));
        await user.click(await screen.findByRole("option", { name: REPEAT_REASONS[0].name }));
        await user.type(screen.getByLabelText(/^Internal Note/), "x");
      }
      const notes = screen.getByLabelText("Notes");
      await user.type(notes, "n".repeat(max + 1));
      expect(screen.getByText(LENS_ORDER_MESSAGES.notesTooLong(max))).toBeTruthy();
      expect(
        screen.getByText(`For the supplier's automatic interface: ${max + 1}/${max} characters`),
      ).toBeTruthy();
      await user.click(orderButton());
      expect(orders()).toHaveLength(0);
      await user.type(notes, "{Backspace}");
      expect(screen.queryByText(LENS_ORDER_MESSAGES.notesTooLong(max))).toBeNull();
      await user.click(orderButton());
      await waitFor(() => expect(orders()).toHaveLength(1));
      expect(orders()[0].body).toMatchObject({ notes: "n".repeat(max), supplier_contact_id: 32 });
    },
  );

  it("an e-mail contact's notes have no spec limit of 25", async () => {
    const { user, orders } = open();
    await supplierShown();
    await user.type(screen.getByLabelText("Notes"), "n".repeat(40));
    await user.click(orderButton());
    await waitFor(() => expect(orders()).toHaveLength(1));
    expect((orders()[0].body as { notes: string }).notes).toHaveLength(40);
  });

  it("a supplier's own notes limit is the form's: longer notes are refused before ordering, not cut", async () => {
    const { user, orders } = open({ supplier: { notes_max_length: 40 } });
    await supplierShown();
    const notes = screen.getByLabelText("Notes");
    await user.type(notes, "n".repeat(41));
    expect(screen.getByText(LENS_ORDER_MESSAGES.notesTooLong(40))).toBeTruthy();
    expect(screen.getByText("Hoya takes 40 characters: 41/40 characters")).toBeTruthy();
    await user.click(orderButton());
    expect(orders()).toHaveLength(0);
    await user.type(notes, "{Backspace}");
    await user.click(orderButton());
    await waitFor(() => expect(orders()).toHaveLength(1));
    expect((orders()[0].body as { notes: string }).notes).toHaveLength(40);
  });
});

describe("the PD values the lens needs (issue 32)", () => {
  const pdMessage = (field: Parameters<typeof LENS_ORDER_PD_MESSAGES.readingPdNeeded>[0]) =>
    LENS_ORDER_PD_MESSAGES.readingPdNeeded(field);

  it("a multifocal with only the right reading PD cannot be ordered for both eyes; the right lens alone can", async () => {
    const { user, orders } = open({
      lensesType: "multifocal",
      pd: {
        binocular_dist_pd: 62,
        right_reading_pd: 29,
        right_height_multifocal: 22,
        left_height_multifocal: 21,
      },
    });
    await supplierShown();
    expect(screen.getByText(pdMessage("left_reading_pd"))).toBeTruthy();
    expect(orderButton().disabled).toBe(true);
    await user.click(screen.getByRole("radio", { name: "Right" }));
    expect(screen.queryByText(pdMessage("left_reading_pd"))).toBeNull();
    expect(orderButton().disabled).toBe(false);
    await user.click(orderButton());
    await waitFor(() => expect(orders()).toHaveLength(1));
    expect(orders()[0].body).toMatchObject({ lenses: "right" });
  });

  it("a bifocal needs both segment heights", async () => {
    open({ lensesType: "bifocal", pd: { binocular_dist_pd: 62, right_height_bifocal: 18 } });
    await supplierShown();
    expect(screen.getByText(LENS_ORDER_PD_MESSAGES.heightNeeded("left_height_bifocal"))).toBeTruthy();
    expect(orderButton().disabled).toBe(true);
  });

  it("single vision needs optical-centre heights only from a supplier that asks for them", async () => {
    open({ supplier: { requires_heights: true }, pd: { binocular_dist_pd: 62 } });
    await supplierShown();
    expect(screen.getByText(LENS_ORDER_PD_MESSAGES.heightNeeded("right_height_aspheric"))).toBeTruthy();
    expect(screen.getByText(LENS_ORDER_PD_MESSAGES.heightNeeded("left_height_aspheric"))).toBeTruthy();
    expect(orderButton().disabled).toBe(true);
  });

  it("single vision from a supplier that does not ask orders without heights", async () => {
    open({ pd: { binocular_dist_pd: 62 } });
    await supplierShown();
    expect(orderButton().disabled).toBe(false);
  });
});
