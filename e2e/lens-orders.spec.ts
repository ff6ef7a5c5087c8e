import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { screenshot, signIn } from "./support/helpers";
import {
  api,
  findJob,
  givePd,
  giveRx,
  glass,
  type Item,
  type Job,
  login,
  openJob,
} from "./support/job-fixtures";

/**
 * Lens orders (jobs-area §2–5, §7–9, issue 13): Order Lenses from a confirmed job's item, repeat
 * orders, the Hoya cancel, and the suppliers' Settings. Orders go to the local lab simulator (the
 * suppliers' automatic interface contacts), which moves one state every 6 s in these journeys.
 */

interface LensOption {
  id: number;
  invalid_error_msg: string | null;
  lenses: { name: string; supplier: { id: number; name: string } };
}

/**
 * A demo multifocal job whose item is confirmed through the job edit's save (frame M, a
 * multifocal prescription and PD, a lens of `supplier`): what Order Lenses needs.
 */
async function confirmedMultifocalJob(request: APIRequestContext, supplier: string) {
  const { job, item } = await findJob(request, false, (j) =>
    glass(j).find((i) => i.region_product.lenses_type === "multifocal"),
  );
  const rx = await giveRx(request, job.customer_id!, {
    right_sph: -1.75,
    left_sph: -1.5,
    spectacles: { right_near_add: 2, left_near_add: 2 },
  });
  const pd = await givePd(request, job.customer_id!, {
    binocular_dist_pd: 63,
    right_height_multifocal: 23,
    left_height_multifocal: 23,
    frame_size: "M",
  });
  const options = (
    await api<{ data: LensOption[] }>(
      request,
      "GET",
      `/api/staff/product-lens-addons?region_product_id=${item.region_product_id}&prescription_id=${rx.id}&pd_id=${pd.id}&frame_size=M`,
    )
  ).data;
  const lens = options.find((o) => !o.invalid_error_msg && o.lenses.supplier.name === supplier);
  if (!lens) throw new Error(`no ${supplier} lens for this prescription`);
  const colour = async (type: string) =>
    (await api<{ data: { id: number }[] }>(request, "GET", `/api/colors?type=${type}`)).data[0].id;
  const arm = { size: "M", colorId: await colour("Temple") };
  await api(request, "PUT", `/api/staff/order-items/${item.id}/info`, {
    customize: {
      front: { shape: "classic", size: "M", colorId: await colour("Frame") },
      left: arm,
      right: arm,
    },
    prescription: { id: rx.id, type: null },
    pdId: pd.id,
    product_lens_addons_id: lens.id,
    revision: 0,
  });
  return { job, item, lens };
}

/** Orders the item's lens through the API from its supplier's automatic interface contact. */
async function orderThroughApi(request: APIRequestContext, job: Job, item: Item, lens: LensOption) {
  const supplier = (
    await api<{
      data: { contacts: { id: number; channel: string }[]; default_delivery_outlet_id: number };
    }>(request, "GET", `/api/staff/suppliers/${lens.lenses.supplier.id}?order_item_id=${item.id}`)
  ).data;
  const contact = supplier.contacts.find((c) => c.channel === "api");
  await api(request, "POST", "/api/order_lens", {
    order_id: job.id,
    item: item.id,
    from: lens.lenses.supplier.id,
    supplier_contact_id: contact!.id,
    to: supplier.default_delivery_outlet_id,
    lenses: "both",
    need_to_edge: "UnCut",
  });
}

const orderCount = async (request: APIRequestContext, item: Item) =>
  (await api(request, "GET", `/api/order_lens/count?order_item_id=${item.id}`)).data.count as number;

const alert = (page: Page) => page.getByTestId("banner-alert");
const itemRow = (page: Page, item: Item) =>
  page
    .getByTestId("job-item")
    .filter({ has: page.getByRole("button", { name: `Order Lenses for item ${item.id}` }) });

async function openOrderLenses(page: Page, item: Item) {
  await page.getByRole("button", { name: `Order Lenses for item ${item.id}` }).click();
  const modal = page.getByRole("dialog", { name: "Order Lenses" });
  await expect(modal.getByRole("combobox", { name: "Contact (required)" })).toBeVisible();
  return modal;
}

async function pick(
  page: Page,
  scope: ReturnType<Page["getByRole"]>,
  label: string,
  option: string | RegExp,
) {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option }).first().click();
}

