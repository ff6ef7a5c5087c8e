import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { receivedMails, screenshot, settle, signIn } from "./support/helpers";

interface Job {
  id: number;
  vend_invoice_number: string;
  uid: string;
  customer_id: number | null;
  is_refundable: boolean;
  refund_type: "void" | "refund" | null;
  channel_id: number;
  is_octopos_order: boolean;
  receipt_url: string;
}

const shot = (name: string) => path.join(import.meta.dirname, "screenshots", `${name}.png`);
const alert = (page: Page) => page.getByTestId("banner-alert");
const jobsTable = (page: Page) => page.getByRole("table", { name: "Jobs" });

async function token(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem("loupe.session")!).token as string);
}
async function api<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${await token(page)}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as T;
}
async function jobs(page: Page, query: string) {
  return (await api<{ data: Job[] }>(page, `/api/staff/orders?per_page=100&${query}`)).data;
}

/** Opens the jobs list on one job (searched by invoice number) and answers its row's actions button. */
async function openJob(page: Page, job: Job) {
  await page.goto(`/jobs?q=${encodeURIComponent(job.vend_invoice_number)}`);
  const actions = jobsTable(page).getByRole("button", { name: `Actions for ${job.vend_invoice_number}` });
  await expect(actions).toBeVisible();
  return actions;
}
async function rowAction(page: Page, job: Job, item: string) {
  await (await openJob(page, job)).click();
  await page.getByRole("menuitem", { name: item }).click();
}
async function expand(page: Page, job: Job) {
  await openJob(page, job);
  await jobsTable(page).getByRole("button", { name: "Expand" }).first().click();
  const detail = page.getByTestId("job-detail").first();
  await expect(detail.getByTestId("job-actions")).toBeVisible();
  return detail;
}

