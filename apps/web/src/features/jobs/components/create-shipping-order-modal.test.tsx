import type { OrderDetailWire } from "@loupe/contract";
import { PARCEL_DEFAULTS, PARCEL_SIZES, shippingMessages } from "@loupe/domain";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../../test/render";
import { CreateShippingOrderModal } from "./create-shipping-order-modal";

const outlets = [
  { id: 1, name: "Newtown", abbreviation: "NT", is_active: true, region_id: 1 },
  { id: 2, name: "Ponsonby", abbreviation: "PO", is_active: true, region_id: 2 },
  { id: 3, name: "Closed Bondi", abbreviation: "BO", is_active: false, region_id: 1 },
];
const regions = [
  { id: 1, name: "Australia", country_code: "AU" },
  { id: 2, name: "New Zealand", country_code: "NZ" },
];
const me = { id: 1, name: "Test Staff", outlet_id: 1, outlet: outlets[0] };

// The signed-in shell has already loaded the session and the reference lists (the modal reads them at once).
beforeEach(() => {
  localStorage.setItem("loupe.session", JSON.stringify({ token: "t", expiresAt: null, user: me }));
  localStorage.setItem("loupe.cache.outlets", JSON.stringify({ at: Date.now(), value: outlets }));
  localStorage.setItem("loupe.cache.regions", JSON.stringify({ at: Date.now(), value: regions }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const nzAddress = {
  id: 55,
  first_name: "Ana",
  last_name: "Ngata",
  mobile: "021 000",
  email: "ana@example.com",
  address: { type: "Home", address1: "1 Queen St", suburb: "Auckland", postcode: "1010", country: "NZ" },
};
const courier = (over: Record<string, unknown>) => ({
  product_id: "S1",
  product_type: "sendle",
  product_name: "Sendle Standard",
  price: 9.5,
  message: "Pickup tomorrow",
  errors: [],
  delivery_estimate: null,
  delivery_instructions: [],
  ...over,
});

function open() {
  const read = (url: string) => {
    if (url.includes("/billing-addresses")) return { data: [nzAddress] };
    if (url.includes("/region")) return { data: regions };
    if (/\/outlets(\?|$)/.test(url)) return { data: outlets };
    if (url.endsWith("/me")) return { data: me };
    return referenceAnswer(url);
  };
  const answer = (url: string) =>
    url.includes("/getquote")
      ? {
          data: [
            courier({}),
            courier({
              product_id: "AP1",
              product_type: "aupost",
              product_name: "Parcel Post",
              errors: ["Too heavy"],
            }),
          ],
        }
      : { data: { id: 1 } };
  const calls = stubFetch(answer, read);
  const job = {
    id: 40,
    customer_id: 7,
    total_amount: 149.95,
    order_billing: {
      customer_first_name: "Ana",
      customer_last_name: "Ngata",
      customer_mobile: "0400 000 000",
      customer_email: "ana@example.com",
      billing_address: {
        address1: "2 King St",
        suburb: "Newtown",
        state: "NSW",
        postcode: "2042",
        country: "AU",
      },
    },
  } as unknown as OrderDetailWire;
  const onClose = vi.fn();
  const view = renderInShell(<CreateShippingOrderModal job={job} onClose={onClose} />);
  const writes = () => calls.filter((c) => c.method === "POST");
  return { ...view, writes, onClose };
}
type User = ReturnType<typeof renderInShell>["user"];

const input = (label: RegExp) => screen.getByLabelText(label, { selector: "input" }) as HTMLInputElement;
const getQuotes = () => screen.getByRole("button", { name: "Get Quotes" }) as HTMLButtonElement;
async function chooseReceiver(user: User, name: RegExp) {
  await user.click(input(/^Receiver address/));
  await user.click(await screen.findByRole("option", { name }));
}

describe("Create Shipping Order, step 1: the parcel", () => {
  it("starts from the spec's defaults: the user's outlet, a Large Box, 1 parcel, the job total rounded down", async () => {
    open();
    expect(input(/^Pickup location/).value).toBe("Newtown");
    expect(input(/^Delivery instructions/).value).toBe("Authority to leave");
    expect(input(/^Parcel size/).value).toMatch(/^Large Box/);
    expect(input(/^Quantity/).value).toBe(String(PARCEL_DEFAULTS.quantity));
    expect(input(/^Weight/).value).toBe(String(PARCEL_DEFAULTS.weight));
    expect(input(/^Declared value/).value).toBe("149");
    expect(input(/^Description/).value).toBe(PARCEL_DEFAULTS.description);
    expect(input(/^Country of origin/).value).toBe(PARCEL_DEFAULTS.countryOfOrigin);
    expect(getQuotes().disabled).toBe(true);
  });

  it("picks up only at active Australian outlets", async () => {
    const { user } = open();
    await user.click(input(/^Pickup location/));
    expect(await screen.findByRole("option", { name: "Newtown" })).toBeTruthy();
    expect(screen.queryByRole("option", { name: "Ponsonby" })).toBeNull();
    expect(screen.queryByRole("option", { name: "Closed Bondi" })).toBeNull();
  });

  it("Get Quotes waits for a receiver, and a quantity outside 1–10 stops it again", async () => {
    const { user } = open();
    await chooseReceiver(user, /^Job's shipping address/);
    expect(screen.getByTestId("receiver-contact").textContent).toContain("2 King St");
    expect(getQuotes().disabled).toBe(false);
    await user.clear(input(/^Quantity/));
    await user.type(input(/^Quantity/), "11");
    expect(await screen.findByText("The quantity has to be between 1 and 10")).toBeTruthy();
    expect(getQuotes().disabled).toBe(true);
  });

  it("a parcel size brings its box's own weight", async () => {
    const { user } = open();
    await user.click(input(/^Parcel size/));
    await user.click(await screen.findByRole("option", { name: /^Small Box/ }));
    expect(input(/^Weight/).value).toBe(String(PARCEL_SIZES[0].weight));
  });

  it("a parcel leaving Australia needs a description", async () => {
    const { user } = open();
    await chooseReceiver(user, /^Home: 1 Queen St/);
    await user.clear(input(/^Description/));
    expect(await screen.findByText("The description field is required.")).toBeTruthy();
    expect(getQuotes().disabled).toBe(true);
  });
});

describe("Create Shipping Order, step 2: the courier", () => {
  it("quotes the parcel, lists couriers (one with errors disabled) and books the chosen one once", async () => {
    const { user, writes, onClose } = open();
    await chooseReceiver(user, /^Job's shipping address/);
    await user.click(getQuotes());
    await waitFor(() => expect(screen.getAllByTestId("courier-option")).toHaveLength(2));
    const quote = writes()[0];
    expect(quote.url).toContain("/getquote");
    expect(quote.body).toMatchObject({
      order_id: 40,
      aupost: { sender_outlet_id: 1, quantity: 1, weight: 0.3, value: 149, delivery_postcode: "2042" },
      sendle: { delivery_suburb: "Newtown", delivery_country: "AU", first_mile_option: "pickup" },
    });
    expect((screen.getByRole("radio", { name: "Parcel Post" }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText("Too heavy")).toBeTruthy();
    const confirm = screen.getByRole("button", { name: "Confirm" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.click(screen.getByRole("radio", { name: "Sendle Standard" }));
    await user.click(confirm);
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1].url).toContain("/staff/sendle-orders");
    expect(writes()[1].body).toMatchObject({ order_id: 40, product_id: "S1", sender_outlet_id: 1 });
    expect((writes()[1].body as { idempotency_key: string }).idempotency_key).toBeTruthy();
    expect(await screen.findByText(shippingMessages.created)).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it("Back returns to the parcel with what was typed", async () => {
    const { user } = open();
    await chooseReceiver(user, /^Job's shipping address/);
    await user.clear(input(/^Quantity/));
    await user.type(input(/^Quantity/), "3");
    await user.click(getQuotes());
    await user.click(await screen.findByRole("button", { name: "Back" }));
    expect(input(/^Quantity/).value).toBe("3");
    expect(input(/^Receiver address/).value).toMatch(/^Job's shipping address/);
  });
});
