import { expect, type Page, test } from "@playwright/test";
import bwipjs from "bwip-js/node";
import { screenshot, settle, signIn } from "./support/helpers";

/**
 * Scan to move (issue 29): the jobs screen's scan station takes a target status, then each tray
 * label scanned (a keyboard-wedge scanner, or the camera) moves that job's items there; the last
 * scan can be undone, and an undo after someone else changed the job is refused as such.
 */

interface Item {
  id: number;
  quantity: number;
  dispense_status_id: number;
  dispense_status: { slug: string; display_name: string };
}
interface Job {
  id: number;
  vend_invoice_number: string;
  dispense_status: { slug: string };
  customer: { last_name: string } | null;
  order_billing: { customer_last_name: string };
}

const call = async (page: Page, method: "GET" | "PUT", url: string, data?: object) => {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("loupe.session")!).token as string);
  const res = await page.request.fetch(url, { method, data, headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), url).toBe(true);
  return (await res.json()).data;
};
const itemsOf = async (page: Page, id: number): Promise<Item[]> =>
  (await call(page, "GET", `/api/staff/orders/${id}`)).items;

const LOCKED = ["cancelled", "refunded", "voided", "refunded-transaction"];
const TARGET = "ready-to-pick";

/** Jobs whose every item can move and none is at the target yet, with their items as they were. */
async function movableJobs(page: Page, n: number, skip = 0) {
  const jobs = (await call(page, "GET", "/api/staff/orders?action=list&per_page=60&page=2")) as Job[];
  const found: { job: Job; items: Item[] }[] = [];
  for (const job of jobs) {
    if (LOCKED.includes(job.dispense_status.slug)) continue;
    const items = await itemsOf(page, job.id);
    const ok =
      items.length > 0 &&
      items.every(
        (i) =>
          i.quantity === 1 && !LOCKED.includes(i.dispense_status.slug) && i.dispense_status.slug !== TARGET,
      );
    if (ok) found.push({ job, items });
    if (found.length === n + skip) break;
  }
  expect(found.length).toBe(n + skip);
  return found.slice(skip);
}

/**
 * A keyboard-wedge scanner: the label's characters 10 ms apart, then Enter. Sent as the hardware
 * sends them, each key stamped with the moment it was pressed: a loaded machine may hand them to
 * the page late and bunched, as it would a real scanner's, and the page times them by their stamps.
 */
async function scan(page: Page, invoice: string) {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  for (const [i, key] of [...invoice, "Enter"].entries()) {
    const timestamp = start + i * 0.01;
    const press =
      key === "Enter"
        ? { key, code: "Enter", text: "\r", windowsVirtualKeyCode: 13 }
        : { key, text: key, unmodifiedText: key };
    await cdp.send("Input.dispatchKeyEvent", { type: "keyDown", timestamp, ...press });
    await cdp.send("Input.dispatchKeyEvent", { type: "keyUp", timestamp: timestamp + 0.004, ...press });
  }
  await cdp.detach();
}

async function openStation(page: Page, status: string) {
  await page.goto("/jobs");
  await page.getByRole("button", { name: "Scan station" }).click();
  const station = page.getByTestId("scan-station");
  await station.getByLabel("Move scanned jobs to", { exact: true }).click();
  await page.getByRole("option", { name: status, exact: true }).click();
  await expect(station.getByTestId("station-hint")).toContainText(status);
  // Out of the field: the scanner's keystrokes land on the page, as at a bench.
  await page.locator("body").click({ position: { x: 5, y: 400 } });
  return station;
}

