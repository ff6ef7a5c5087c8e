import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { pdfText } from "../apps/server/src/test/pdf-text";
import { DEMO, screenshot, settle, signIn } from "./support/helpers";

/**
 * Issue 24 (workshop safety): a job with a confirmed multifocal item moves to another customer.
 * The job shows the spec's notice (not a fading toast) naming the item, the docket prints
 * "Prescription to be re-entered" and none of the old customer's values, the job edit opens on
 * the prescription step with the frame kept, and once the new customer's prescription, PD and
 * lens are saved the notice goes and the docket prints them. PDFs are kept beside the screenshots
 * and rendered with pdftoppm when poppler is on the machine.
 */

interface Item {
  id: number;
  quantity: number;
  region_product_id: number;
  region_product: { lenses_type: string | null; parent_type: { key: string }; product: { name: string } };
  additional_info: unknown;
}
interface Job {
  id: number;
  vend_invoice_number: string;
  customer_id: number | null;
  channel_id: number;
  is_octopos_order: boolean;
  dispense_status: { slug: string };
  items: Item[];
}

const SHOTS = path.join(import.meta.dirname, "screenshots");
const NOTICE =
  'You have changed the customer. Please go to "Edit Selection" and update prescription information for glasses and contact lens items.';
let token = "";