test.describe("job actions", () => {
  test("a job's actions, one after another, and its timeline", async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page);
    const online = (await jobs(page, "region_id=1&customFilter=loupego")).filter(
      (j) => j.is_refundable && j.refund_type === "refund" && j.customer_id,
    );
    const job = online[0];
    const other = (await jobs(page, "region_id=1")).find((j) => j.id !== job.id && j.is_octopos_order)!;

    // E-mail the receipt: prefilled with the billing e-mail; the outbox has it.
    await rowAction(page, job, "Send email receipt");
    const emailModal = page.getByRole("dialog", { name: "Email Receipt" });
    await expect(emailModal.getByLabel("E-mail")).not.toHaveValue("");
    await emailModal.getByLabel("E-mail").fill("receipts.e2e@example.com");
    await screenshot(page, "job-actions-email-receipt");
    await emailModal.getByRole("button", { name: "Send" }).click();
    await expect(alert(page)).toContainText("The receipt sent to receipts.e2e@example.com successfully.");
    // Delivered over SMTP, with the tax invoice in it.
    await expect
      .poll(() => receivedMails().find((m) => m.to === "receipts.e2e@example.com")?.text ?? "")
      .toContain("Tax invoice");
    await page.goto("/outbox");
    await expect(page.getByText("receipts.e2e@example.com").first()).toBeVisible();
    await screenshot(page, "job-actions-outbox-receipt");

    // Change the customer to another one, found by e-mail.
    const customers = (
      await api<{ data: { id: number; email: string; full_name: string }[] }>(
        page,
        "/api/v4/users?per_page=15",
      )
    ).data.filter((c) => c.id !== job.customer_id && c.email);
    const target = customers[0];
    const oldReceipt = job.receipt_url;
    await rowAction(page, job, "Change customer");
    const customerModal = page.getByRole("dialog", { name: "Change Order Customer" });
    await customerModal.getByLabel("Search customers").fill(target.email);
    await customerModal.getByRole("button", { name: "Search" }).click();
    await customerModal.getByRole("row", { name: new RegExp(target.full_name) }).click();
    await screenshot(page, "job-actions-change-customer");
    await customerModal.getByRole("button", { name: "Change Customer" }).click();
    await expect(alert(page)).toContainText("Customer Changed Successfully");
    await expect(alert(page)).toContainText(
      'Please go to "Edit Selection" and update prescription information',
    );
    await expect(jobsTable(page)).toContainText(target.full_name);
    // The old receipt link no longer opens.
    expect((await page.request.get(new URL(oldReceipt).pathname)).status()).toBe(404);

    // Link the job to a point-of-sale job; the link shows on both and leads to the other.
    await rowAction(page, job, "Link order");
    const linkModal = page.getByRole("dialog", { name: /Link Order/ });
    await linkModal.getByLabel("Invoice number or job uid").fill(other.vend_invoice_number);
    await linkModal.getByRole("button", { name: "Search" }).click();
    await linkModal.getByRole("row", { name: new RegExp(other.vend_invoice_number) }).click();
    await screenshot(page, "job-actions-link-order");
    await linkModal.getByRole("button", { name: "Link Order" }).click();
    await expect(alert(page)).toContainText("Order Linked Successfully");

    // Linking it again is refused with a clear message.
    await rowAction(page, job, "Link order");
    await linkModal.getByLabel("Invoice number or job uid").fill(other.vend_invoice_number);
    await linkModal.getByRole("button", { name: "Search" }).click();
    await linkModal.getByRole("row", { name: new RegExp(other.vend_invoice_number) }).click();
    await linkModal.getByRole("button", { name: "Link Order" }).click();
    await expect(linkModal.getByTestId("pick-error")).toHaveText("These jobs are already linked.");
    await linkModal.getByRole("button", { name: "Cancel" }).click();

    // Add a receipt note, then edit it.
    await rowAction(page, job, "Receipt note");
    const noteModal = page.getByRole("dialog", { name: "Receipt Note" });
    await noteModal.getByLabel("Add a receipt note").fill("Gift for Sam");
    await noteModal.getByRole("button", { name: "Save" }).click();
    await expect(alert(page)).toContainText("Receipt Note Created Successfully");
    await rowAction(page, job, "Receipt note");
    await expect(noteModal.getByLabel("Edit the receipt note")).toHaveValue("Gift for Sam");
    await noteModal.getByLabel("Edit the receipt note").fill("Gift for Sam, wrapped");
    await screenshot(page, "job-actions-receipt-note");
    await noteModal.getByRole("button", { name: "Update" }).click();
    await expect(alert(page)).toContainText("Receipt Note Created Successfully");

    // Refund it: the job and its items show Refunded.
    const detail = await expand(page, job);
    await detail.getByRole("button", { name: "Refund", exact: true }).click();
    const refundModal = page.getByRole("dialog", { name: "Request a full refund" });
    await refundModal.getByLabel("Reason").click();
    await page.getByRole("option", { name: "Product faulty" }).click();
    await screenshot(page, "job-actions-refund-modal");
    await refundModal.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(alert(page)).toContainText("Successfully refunded.");
    await expect(jobsTable(page).getByText("Refunded").first()).toBeVisible();
    await expect(detail.getByRole("button", { name: "Refund", exact: true })).toHaveCount(0);

    // The related job is a link to the jobs list searched by its invoice number.
    await expect(detail.getByTestId("related-orders")).toContainText(other.vend_invoice_number);

    // The timeline: every step above, oldest first, with who and when.
    const timeline = detail.getByTestId("job-timeline");
    for (const line of [
      "Receipt e-mailed to receipts.e2e@example.com",
      `→ ${target.full_name}`,
      `Linked to job ${other.vend_invoice_number}`,
      "Receipt note added: Gift for Sam",
      "Receipt note edited: Gift for Sam → Gift for Sam, wrapped",
      "Refunded $",
    ])
      await expect(timeline).toContainText(line);
    await expect(timeline).toContainText("Avery Admin");
    await timeline.scrollIntoViewIfNeeded();
    await screenshot(page, "job-actions-timeline");

    // The receipt shows the note and the refund.
    const fresh = (await jobs(page, `q=${job.vend_invoice_number}`))[0];
    const [receipt] = await Promise.all([
      page.waitForEvent("popup"),
      (async () => {
        await (await openJob(page, fresh)).click();
        await page.getByRole("menuitem", { name: "View receipt" }).click();
      })(),
    ]);
    await receipt.waitForLoadState();
    await expect(receipt.getByTestId("receipt-note")).toHaveText("Gift for Sam, wrapped");
    await expect(receipt.locator("body")).toContainText("Refunded to the card (Product faulty)");
    await receipt.screenshot({ path: shot("job-actions-receipt-refunded"), fullPage: true });
    await receipt.close();

    // Follow the related link.
    const detail2 = await expand(page, fresh);
    await detail2
      .getByTestId("related-orders")
      .getByRole("link", { name: other.vend_invoice_number })
      .click();
    await expect(page).toHaveURL(new RegExp(`/jobs\\?q=${other.vend_invoice_number}`));
    await expect(jobsTable(page)).toContainText(other.vend_invoice_number);
    await settle(page);
  });

  test("void a job", async ({ page }) => {
    await signIn(page);
    const job = (await jobs(page, "region_id=1")).find((j) => j.is_refundable && j.refund_type === "void");
    expect(job, "the demo has a job to void").toBeTruthy();
    const detail = await expand(page, job!);
    await detail.getByRole("button", { name: "Void", exact: true }).click();
    const modal = page.getByRole("dialog", { name: "Void" });
    await modal.getByLabel("Reason").click();
    await page.getByRole("option", { name: "Duplicate order" }).click();
    await modal.getByRole("button", { name: "Void", exact: true }).click();
    await expect(alert(page)).toContainText("Successfully refunded.");
    await expect(jobsTable(page).getByText("Voided").first()).toBeVisible();
    await expect(detail.getByTestId("job-timeline")).toContainText("Voided $");
    await screenshot(page, "job-actions-voided");
  });

  test("receipts open in a new tab with the country's tax lines", async ({ page }) => {
    await signIn(page);
    const cases = [
      { region: 1, title: "Tax invoice", lines: ["ABN 51 824 753 556", "GST 10% included", "Total (AUD)"] },
      { region: 2, title: /Receipt/, lines: ["GST number 123-456-789", "GST 15% included", "Total (NZD)"] },
      { region: 5, title: "Receipt", lines: ["Total (CAD)", "zero-rated", "America/Toronto"] },
    ];
    for (const c of cases) {
      const job = (await jobs(page, `region_id=${c.region}`)).find(
        (j) => (j as unknown as { total_amount: number }).total_amount >= 150,
      )!;
      const [receipt] = await Promise.all([page.waitForEvent("popup"), rowAction(page, job, "View receipt")]);
      await receipt.waitForLoadState();
      await expect(receipt.getByTestId("receipt-title")).toHaveText(c.title);
      for (const line of c.lines) await expect(receipt.locator("body")).toContainText(line);
      if (c.region === 5) await expect(receipt.getByTestId("receipt-registration")).toContainText("GST");
      await receipt.screenshot({ path: shot(`job-actions-receipt-region-${c.region}`), fullPage: true });
      await receipt.emulateMedia({ media: "print" });
      await expect(receipt.getByRole("button", { name: "Print" })).toBeHidden();
      await receipt.close();
    }
  });
});