test.describe("scan station", () => {
  test("moves three scanned jobs, undoes the last, and refuses an undo after someone changed the job", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page);
    const statuses = (await call(page, "GET", "/api/staff/order-item-statuses")) as {
      id: number;
      slug: string;
      display_name: string;
    }[];
    const target = statuses.find((s) => s.slug === TARGET)!;
    const picked = await movableJobs(page, 3);
    const station = await openStation(page, target.display_name);
    const rows = station.getByRole("table", { name: "Scans" }).locator("tbody tr");

    // A dispenser scans a tray, hears the beep, takes the next: each scan lands before the next
    // (on a loaded machine the work for one scan, server and page, can slow the next one's simulated
    // keystrokes past a scanner's pace). The first label is read twice in a row: one scan.
    await scan(page, picked[0].job.vend_invoice_number);
    await scan(page, picked[0].job.vend_invoice_number);
    for (const [k, { job }] of picked.entries()) {
      if (k > 0) await scan(page, job.vend_invoice_number);
      await expect(rows).toHaveCount(k + 1);
      await expect(rows.first()).toContainText(job.vend_invoice_number);
      await expect(rows.first()).toHaveAttribute("data-result", "moved");
    }
    await expect(rows).toHaveCount(3);
    // Newest first, with the customer's surname.
    const newest = picked[2].job;
    await expect(rows.first()).toContainText(newest.vend_invoice_number);
    await expect(rows.first()).toContainText(
      newest.customer?.last_name ?? newest.order_billing.customer_last_name,
    );
    for (const { job } of picked)
      expect(
        (await itemsOf(page, job.id)).every((i) => i.dispense_status.slug === TARGET),
        job.vend_invoice_number,
      ).toBe(true);

    // A label no job has says so; it is no scan to undo.
    await scan(page, "NOP-999999");
    await expect(rows.first()).toHaveAttribute("data-result", "not-found");
    await settle(page);
    await screenshot(page, "scan-station-moved");

    // Undo: the last moved job's items go back where each was; the other two stay moved.
    await station.getByRole("button", { name: "Undo last scan" }).click();
    await expect(rows.first()).toHaveAttribute("data-result", "undone");
    await expect(rows.first()).toContainText(newest.vend_invoice_number);
    const restored = await itemsOf(page, newest.id);
    expect(restored.map((i) => [i.id, i.dispense_status_id])).toEqual(
      picked[2].items.map((i) => [i.id, i.dispense_status_id]),
    );
    for (const { job } of picked.slice(0, 2))
      expect((await itemsOf(page, job.id)).every((i) => i.dispense_status.slug === TARGET)).toBe(true);
    await expect(station.getByRole("button", { name: "Undo last scan" })).toBeDisabled();

    // Scanned again, then someone else moves one of its items on before the undo: a 409, shown as such.
    await scan(page, newest.vend_invoice_number);
    await expect(rows.first()).toHaveAttribute("data-result", "moved");
    const dispatched = statuses.find((s) => s.slug === "dispatched")!;
    const [first] = picked[2].items;
    await call(page, "PUT", `/api/staff/order-items/${first.id}/dispense-status-id`, { id: dispatched.id });
    await station.getByRole("button", { name: "Undo last scan" }).click();
    await expect(rows.first()).toHaveAttribute("data-result", "changed");
    await expect(rows.first()).toContainText(
      `undone (409): Item ${first.id} was changed meanwhile: it is now “Dispatched”, not “${target.display_name}”.`,
    );
    expect((await itemsOf(page, newest.id)).find((i) => i.id === first.id)?.dispense_status.slug).toBe(
      "dispatched",
    );
    await settle(page);
    await screenshot(page, "scan-station-undo-refused");

    // Closed, a scan opens the job again.
    await station.getByRole("button", { name: "Close station" }).click();
    await page.locator("body").click({ position: { x: 5, y: 400 } });
    await scan(page, picked[0].job.vend_invoice_number);
    await expect(page).toHaveURL(new RegExp(`/jobs/${picked[0].job.vend_invoice_number}$`));
  });

  test("the camera reads a tray label's Code 128 and moves the job", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page);
    const [{ job }] = await movableJobs(page, 1, 3);
    // The label's barcode as the tray label PDF draws it; the "camera" films it.
    const png = await bwipjs.toBuffer({
      bcid: "code128",
      text: job.vend_invoice_number,
      scale: 3,
      height: 10,
      includetext: false,
    });
    await page.addInitScript(
      (src: string) => {
        const image = new Image();
        image.src = src;
        navigator.mediaDevices.getUserMedia = async () => {
          await image.decode();
          const canvas = document.createElement("canvas");
          canvas.width = image.width + 160;
          canvas.height = image.height + 120;
          const ctx = canvas.getContext("2d")!;
          const draw = () => {
            ctx.fillStyle = "#eee";
            ctx.fillRect(0, 0, canvas.width, canvas.height);
            ctx.drawImage(image, 80, 60);
            requestAnimationFrame(draw);
          };
          draw();
          return canvas.captureStream(10);
        };
      },
      `data:image/png;base64,${png.toString("base64")}`,
    );
    const station = await openStation(page, "Ready To Pick");
    await station.getByRole("button", { name: "Use camera" }).click();
    await expect(station.getByTestId("camera-scanner")).toContainText("Hold a tray label");
    const rows = station.getByRole("table", { name: "Scans" }).locator("tbody tr");
    await expect(rows.first()).toHaveAttribute("data-result", "moved", { timeout: 15_000 });
    await expect(rows.first()).toContainText(job.vend_invoice_number);
    // The label stays in view frame after frame: still one scan.
    await page.waitForTimeout(1_000);
    await expect(rows).toHaveCount(1);
    expect((await itemsOf(page, job.id)).every((i) => i.dispense_status.slug === TARGET)).toBe(true);
    await settle(page);
    await screenshot(page, "scan-station-camera");
  });
});
