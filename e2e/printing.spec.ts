import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO, expectAccessible, screenshot, settle, signIn } from "./support/helpers";

/**
 * Printing (jobs-area §2 Print Labels, §4 "Print job docket?", §7 job-tray-signed-url): from an
 * expanded job, print a tray label and an A4 docket, each opening its PDF in a new tab; then the
 * docket prompt after the last glass item is confirmed. Each PDF is fetched from the tab's address
 * without a session (the signature is the permission), checked, and rendered to PNG when poppler's
 * pdftoppm is on the machine.
 */

interface Item {
  id: number;
  quantity: number;
  region_product_id: number;
  region_product: { lenses_type: string | null; parent_type: { key: string } };
  additional_info: unknown;
}
interface Job {
  id: number;
  vend_invoice_number: string;
  customer_id: number | null;
  dispense_status: { slug: string };
  items: Item[];
}

const SHOTS = path.join(import.meta.dirname, "screenshots");
let token = "";

async function api<T = any>(
  request: APIRequestContext,
  method: string,
  url: string,
  data?: unknown,
): Promise<T> {
  if (!token) token = (await (await request.post("/api/user/login", { data: DEMO })).json()).data.token;
  const res = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}` },
    data: data as never,
  });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return res.json() as Promise<T>;
}

/** An open demo job of a customer whose one glass item is multifocal and not yet edited. */
async function multifocalJob(request: APIRequestContext): Promise<{ job: Job; item: Item }> {
  for (let page = 30; page >= 1; page--) {
    const list = await api<{ data: Job[] }>(request, "GET", `/api/staff/orders?per_page=100&page=${page}`);
    for (const o of list.data) {
      if (o.customer_id == null) continue;
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
  throw new Error("no open multifocal demo job");
}

/** Saves the item's selection through the job edit's own call, as the panel would. */
async function saveSelection(request: APIRequestContext, job: Job, item: Item) {
  const first = async (url: string) => (await api(request, "GET", url)).data[0].id as number;
  const rx = (
    await api(request, "POST", `/api/v4/users/${job.customer_id}/prescriptions`, {
      type_id: 1,
      source_id: await first("/api/prescription-source"),
      right_sph: -2.25,
      left_sph: -1.75,
      right_cyl: -0.5,
      right_axis: 180,
      spectacles: { right_near_add: 2, left_near_add: 2 },
    })
  ).data;
  const pd = (
    await api(request, "POST", "/api/customer-pd", {
      customer_user_id: job.customer_id,
      source_id: await first("/api/pd-source"),
      binocular_dist_pd: 63,
      right_height_multifocal: 23,
      left_height_multifocal: 23.5,
    })
  ).data;
  const lenses = (
    await api(
      request,
      "GET",
      `/api/staff/product-lens-addons?region_product_id=${item.region_product_id}&prescription_id=${rx.id}&pd_id=${pd.id}&frame_size=M`,
    )
  ).data;
  const lens = lenses.find((o: { invalid_error_msg: string | null }) => !o.invalid_error_msg);
  const frame = await first("/api/colors?type=Frame");
  const arm = await first("/api/colors?type=Temple");
  await api(request, "PUT", `/api/staff/order-items/${item.id}/info`, {
    customize: {
      front: { shape: "classic", size: "M", colorId: frame, isExistingFrame: false },
      left: { size: "M", colorId: arm },
      right: { size: "M", colorId: arm },
    },
    prescription: { id: rx.id, type: null },
    pdId: pd.id,
    product_lens_addons_id: lens.id,
  });
}

/** Clicks what opens a print tab and answers the tab once it is on the signed PDF link. */
async function printInNewTab(page: Page, click: () => Promise<void>) {
  const opened = page.waitForEvent("popup");
  await click();
  const tab = await opened;
  await tab.waitForURL(/\/api\/print\/jobs\/\d+\/(tray_label|docket)\?/);
  return tab;
}

/** Fetches the tab's PDF as anyone holding the link would (no Authorization), keeps it and renders it. */
async function checkPdf(request: APIRequestContext, url: string, name: string) {
  expect(url).not.toMatch(/token=/);
  const res = await request.get(url, { headers: {} });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  expect(res.headers()["cache-control"]).toBe("no-store");
  const bytes = await res.body();
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const file = path.join(SHOTS, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  try {
    execFileSync("pdftoppm", ["-png", "-r", "80", "-singlefile", file, path.join(SHOTS, name)]);
  } catch {
    // No poppler on this machine: the PDF is checked above and kept beside the screenshots.
  }
  fs.rmSync(file);
  return bytes;
}

test.describe("printing", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("print a tray label and an A4 docket from a job, then the docket from the prompt", async ({
    page,
    request,
  }) => {
    // Three prints, four job-edit steps and a save: more than the default minute on a shared machine.
    test.setTimeout(180_000);
    const { job, item } = await multifocalJob(request);
    await saveSelection(request, job, item);

    await page.goto(`/jobs?q=${encodeURIComponent(job.vend_invoice_number)}`);
    await page.getByRole("table", { name: "Jobs" }).getByRole("button", { name: "Expand" }).first().click();
    const actions = page.getByTestId("job-actions");
    await actions.getByRole("button", { name: "Print", exact: true }).click();
    const modal = page.getByRole("dialog", { name: "Print Labels" });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole("radio", { name: /Tray label/ })).toBeChecked();
    await screenshot(page, "printing-1-print-labels");

    // The tray label.
    const labelTab = await printInNewTab(page, () => modal.getByRole("button", { name: "Print" }).click());
    await expect(modal).toBeHidden();
    const label = await checkPdf(request, labelTab.url(), "printing-tray-label");
    expect(label.toString("latin1")).toMatch(/MediaBox \[0 0 175\.7\d* 283\.4\d*\]/);
    await labelTab.close();

    // The docket on A4.
    await actions.getByRole("button", { name: "Print", exact: true }).click();
    await modal.getByRole("radio", { name: /Job docket/ }).check();
    await modal.getByText("A4", { exact: true }).click();
    await expect(modal.getByRole("radio", { name: "A4" })).toBeChecked();
    await settle(page);
    await expectAccessible(page, "printing-docket-choice");
    await screenshot(page, "printing-2-docket-a4");
    const docketTab = await printInNewTab(page, () => modal.getByRole("button", { name: "Print" }).click());
    expect(docketTab.url()).toContain("paper=A4");
    const docket = await checkPdf(request, docketTab.url(), "printing-docket-a4");
    expect(docket.toString("latin1")).toMatch(/MediaBox \[0 0 595\.2\d* 841\.8\d*\]/);
    await settle(docketTab);
    await docketTab.screenshot({ path: path.join(SHOTS, "printing-3-docket-tab.png") });
    await docketTab.close();

    // Both prints are on the job's timeline.
    const timeline = page.getByTestId("job-timeline");
    await expect(timeline).toContainText("Printed tray label");
    await expect(timeline).toContainText("Printed job docket (A4)");

    // The job edit's prompt: saving the last glass item offers the docket, and Print opens it.
    await page.getByRole("button", { name: `Edit Selection of item ${item.id}` }).click();
    const panel = page.getByTestId("job-edit-panel");
    await expect(panel).toBeVisible();
    for (const n of [1, 2, 3, 4]) {
      const confirm = page.getByTestId(`job-edit-step-${n}`).getByRole("button", { name: "Confirm" });
      await expect(confirm).toBeEnabled();
      await confirm.click();
    }
    await page.getByTestId("job-edit-step-5").getByRole("button", { name: "Save" }).click();
    const prompt = page.getByRole("dialog", { name: "Print job docket?" });
    await expect(prompt).toBeVisible();
    await screenshot(page, "printing-4-docket-prompt");
    const promptTab = await printInNewTab(page, () =>
      page.getByTestId("docket-prompt").getByRole("button", { name: "Print" }).click(),
    );
    expect(promptTab.url()).toContain("/docket?paper=A5");
    await checkPdf(request, promptTab.url(), "printing-docket-a5");
    await promptTab.close();
    await expect(prompt).toBeHidden();
    await expect(timeline).toContainText("Printed job docket (A5)");
  });

  test("an expired or altered link answers 403 in the tab, with no PDF", async ({ page, request }) => {
    // Any job will do: the link's signature, not the job, is under test (walking the list for an
    // unedited multifocal job took over a minute once the earlier tests had used the first ones).
    const job = (await api<{ data: Job[] }>(request, "GET", "/api/staff/orders?per_page=1")).data[0];
    const { url } = (await api(request, "GET", `/api/staff/job-tray-signed-url/${job.id}`)).data;
    const altered = new URL(url);
    altered.searchParams.set("expires", String(Number(altered.searchParams.get("expires")) + 30));
    const res = await request.get(altered.toString());
    expect(res.status()).toBe(403);
    expect((await res.json()).message).toBe("This print link is not valid. Print it again from the job.");
    await page.goto(altered.toString());
    await expect(page.locator("body")).toContainText("This print link is not valid");
  });
});
