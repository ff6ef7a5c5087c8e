import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { receivedMails, screenshot, settle, signIn } from "./support/helpers";
import { api, givePd, giveRx, login } from "./support/job-fixtures";

/**
 * Issue 44, the counter: a dispenser finds a customer, starts a quote with a frame scanned by its
 * barcode and single-vision lenses on the customer's latest prescription, prints it, accepts it
 * with a card deposit (the sandbox gateway, Stripe's stand-in), sees the job in the list with its
 * promised date and balance, moves it to Ready, takes the balance in cash and collects it.
 */

const shots = path.join(import.meta.dirname, "screenshots");
const alert = (page: Page) => page.getByTestId("banner-alert");
const step = (page: Page, n: number) => page.getByTestId(`job-edit-step-${n}`);

async function choose(scope: Locator, page: Page, label: string, option: string) {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/**
 * Nothing of the screen sticks out sideways at this width: no element of `scope` ends past the
 * viewport's right edge (named when one does). The shell's top bar is not the counter's; at a phone's
 * width its avatar sits 26 px out (reported to the lead), so the check is the screen's own.
 */
async function expectNoSidewaysScroll(page: Page, scope: Locator) {
  const width = page.viewportSize()!.width;
  const over = await scope.evaluate(
    (root, w) =>
      [root, ...root.querySelectorAll<HTMLElement>("*")]
        .filter((e) => e.getClientRects().length > 0 && e.getBoundingClientRect().right > w + 1)
        .slice(0, 8)
        .map(
          (e) =>
            `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 50)} → ${Math.round(e.getBoundingClientRect().right)}`,
        ),
    width,
  );
  expect(over, `wider than ${width} px`).toEqual([]);
}

interface Product {
  id: number;
  name: string;
  barcode: string | null;
  price_minor: number;
}

test.describe("the counter (issue 44)", () => {
  test("quote a frame and single-vision lenses, print, accept with a card deposit, ready, pay the balance in cash, collect", async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    await login(request);
    // The frame on the shelf (its EAN-13 is on its tag) and the lens product, from the demo catalogue.
    const products = async (q: string) =>
      (await api<{ data: Product[] }>(request, "GET", `/api/staff/catalogue/products?q=${q}&region_id=1`))
        .data;
    const [frame] = await products("HARP-52-TOR");
    expect(frame?.barcode, "the demo frame has a barcode").toBeTruthy();

    // A customer of the demo with a fresh single-vision prescription (the newest one) and a PD.
    const customers = (
      await api<{ data: { id: number; first_name: string; last_name: string }[] }>(
        request,
        "GET",
        "/api/v4/users?q=martin&per_page=20",
      )
    ).data;
    const customer = customers[customers.length - 1];
    const name = `${customer.first_name} ${customer.last_name}`;
    await giveRx(request, customer.id, { right_sph: -3.5, left_sph: -2.75 });
    await givePd(request, customer.id, { binocular_dist_pd: 63, right_dist_pd: 31.5, left_dist_pd: 31.5 });

    await signIn(page);
    // A job or a quote starts from the jobs screen (for a guest, or a customer found there) and
    // from the palette, by keyboard.
    await page.goto("/jobs");
    await page.getByRole("button", { name: "New job", exact: true }).click();
    await expect(page).toHaveURL(/\/quotes\/new\?for=job$/);
    await expect(page.getByTestId("choose-who")).toBeVisible();
    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog", { name: "Go to…" });
    await palette.getByLabel("Find a customer, a job or a screen").fill("new quote");
    await expect(palette.getByTestId("palette-entry").first()).toContainText("New quote");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/quotes\/new\?for=quote$/);

    // The dispenser finds the customer and starts a quote from their row.
    await page.goto("/customers");
    await page.getByLabel("Search customers").fill(customer.last_name);
    await page.getByRole("button", { name: "Search" }).click();
    const start = page.getByRole("button", { name: `New quote for ${name}` }).first();
    await expect(start).toBeVisible();
    await screenshot(page, "counter-1-customers");
    await start.click();
    await expect(page).toHaveURL(/\/quotes\/new\?for=quote&customer_id=/);
    await expect(page.getByTestId("quote-who")).toContainText(name);

    // The frame's tag scanned: a keyboard wedge types the digits fast and presses Enter.
    const scan = page.getByLabel("Scan barcode");
    await scan.click();
    await page.keyboard.type(frame.barcode!, { delay: 5 });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/quotes\/\d+$/);
    const lines = page.getByTestId("quote-line");
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText("Harper 52 Tortoise");
    await expect(scan).toHaveValue("");

    // The lenses, found by name: the job edit's steps, on the customer's latest prescription.
    await page.getByLabel("Find a product").fill("single vision 1.50");
    await page.getByRole("button", { name: "Add Single vision lenses 1.50" }).click();
    const drawer = page.getByRole("dialog");
    await expect(drawer.getByTestId("line-steps-header")).toContainText("Single vision lenses 1.50");
    const frameStep = step(page, 1);
    await frameStep.getByText("Original", { exact: true }).click();
    await choose(frameStep, page, "Frame size", "M");
    await choose(frameStep, page, "Left Arm size", "M");
    await choose(frameStep, page, "Right Arm size", "M");
    await choose(frameStep, page, "Frame color", "Black");
    await choose(frameStep, page, "Arm color", "Tortoise");
    await frameStep.getByRole("button", { name: "Confirm" }).click();
    const rx = step(page, 2);
    // The newest prescription is chosen already, for distance.
    await expect(rx.getByRole("radio", { name: /R -3\.50 · L -2\.75/ })).toBeChecked();
    await expect(rx.getByRole("combobox", { name: "Type" })).toHaveValue("Distance");
    await screenshot(page, "counter-2-latest-rx");
    await rx.getByRole("button", { name: "Confirm" }).click();
    await step(page, 3).getByRole("radio", { name: /PD 63/ }).first().check();
    await step(page, 3).getByRole("button", { name: "Confirm" }).click();
    await step(page, 4).getByRole("radio").first().check();
    await step(page, 4).getByRole("button", { name: "Confirm" }).click();
    await step(page, 5).getByRole("button", { name: "Add to quote" }).click();
    await expect(drawer).toHaveCount(0);
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(1)).toContainText("Single vision lenses 1.50");
    await expect(lines.nth(1).getByTestId("line-selection")).toContainText("distance");
    // Keyboard alone: a hard case found, Tab to it, Enter adds it; the cursor is back in the search.
    const find = page.getByLabel("Find a product");
    await find.fill("hard case");
    await expect(page.getByRole("button", { name: "Add Hard case" })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Add Hard case" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(lines).toHaveCount(3);
    await expect(find).toBeFocused();
    // Totals as the server priced them, GST included (AU).
    const totals = page.getByTestId("quote-totals");
    await expect(totals).toContainText("Includes GST 10%");
    const total = (await page.getByTestId("quote-total").textContent())!.trim();
    expect(total).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    await expect(page.getByTestId("quote-expiry")).toContainText("valid until");
    const quoteId = Number(/\/quotes\/(\d+)/.exec(page.url())![1]);
    await screenshot(page, "counter-3-quote");

    // Keyboard alone, and the tablet and phone widths: no sideways scroll.
    for (const width of [820, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await settle(page);
      await expectNoSidewaysScroll(page, page.getByTestId("quote-page"));
      await screenshot(page, `counter-4-quote-${width}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // Print: the PDF opens in the browser's own viewer; the same file is looked at as an image.
    const popup = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Print" }).click();
    await (await popup).close();
    const pdf = await request.get(`/api/staff/quotes/${quoteId}/pdf`, {
      headers: { authorization: `Bearer ${await token(page)}` },
    });
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    const pdfPath = path.join(shots, "counter-quote.pdf");
    fs.writeFileSync(pdfPath, await pdf.body());
    try {
      execFileSync("pdftoppm", [
        "-png",
        "-r",
        "60",
        "-singlefile",
        pdfPath,
        path.join(shots, "counter-5-quote-pdf"),
      ]);
    } catch {
      // pdftoppm is not on every machine; the PDF itself is kept beside the screenshots.
    }

    // E-mail: to the customer's address, through the outbox.
    await page.getByRole("button", { name: "E-mail" }).click();
    const mailDialog = page.getByRole("dialog", { name: /E-mail Q-/ });
    const to = `counter-${quoteId}@example.com`;
    await mailDialog.getByLabel("E-mail").fill(to);
    await mailDialog.getByRole("button", { name: "Send" }).click();
    await expect(alert(page)).toContainText(/e-mailed/i);
    await expect(mailDialog).toHaveCount(0);
    await expect.poll(() => receivedMails().filter((m) => m.to === to).length, { timeout: 30_000 }).toBe(1);

    const jobsOf = async () =>
      (
        await api<{ data: { id: number }[] }>(
          request,
          "GET",
          `/api/staff/orders?customer_id=${customer.id}&per_page=100`,
        )
      ).data.length;
    const jobsBefore = await jobsOf();

    // Accept with a card deposit: the minimum is offered; the sandbox card goes through.
    await page.getByRole("button", { name: "Accept into job" }).click();
    const accept = page.getByTestId("accept-quote");
    await expect(accept.getByTestId("deposit-minimum")).not.toHaveText("");
    await accept.getByRole("radio", { name: "Card", exact: true }).check();
    await accept.getByLabel("Card number").fill("4242 4242 4242 4242");
    await screenshot(page, "counter-6-deposit");
    const create = accept.getByRole("button", { name: /Create job/ });
    // A double click makes one job.
    await create.dblclick();
    await expect(alert(page)).toContainText("Job created successfully");
    await expect(page).toHaveURL(/\/jobs\/[A-Z]+-\d+/);
    const invoice = decodeURIComponent(/\/jobs\/([^/?]+)/.exec(page.url())![1]);
    const quote = (await api(request, "GET", `/api/staff/quotes/${quoteId}`)).data;
    expect(quote.status).toBe("accepted");
    expect(quote.invoice_number).toBe(invoice);
    expect(await jobsOf(), "one job, however often Create job was pressed").toBe(jobsBefore + 1);
    await expect(page.getByTestId("job-detail").first()).toBeVisible();
    await screenshot(page, "counter-7-job");

    // The job in the list, with its promised date and the balance still owed.
    await page.goto(`/jobs?q=${encodeURIComponent(invoice)}`);
    const table = page.getByRole("table", { name: "Jobs" });
    const row = table.locator("tbody tr").first();
    await expect(row).toContainText(invoice);
    await expect(row).toContainText(name);
    const listed = (await api(request, "GET", `/api/staff/orders?q=${encodeURIComponent(invoice)}`)).data[0];
    expect(listed.due_date, "the new job has its promised date").toBeTruthy();
    // The Promised column shows the day on the outlet's clock ("3rd Dec 2026").
    await expect(row).toContainText(dayText(String(listed.due_date)));
    // The balance still owed: the total less the card deposit.
    const accepted = (await api(request, "GET", `/api/staff/quotes/${quoteId}`)).data;
    const owed = `$${((accepted.total_minor - accepted.deposit_minimum_minor) / 100).toFixed(2)}`;
    await expect(row.getByTestId("balance-due")).toHaveText(owed);
    await screenshot(page, "counter-8-jobs-list");

    // Ready to collect.
    await table.getByRole("combobox", { name: `Status of ${invoice}` }).click();
    await page.getByRole("option", { name: "Ready To Go", exact: true }).click();
    await expect(alert(page)).toContainText("successfully changed");

    // The balance in cash, on the job's Payments panel.
    await table.getByRole("button", { name: "Expand" }).first().click();
    const payments = page.getByTestId("job-payments").first();
    await expect(payments.getByTestId("balance-due-line")).toContainText(`Balance due ${owed}`);
    await payments.getByRole("button", { name: "Take payment" }).click();
    const pay = page.getByTestId("take-payment");
    await expect(pay.getByTestId("take-payment-balance")).toHaveText(owed);
    await pay.getByRole("combobox", { name: /^Paid by/ }).click();
    await page.getByRole("option", { name: "Cash", exact: true }).click();
    await screenshot(page, "counter-9-cash");
    await pay.getByRole("button", { name: "Take payment" }).click();
    await expect(pay).toHaveCount(0);
    await expect(payments.getByTestId("balance-due-line")).toContainText("Nothing owing");
    await expect(row.getByTestId("balance-due")).toHaveCount(0);
    await screenshot(page, "counter-10-paid");

    // Collected.
    await table.getByRole("combobox", { name: `Status of ${invoice}` }).click();
    await page.getByRole("option", { name: "Collected By Customer", exact: true }).click();
    await expect(alert(page)).toContainText("successfully changed");
    const job = (await api(request, "GET", `/api/staff/orders?q=${encodeURIComponent(invoice)}`)).data[0];
    expect(job.dispense_status.slug).toBe("collected-by-customer");
    await screenshot(page, "counter-11-collected");
  });
});

/** "2026-12-04" as the app writes a calendar day: "4th Dec 2026". */
function dayText(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split("-").map(Number);
  const th =
    d % 10 === 1 && d !== 11
      ? "st"
      : d % 10 === 2 && d !== 12
        ? "nd"
        : d % 10 === 3 && d !== 13
          ? "rd"
          : "th";
  const month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][m - 1];
  return `${d}${th} ${month} ${y}`;
}

const token = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("loupe.session")!).token as string);
