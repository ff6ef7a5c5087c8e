import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { screenshot, signIn } from "./support/helpers";

interface Job {
  id: number;
  vend_invoice_number: string;
  is_refundable: boolean;
  refund_type: "void" | "refund" | null;
  partly_refunded_amount: number;
  origin_outlet: { id: number };
  items: { id: number; quantity: number }[];
}

const shot = (name: string) => path.join(import.meta.dirname, "screenshots", `${name}.png`);
const jobsTable = (page: Page) => page.getByRole("table", { name: "Jobs" });

async function token(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem("loupe.session")!).token as string);
}

test.describe("partial refunds", () => {
  test("return the frame of a two-item job: Partly refunded, and its credit note opens as a PDF", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const auth = { authorization: `Bearer ${await token(page)}` };
    const list = (
      await (await page.request.get("/api/staff/orders?per_page=100&region_id=1", { headers: auth })).json()
    ).data as Job[];
    const job = list.find(
      (j) =>
        j.is_refundable &&
        j.refund_type === "refund" &&
        j.partly_refunded_amount === 0 &&
        j.items.filter((i) => i.quantity === 1).length >= 2,
    );
    expect(job, "a refundable two-item job in the demo data").toBeTruthy();
    await page.goto(`/jobs?q=${encodeURIComponent(job!.vend_invoice_number)}`);
    await expect(
      jobsTable(page).getByRole("button", { name: `Actions for ${job!.vend_invoice_number}` }),
    ).toBeVisible();
    await jobsTable(page).getByRole("button", { name: "Expand" }).first().click();
    const detail = page.getByTestId("job-detail").first();
    await detail.getByRole("button", { name: "Partial refund" }).click();
    const modal = page.getByRole("dialog", { name: "Refund part of the job" });
    await expect(modal.getByTestId("refund-left")).toBeVisible();
    await modal.getByRole("group", { name: "Items returned" }).getByRole("checkbox").first().check();
    await expect(modal.getByTestId("refund-quote")).toContainText("the job keeps its status");
    await modal.getByLabel("Reason").click();
    await page.getByRole("option").first().click();
    await screenshot(page, "partial-refund-modal");
    await modal.getByRole("button", { name: /^Refund \$/ }).click();
    await expect(page.getByTestId("banner-alert")).toContainText("Successfully refunded.");
    await expect(jobsTable(page).getByTestId("partly-refunded-badge").first()).toContainText(
      "Partly refunded",
    );
    const line = detail.getByTestId("refund-line").first();
    await expect(line).toContainText("Credit note");
    await page.screenshot({ path: shot("partial-refund-partly-refunded"), fullPage: true });
    const href = await line.getByRole("link").getAttribute("href");
    const pdf = await page.request.get(new URL(href!).pathname);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // The outlet's day shows the refund under the staff member who made it.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(new Date());
    await page.goto(`/till-summary?outlet_id=${job!.origin_outlet.id}&date=${today}`);
    const byStaff = page.getByRole("table", { name: "Till by staff member" });
    await expect(byStaff.getByRole("row", { name: /Avery Admin/ })).toBeVisible();
    await expect(page.getByTestId("till-reconciled")).toBeVisible();
    await page.screenshot({ path: shot("partial-refund-till-summary"), fullPage: true });
  });
});
