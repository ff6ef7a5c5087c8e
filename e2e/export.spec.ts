import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { screenshot, signIn } from "./support/helpers";

const jobsTable = (page: Page) => page.getByRole("table", { name: "Jobs" });

/** RFC 4180 records (the journey's own reading). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      rows.push([...row, cell]);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

test.describe("export a list", () => {
  test("the filtered jobs list exports as CSV with every page's rows, in the list's order", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/jobs");
    await expect(jobsTable(page).getByRole("button", { name: "Expand" }).first()).toBeVisible();

    // Filter: Australia, Completed.
    await page.getByRole("button", { name: "Filters", exact: true }).click();
    const panel = page.getByTestId("jobs-filter-panel");
    await panel.getByRole("combobox", { name: "Order Status" }).click();
    await page.getByRole("option", { name: "Completed", exact: true }).click();
    await panel.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL(/dispense_status_id=\d+/);
    await expect(page.getByTestId("filter-count")).toHaveText("1");
    await expect(jobsTable(page)).not.toHaveAttribute("aria-busy", "true");
    const onScreen = await jobsTable(page)
      .locator('a[href^="/jobs/"]')
      .evaluateAll((links) => links.map((a) => a.textContent?.trim() ?? ""));
    expect(onScreen.length).toBeGreaterThan(0);

    // The list endpoint's rows across every page, for the same address query the screen sends.
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem("loupe.session")!).token as string,
    );
    const query = new URL(page.url()).searchParams;
    query.delete("page");
    const listed: string[] = [];
    for (let p = 1; ; p++) {
      const res = await page.request.get(`/api/staff/orders?${query}&page=${p}&per_page=100`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.ok()).toBe(true);
      const body = (await res.json()) as {
        data: { vend_invoice_number: string }[];
        meta: { pagination: { total_pages: number } };
      };
      listed.push(...body.data.map((j) => j.vend_invoice_number));
      if (p >= body.meta.pagination.total_pages) break;
    }
    expect(listed.length).toBeGreaterThan(onScreen.length);

    const button = page.getByTestId("export-csv");
    await expect(button).toHaveText("Export CSV");
    await screenshot(page, "jobs-export-button");
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^jobs-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = fs.readFileSync((await download.path()) as string);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(bytes.toString("utf8").slice(1));
    expect(header.slice(0, 3)).toEqual(["Job ID", "Invoice Number", "Customer"]);
    const invoices = rows.map((r) => r[1]);
    // Every page of the list, the first page as the screen shows it.
    expect(invoices).toEqual(listed);
    expect(invoices.slice(0, onScreen.length)).toEqual(onScreen);
    await expect(page.getByTestId("banner-alert")).toContainText(
      `Exported ${rows.length.toLocaleString("en-AU")} rows`,
    );
    await expect(button).toHaveText("Export CSV");
  });
});