async function api<T = any>(request: APIRequestContext, method: string, url: string, data?: unknown) {
  if (!token) token = (await (await request.post("/api/user/login", { data: DEMO })).json()).data.token;
  const res = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}` },
    data: data as never,
  });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}
const first = async (request: APIRequestContext, url: string) =>
  (await api(request, "GET", url)).data[0].id as number;

/** A point-of-sale or online demo job of a customer whose one glass item is multifocal and not yet edited. */
async function changeableJob(request: APIRequestContext): Promise<{ job: Job; item: Item }> {
  for (let page = 12; page >= 1; page--) {
    const list = await api<{ data: Job[] }>(request, "GET", `/api/staff/orders?per_page=100&page=${page}`);
    for (const o of list.data) {
      if (o.customer_id == null || !(o.is_octopos_order || o.channel_id === 4)) continue;
      const job = (await api<{ data: Job }>(request, "GET", `/api/staff/orders/${o.id}`)).data;
      if (["cancelled", "refunded", "voided"].includes(job.dispense_status.slug)) continue;
      const glass = job.items.filter(
        (i) => i.quantity !== -1 && ["glasses", "lenses-only"].includes(i.region_product.parent_type.key),
      );
      if (
        glass.length === 1 &&
        glass[0].region_product.lenses_type === "multifocal" &&
        !glass[0].additional_info
      )
        return { job, item: glass[0] };
    }
  }
  throw new Error("no changeable multifocal demo job");
}

async function giveRxAndPd(
  request: APIRequestContext,
  customerId: number,
  rx: Record<string, unknown>,
  pd: Record<string, unknown>,
) {
  const prescription = (
    await api(request, "POST", `/api/v4/users/${customerId}/prescriptions`, {
      type_id: 1,
      source_id: await first(request, "/api/prescription-source"),
      ...rx,
    })
  ).data;
  const measured = (
    await api(request, "POST", "/api/customer-pd", {
      customer_user_id: customerId,
      source_id: await first(request, "/api/pd-source"),
      ...pd,
    })
  ).data;
  return { rxId: prescription.id as number, pdId: measured.id as number };
}

/** Customer A's selection saved through the job edit's own call: the item is Confirmed. */
async function confirmForA(request: APIRequestContext, job: Job, item: Item) {
  const { rxId, pdId } = await giveRxAndPd(
    request,
    job.customer_id!,
    {
      right_sph: -3.25,
      left_sph: -2.75,
      right_cyl: -0.75,
      right_axis: 95,
      spectacles: { right_near_add: 2.25, left_near_add: 2.25 },
    },
    { binocular_dist_pd: 61.5, right_height_multifocal: 22, left_height_multifocal: 21.5 },
  );
  const lenses = (
    await api(
      request,
      "GET",
      `/api/staff/product-lens-addons?region_product_id=${item.region_product_id}&prescription_id=${rxId}&pd_id=${pdId}&frame_size=M`,
    )
  ).data;
  const lens = lenses.find((o: { invalid_error_msg: string | null }) => !o.invalid_error_msg);
  const frame = await first(request, "/api/colors?type=Frame");
  const arm = await first(request, "/api/colors?type=Temple");
  await api(request, "PUT", `/api/staff/order-items/${item.id}/info`, {
    customize: {
      front: { shape: "classic", size: "M", colorId: frame, isExistingFrame: false },
      left: { size: "M", colorId: arm },
      right: { size: "M", colorId: arm },
    },
    prescription: { id: rxId, type: null },
    pdId,
    product_lens_addons_id: lens.id,
  });
  return rxId;
}

async function printInNewTab(page: Page, click: () => Promise<void>) {
  const opened = page.waitForEvent("popup");
  await click();
  const tab = await opened;
  await tab.waitForURL(/\/api\/print\/jobs\/\d+\/docket\?/);
  return tab;
}

/** The docket behind a print tab: rendered to `name`.png when pdftoppm is there (KEEP_PDF=1 keeps the PDF); answers its text. */
async function docketText(request: APIRequestContext, url: string, name: string) {
  const res = await request.get(url, { headers: {} });
  expect(res.status()).toBe(200);
  const bytes = await res.body();
  const file = path.join(SHOTS, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  try {
    execFileSync("pdftoppm", ["-png", "-r", "80", "-singlefile", file, path.join(SHOTS, name)]);
  } catch {
    // No poppler on this machine: the text below is read from the PDF itself.
  }
  if (!process.env.KEEP_PDF) fs.rmSync(file);
  return pdfText(bytes);
}

const step = (page: Page, n: number) => page.getByTestId(`job-edit-step-${n}`);

test("changing the customer of a confirmed job: the notice stays, the docket withholds the old prescription, the job edit re-enters it", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { job, item } = await changeableJob(request);
  const rxOfA = await confirmForA(request, job, item);
  const suffix = Date.now().toString(36);
  const b = (
    await api(request, "POST", "/api/user", {
      first_name: "Bea",
      last_name: `Bramble${suffix}`,
      email: `bea.${suffix}@example.com`,
    })
  ).data as { id: number; email: string };
  const fullName = `Bea Bramble${suffix}`;
  await giveRxAndPd(
    request,
    b.id,
    { right_sph: -1, left_sph: -1.25, spectacles: { right_near_add: 1.5, left_near_add: 1.5 } },
    { binocular_dist_pd: 64, right_height_multifocal: 20, left_height_multifocal: 20 },
  );

  await signIn(page);
  await page.goto(`/jobs?q=${encodeURIComponent(job.vend_invoice_number)}`);
  const jobs = page.getByRole("table", { name: "Jobs" });
  await jobs.getByRole("button", { name: "Expand" }).first().click();
  const detail = page.getByTestId("job-detail").first();
  await expect(detail.getByTestId("item-confirmed")).toBeVisible();
  await expect(detail.getByTestId("prescription-reentry-notice")).toHaveCount(0);

  // Change the customer to B.
  await jobs.getByRole("button", { name: `Actions for ${job.vend_invoice_number}` }).click();
  await page.getByRole("menuitem", { name: "Change customer" }).click();
  const modal = page.getByRole("dialog", { name: "Change Order Customer" });
  await modal.getByLabel("Search customers").fill(b.email);
  await modal.getByRole("button", { name: "Search" }).click();
  await modal.getByRole("row", { name: new RegExp(fullName) }).click();
  await modal.getByRole("button", { name: "Change Customer" }).click();
  await expect(page.getByTestId("banner-alert")).toContainText("Customer Changed Successfully");
  await expect(modal).toBeHidden();

  // The notice is on the job and stays: it names the item; the item is no longer Confirmed.
  const notice = detail.getByTestId("prescription-reentry-notice");
  await expect(notice).toContainText(NOTICE);
  await expect(notice.getByTestId("prescription-reentry-items")).toHaveText(
    new RegExp(
      `Items to edit: Item \\d+ \\(${item.region_product.product.name.replace(/[+()]/g, "\\$&")}\\)`,
    ),
  );
  await expect(detail.getByTestId("item-reentry")).toHaveText("Re-enter Rx");
  await expect(detail.getByTestId("item-confirmed")).toHaveCount(0);
  await expect(detail.getByTestId("job-timeline")).toContainText(
    "prescription and PD cleared — customer changed",
  );
  await settle(page);
  await notice.screenshot({ path: path.join(SHOTS, "customer-change-1-notice.png") });
  await screenshot(page, "customer-change-2-job");
  // Still there after the toast has gone and the page is loaded again.
  await page.reload();
  await jobs.getByRole("button", { name: "Expand" }).first().click();
  await expect(detail.getByTestId("prescription-reentry-notice")).toContainText(NOTICE);

  // The docket now: B's name, no prescription or PD of A.
  const actions = detail.getByTestId("job-actions");
  await actions.getByRole("button", { name: "Print", exact: true }).click();
  const print = page.getByRole("dialog", { name: "Print Labels" });
  await print.getByRole("radio", { name: /Job docket/ }).check();
  await print.getByText("A4", { exact: true }).click();
  const tab = await printInNewTab(page, () => print.getByRole("button", { name: "Print" }).click());
  const withheld = await docketText(request, tab.url(), "customer-change-3-docket-withheld");
  await tab.close();
  expect(withheld).toContain(fullName);
  expect(withheld).toContain("Prescription to be re-entered");
  for (const a of [`Prescription #${rxOfA}`, "-3.25", "-2.75", "+2.25", "61.5", "21.5"])
    expect(withheld).not.toContain(a);

  // Re-enter through the job edit: it opens on the prescription step with the frame kept.
  await detail.getByRole("button", { name: `Edit Selection of item ${item.id}` }).click();
  await expect(page.getByTestId("job-edit-panel")).toBeVisible();
  await expect(step(page, 2)).toBeVisible();
  await step(page, 2)
    .getByRole("radio", { name: /Add \+1\.50/ })
    .first()
    .check();
  await screenshot(page, "customer-change-4-job-edit-prescription");
  await step(page, 2).getByRole("button", { name: "Confirm" }).click();
  await step(page, 3)
    .getByRole("radio", { name: /multifocal heights R 20 \/ L 20/ })
    .first()
    .check();
  await step(page, 3).getByRole("button", { name: "Confirm" }).click();
  await step(page, 4)
    .getByRole("radio", { name: /Hoyalux iD MyStyle long/ })
    .first()
    .check();
  await step(page, 4).getByRole("button", { name: "Confirm" }).click();
  await step(page, 5).getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("banner-alert")).toContainText("Selections successfully confirmed.");

  // The prompt prints the docket with B's prescription; the notice is gone.
  const prompt = page.getByRole("dialog", { name: "Print job docket?" });
  await expect(prompt).toBeVisible();
  const again = await printInNewTab(page, () =>
    page.getByTestId("docket-prompt").getByRole("button", { name: "Print" }).click(),
  );
  const reentered = await docketText(request, again.url(), "customer-change-5-docket-reentered");
  await again.close();
  expect(reentered).not.toContain("Prescription to be re-entered");
  expect(reentered).toContain("-1.25");
  expect(reentered).not.toContain("-3.25");
  await expect(prompt).toBeHidden();
  await expect(detail.getByTestId("prescription-reentry-notice")).toHaveCount(0);
  await expect(detail.getByTestId("item-confirmed")).toBeVisible();
  const timeline = detail.getByTestId("job-timeline");
  await expect(timeline).toContainText(/selection saved \(revision 3\): prescription, PD, lenses/);
  await screenshot(page, "customer-change-6-after");
});