test.describe("lens orders", () => {
  // Waiting for the lab simulator and an axe scan per screenshot outlast 60 s on a shared machine.
  test.describe.configure({ timeout: 180_000 });
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("order lenses for a confirmed multifocal job", async ({ page, request }) => {
    const { job, item, lens } = await confirmedMultifocalJob(request, "Hoya");
    await openJob(page, job);
    const modal = await openOrderLenses(page, item);

    // The job's lens is preselected; Zeiss is never offered; Hoya edges, so Cut is a choice.
    await expect(modal.getByRole("combobox", { name: "Lens", exact: true })).toHaveValue(
      new RegExp(`^Hoya · ${lens.lenses.name}.*\\(job's lens\\)$`),
    );
    await modal.getByRole("combobox", { name: "Lens", exact: true }).click();
    await expect(page.getByRole("option").first()).toBeVisible();
    await expect(page.getByRole("option", { name: /Zeiss/ })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(modal.getByRole("radio", { name: "Cut", exact: true })).toBeVisible();
    await expect(modal.getByRole("combobox", { name: "Deliver to (required)" })).not.toHaveValue("");

    await pick(page, modal, "Contact (required)", /Hoya automatic interface/);
    await modal.getByRole("radio", { name: "Cut", exact: true }).check();
    // The automatic interface takes 25 characters of notes.
    await modal.getByRole("textbox", { name: "Notes" }).fill("Please rush: wedding Saturday");
    await expect(modal.getByText("The Notes field may not be greater than 25 characters.")).toBeVisible();
    await modal.getByRole("textbox", { name: "Notes" }).fill("Rush: wedding Saturday");
    await expect(modal.getByText("The Notes field may not be greater than 25 characters.")).toHaveCount(0);
    await screenshot(page, "lens-order-modal");

    // A double click orders once.
    await modal.getByRole("button", { name: "Order Lenses" }).dblclick();
    await expect(alert(page)).toContainText("Lens ordered successfully");
    await expect(modal).toHaveCount(0);
    const row = itemRow(page, item);
    await expect(row.getByTestId("lens-order-state")).toContainText("Hoya");
    await expect(row).toContainText("Lenses Ordered");
    expect(await orderCount(request, item)).toBe(1);
    await screenshot(page, "lens-order-placed");
  });

  test("a repeat order needs a reason and an internal note", async ({ page, request }) => {
    const { job, item, lens } = await confirmedMultifocalJob(request, "Shamir");
    await orderThroughApi(request, job, item, lens);
    // The first order has to reach the customer before lenses can be ordered again.
    await expect
      .poll(
        async () =>
          (await api(request, "GET", `/api/order_lens_status_check?order_item_id=${item.id}`)).data[0]
            .status_label,
        { timeout: 120_000, intervals: [5_000] },
      )
      .toBe("Delivered");

    await openJob(page, job);
    await expect(itemRow(page, item).getByTestId("lens-order-state")).toContainText("Delivered");
    const modal = await openOrderLenses(page, item);
    await expect(modal.getByTestId("repeat-badge")).toContainText("Repeat order · 1 earlier");
    await modal.getByRole("button", { name: "Order Lenses" }).click();
    await expect(modal.getByText("The Reason field is required.")).toBeVisible();
    await expect(modal.getByText("The Internal Note field is required.")).toBeVisible();
    await screenshot(page, "lens-order-repeat-needs-reason");

    await pick(page, modal, "Reason", "Supplier Problem - Scratched Lenses");
    await modal.getByRole("textbox", { name: "Internal Note" }).fill("Right lens scratched on arrival.");
    // A repeat order through the automatic interface takes 18 characters of notes.
    await modal.getByRole("textbox", { name: "Notes" }).fill("Replace both lenses");
    await expect(modal.getByText("The Notes field may not be greater than 18 characters.")).toBeVisible();
    await modal.getByRole("textbox", { name: "Notes" }).fill("Replace both");
    await expect(modal.getByText("The Reason field is required.")).toHaveCount(0);
    await modal.getByRole("button", { name: "Order Lenses" }).click();
    await expect(alert(page)).toContainText("Lens ordered successfully");
    expect(await orderCount(request, item)).toBe(2);
    const orders = (await api(request, "GET", `/api/staff/order-items/${item.id}/lens-orders`)).data;
    expect(orders[0]).toMatchObject({
      is_repeat: true,
      repeat_reason_name: "Supplier Problem - Scratched Lenses",
      description: "Right lens scratched on arrival.",
    });
  });

  test("a Hoya cancel asks first, then cancels", async ({ page, request }) => {
    const { job, item, lens } = await confirmedMultifocalJob(request, "Hoya");
    await openJob(page, job);
    // Placed now: the Hoya cancel window (states 0–3) stays open for 24 s.
    await orderThroughApi(request, job, item, lens);
    await page.reload();
    await page.getByRole("table", { name: "Jobs" }).getByRole("button", { name: "Expand" }).first().click();
    const state = itemRow(page, item).getByTestId("lens-order-state");
    await state.getByRole("button", { name: "Cancel order" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel lens order" });
    await expect(dialog).toContainText(/Cancel Hoya order .+\? The lab stops making these lenses/);
    await dialog.getByRole("button", { name: "No" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(state.getByRole("button", { name: "Cancel order" })).toBeVisible();

    await state.getByRole("button", { name: "Cancel order" }).click();
    await expect(dialog).toBeVisible();
    await screenshot(page, "lens-order-cancel-confirm");
    await dialog.getByRole("button", { name: "Yes, cancel order" }).click();
    await expect(alert(page)).toContainText("Hoya order cancelled successfully");
    await expect(state).toContainText("Cancelled");
    await expect(state.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
    expect(await orderCount(request, item)).toBe(0);
    await screenshot(page, "lens-order-cancelled");
  });

  test("supplier settings: edit a supplier, a stale save shows who saved first, add and edit a contact", async ({
    page,
    request,
  }) => {
    interface Supplier {
      id: number;
      name: string;
      abbreviation: string;
      order_type: string;
      kind: string;
      allows_cut: boolean;
      contacts_listed: boolean;
      is_active: boolean;
      version: number;
    }
    const suppliers = async () =>
      (await api<{ data: Supplier[] }>(request, "GET", "/api/staff/suppliers?include_inactive=true")).data;
    await login(request);
    const rodenstock = (await suppliers()).find((s) => s.abbreviation === "RODEN")!;
    await page.goto("/settings");
    const settings = page.getByTestId("suppliers-settings");
    const row = settings.getByTestId("supplier-row").filter({ hasText: "Rodenstock" });
    await expect(row).toContainText("Standard");

    await row.getByRole("button", { name: "Edit Rodenstock" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Rodenstock" });
    await dialog.getByRole("checkbox", { name: "Edges lenses (offers Cut)" }).check();
    await screenshot(page, "supplier-settings-edit");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("banner-alert")).toContainText("Supplier saved successfully");
    await expect(dialog).toHaveCount(0);
    await expect(row.getByRole("cell", { name: "Yes", exact: true })).toBeVisible();

    // Someone else saves while the form is open: the save answers 409 and the form says who.
    await row.getByRole("button", { name: "Edit Rodenstock" }).click();
    await dialog.getByRole("textbox", { name: "Name" }).fill("Rodenstock Australia");
    const fresh = (await suppliers()).find((s) => s.id === rodenstock.id)!;
    await api(request, "PUT", `/api/staff/suppliers/${fresh.id}`, {
      name: fresh.name,
      abbreviation: fresh.abbreviation,
      order_type: fresh.order_type,
      kind: "shamir",
      allows_cut: fresh.allows_cut,
      contacts_listed: fresh.contacts_listed,
      is_active: fresh.is_active,
      version: fresh.version,
    });
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByTestId("version-conflict")).toContainText(/changed by Avery Admin/);
    await screenshot(page, "supplier-settings-conflict");
    await dialog.getByRole("button", { name: "Reload" }).click();
    await expect(dialog.getByTestId("version-conflict")).toHaveCount(0);
    await expect(dialog.getByRole("textbox", { name: "Name" })).toHaveValue("Rodenstock");
    await expect(dialog.getByRole("combobox", { name: "Supplier state rules" })).toHaveValue("Shamir-type");
    await dialog.getByRole("textbox", { name: "Name" }).fill("Rodenstock Australia");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(
      settings.getByTestId("supplier-row").filter({ hasText: "Rodenstock Australia" }),
    ).toContainText("Shamir-type");

    // Its contacts: add one for a region, then edit it.
    await row.getByRole("button", { name: /contacts of Rodenstock Australia/ }).click();
    const contacts = settings.getByTestId("supplier-contacts");
    await contacts.getByRole("button", { name: "Add contact" }).click();
    const add = page.getByRole("dialog", { name: "Add contact to Rodenstock Australia" });
    await add.getByRole("combobox", { name: "Region" }).click();
    await page.getByRole("option").first().click();
    await add.getByRole("textbox", { name: "First name" }).fill("Mia");
    await add.getByRole("textbox", { name: "Last name" }).fill("Schulz");
    await add.getByRole("button", { name: "Add contact" }).click();
    // E-mail contacts need an address: the server's message shows above the fields.
    await expect(add.getByText(/Mail field is required/)).toBeVisible();
    await add.getByRole("textbox", { name: "Mail" }).fill("mia.schulz@rodenstock.example");
    await screenshot(page, "supplier-settings-add-contact");
    await add.getByRole("button", { name: "Add contact" }).click();
    await expect(page.getByTestId("banner-alert")).toContainText("Supplier contact saved successfully");
    const mia = contacts.getByTestId("supplier-contact").filter({ hasText: "Mia Schulz" });
    await expect(mia).toContainText("mia.schulz@rodenstock.example");
    await mia.getByRole("button", { name: /Edit contact Mia Schulz/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit contact Mia Schulz" });
    await edit.getByRole("textbox", { name: "Account number" }).fill("RD-4471");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit).toHaveCount(0);
    await expect(mia).toContainText("RD-4471");
    await screenshot(page, "supplier-settings-contacts");
  });

  test("staff who are not administrators do not see the suppliers' settings", async ({ page }) => {
    await page.goto("/logout");
    await signIn(page, "sam@loupe.test");
    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Message templates" })).toBeVisible();
    await expect(page.getByTestId("suppliers-settings")).toHaveCount(0);
  });
});
