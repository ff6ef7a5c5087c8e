import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { screenshot, settle, signIn } from "./support/helpers";

// What staff tripped over: each journey fails on the screens as they were before the fix.

const alert = (page: Page) => page.getByTestId("banner-alert");
const jobsTable = (page: Page) => page.getByRole("table", { name: "Jobs" });
const token = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("loupe.session")!).token as string);

async function api<T>(page: Page, method: "GET" | "PUT" | "POST", url: string, data?: unknown) {
  const res = await page.request.fetch(url, {
    method,
    data,
    headers: { authorization: `Bearer ${await token(page)}` },
  });
  return { status: res.status(), body: (await res.json()) as T };
}

type Job = {
  id: number;
  vend_invoice_number: string;
  customer_id: number | null;
  order_billing: { customer_email: string | null };
};

test.describe("jobs", () => {
  test("Late Orders and Go Orders are in sight at 1440 px, without scrolling the tabs", async ({ page }) => {
    await signIn(page);
    await page.goto("/jobs");
    for (const name of [/Late Orders/, /Go Orders/]) {
      const tab = page.getByRole("tab", { name });
      await expect(tab).toBeVisible();
      const box = (await tab.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(1440);
      await expect(tab).toBeInViewport({ ratio: 1 });
    }
    const list = page.getByRole("tablist").first();
    expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshot(page, "fixes-jobs-tabs-1440");
  });

  test("an e-mail, part of one, or an invoice's digits find the job on Jobs, Beta Jobs and Jobs MEILI", async ({
    page,
  }) => {
    await signIn(page);
    const { body } = await api<{ data: Job[] }>(page, "GET", "/api/staff/orders?per_page=50");
    // A job numbered as the shop numbers them (NTN-100123): one another journey made (a till sale
    // numbered E2E-mx22q97w-4, say) has digits that are not one run, which no search is for.
    const job = body.data.find(
      (j) => j.order_billing.customer_email && /^[A-Z]+-\d+$/.test(j.vend_invoice_number),
    )!;
    const email = job.order_billing.customer_email!;
    const digits = job.vend_invoice_number.replace(/\D/g, "");
    for (const route of ["/jobs", "/jobs-search", "/jobs-meili"]) {
      await page.goto(route);
      for (const q of [email, email.slice(0, email.indexOf("@") + 3), digits]) {
        await page.getByLabel("Search jobs").fill(q);
        await page.getByRole("button", { name: "Search", exact: true }).click();
        await expect(
          jobsTable(page).getByRole("switch", { name: `Priority of ${job.vend_invoice_number}` }),
          `${route} ${q}`,
        ).toBeVisible();
        await expect(page.getByText("could not determine data type")).toHaveCount(0);
      }
    }
    await screenshot(page, "fixes-jobs-search-email");
  });

  test("Beta Jobs finds Job ID 7: the 3-character rule is for free text only", async ({ page }) => {
    await signIn(page);
    await page.goto("/jobs-search");
    await page.getByRole("combobox", { name: "Search type" }).click();
    await page.getByRole("option", { name: "Job ID" }).click();
    await page.getByLabel("Search jobs").fill("7");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText("Please enter at least 3 characters to search.")).toHaveCount(0);
    await expect(page).toHaveURL(/q=7&search_type=job_id|search_type=job_id.*q=7|q=7.*search_type=job_id/);
    await expect(page.getByTestId("pagination-info")).toHaveText("Showing 1 to 1 of 1 entries");
    // Free text still needs three characters.
    await page.getByRole("combobox", { name: "Search type" }).click();
    await page.getByRole("option", { name: "All" }).click();
    await page.getByLabel("Search jobs").fill("ab");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText("Please enter at least 3 characters to search.")).toBeVisible();
  });

  test("a bad page falls back to page 1 and is not remembered; past the last page shows the last", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/jobs?page=abc&sort_direction=sideways&foo=bar");
    await expect(page.getByTestId("pagination-info")).toHaveText(/^Showing 1 to 15 of [\d,]+ entries$/);
    await expect(page).not.toHaveURL(/abc|sideways|foo/);
    await expect(page.getByText(/NaN/)).toHaveCount(0);
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain("abc");
    await page.goto("/jobs");
    await expect(page).not.toHaveURL(/abc/);
    await expect(page.getByTestId("pagination-info")).toHaveText(/^Showing 1 to 15 of [\d,]+ entries$/);

    await page.goto("/jobs?page=9999");
    const info = page.getByTestId("pagination-info");
    await expect(info).toHaveText(/^Showing [\d,]+ to [\d,]+ of \d{1,3}(,\d{3})+ entries$/);
    await expect(page).not.toHaveURL(/page=9999/);
    const [from, to, total] = ((await info.textContent())!.match(/[\d,]+/g) ?? []).map((n) =>
      Number(n.replace(/,/g, "")),
    );
    expect(from).toBeLessThanOrEqual(to);
    expect(to).toBe(total);
    await screenshot(page, "fixes-jobs-last-page");
  });

  test("the expanded job: headed item columns, Notes among the buttons, whole status names", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/jobs");
    await page.getByRole("tab", { name: /Collected By Customer/ }).click();
    // Until the tab's jobs arrive the previous list is dimmed and cannot be expanded (it was: the
    // click opened a job the tab does not list, and the detail vanished with the old rows).
    await expect(page).toHaveURL(/dispense_status_id=\d+/);
    await expect(jobsTable(page)).not.toHaveAttribute("aria-busy", "true");
    // A job a journey made at the counter may be collected with its items still "Created" (it sorts
    // first, made today); the demo's collected jobs carry the status on every item: open rows in
    // turn until one does.
    const detail = page.getByTestId("job-detail").first();
    for (let row = 0; ; row++) {
      await jobsTable(page).getByRole("button", { name: "Expand" }).nth(row).click();
      await expect(detail.getByRole("columnheader", { name: "Item ID", exact: true }).first()).toBeVisible();
      if (await detail.getByTestId("status-badge").filter({ hasText: "Collected By Customer" }).count())
        break;
      expect(row, "a collected job whose items are collected, among the tab's first rows").toBeLessThan(8);
      await jobsTable(page).getByRole("button", { name: "Collapse" }).first().click();
      await expect(detail).toHaveCount(0);
    }
    for (const header of ["Item ID", "Product", "Outlet", "Status"])
      await expect(detail.getByRole("columnheader", { name: header, exact: true }).first()).toBeVisible();
    // The item total names the job's currency (issue 29).
    await expect(
      detail.getByRole("columnheader", { name: /^Total \((AUD|NZD|CAD)\)$/ }).first(),
    ).toBeVisible();
    await expect(
      detail.getByTestId("job-actions").getByRole("button", { name: /^Notes \(\d+\)$/ }),
    ).toBeVisible();
    const badge = detail.getByTestId("status-badge").filter({ hasText: "Collected By Customer" }).first();
    await expect(badge).toBeVisible();
    const label = badge.locator(".mantine-Badge-label");
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await badge.hover();
    await expect(page.getByRole("tooltip", { name: "Collected By Customer" })).toBeVisible();
    await screenshot(page, "fixes-job-detail");
  });

  test("a job's customer name opens that customer's own record, expanded", async ({ page }) => {
    await signIn(page);
    const { body } = await api<{ data: Job[] }>(page, "GET", "/api/staff/orders?per_page=50");
    const job = body.data.find((j) => j.customer_id)!;
    await page.goto(`/jobs?q=${job.vend_invoice_number}`);
    await jobsTable(page).getByRole("link").first().click();
    // A customer's own address (issue 29); the old ?customer_id= links still open it.
    await expect(page).toHaveURL(new RegExp(`/customers/${job.customer_id}$`));
    await expect(page.getByTestId(`customer-detail-${job.customer_id}`)).toBeVisible();
    await expect(
      page.locator("tbody tr").filter({ has: page.getByRole("button", { name: /Expand|Collapse/ }) }),
    ).toHaveCount(1);
    await screenshot(page, "fixes-customer-by-id");
    // View Profile in the expanded job points at the same record.
    await page.goto(`/jobs?q=${job.vend_invoice_number}`);
    await jobsTable(page).getByRole("button", { name: "Expand" }).first().click();
    await expect(page.getByRole("link", { name: "View Profile" })).toHaveAttribute(
      "href",
      `/customers/${job.customer_id}`,
    );
  });

  test("saved search names: at most 100 characters, no duplicate, the menu closes for the question", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/jobs?priority=2&page=1");
    await page.getByRole("button", { name: /^Filters/ }).click();
    await page.getByRole("button", { name: "Save Search" }).click();
    const name = page.getByLabel("Filter Name");
    await expect(name).toHaveAttribute("maxlength", "100");
    await name.fill("Urgent ones");
    await page.getByRole("button", { name: "Ok" }).click();
    await expect(alert(page)).toContainText("Filter Saved!");
    await page.getByRole("button", { name: "Save Search" }).click();
    await page.getByLabel("Filter Name").fill("URGENT ONES ");
    await expect(
      page.getByText("You already have a saved search named 'URGENT ONES'. Choose another name."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Ok" })).toBeDisabled();
    await screenshot(page, "fixes-saved-search-duplicate");
    await page.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "Saved Searches" }).click();
    await page.getByRole("button", { name: "Remove Urgent ones" }).click();
    await expect(page.getByText("Are you sure to remove filter 'Urgent ones'?")).toBeVisible();
    await expect(page.getByRole("menu")).toBeHidden();
    await screenshot(page, "fixes-saved-search-remove");
    await page.getByRole("button", { name: "Yes" }).click();
  });
});

/** A fresh customer's expanded row, created through the API so each journey has its own. */
async function openCustomer(page: Page, first: string) {
  const { body } = await api<{ data: { id: number } }>(page, "POST", "/api/user", {
    first_name: first,
    last_name: "Fixes",
    email: `${first.toLowerCase()}@example.com`,
  });
  await page.goto(`/customers?customer_id=${body.data.id}`);
  await expect(page.getByTestId(`customer-detail-${body.data.id}`)).toBeVisible();
  return body.data.id;
}

test.describe("customers", () => {
  test("Search with the same filter fetches the list again", async ({ page }) => {
    await signIn(page);
    await page.getByLabel("Search customers").fill("martin");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.locator("tbody tr").first()).toContainText(/Martin/);
    const again = page.waitForRequest(
      (r) => r.url().includes("/api/v4/users") && r.url().includes("q=martin"),
    );
    await page.getByRole("button", { name: "Search" }).click();
    await again;
  });

  test("Add prescription opens the form at once, at sphere and cylinder 0, with a prism grid", async ({
    page,
  }) => {
    await signIn(page);
    const id = await openCustomer(page, "Prismatic");
    await page
      .getByTestId(`customer-detail-${id}`)
      .getByRole("button", { name: "Add prescription" })
      .last()
      .click();
    const modal = page.getByRole("dialog", { name: "New Prescription" });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole("combobox", { name: "Sphere" }).first()).toHaveValue("0.00");
    await expect(modal.getByRole("combobox", { name: "Cylinder" }).first()).toHaveValue("0.00");
    const grid = modal.getByTestId("prism-grid");
    for (const h of ["Distance", "Near", "Right", "Left"])
      await expect(grid.getByText(h, { exact: true })).toBeVisible();
    await modal.getByLabel("Right distance prism, horizontal", { exact: true }).fill("1.5");
    await modal.getByLabel("Right distance prism, horizontal base").check({ force: true });
    await modal.getByRole("combobox", { name: "Source" }).click();
    await page.getByRole("option", { name: "In-store eye test" }).click();
    await screenshot(page, "fixes-prescription-prism-grid");
    await modal.getByRole("button", { name: "Create" }).click();
    await expect(alert(page)).toContainText("New Prescription has been successfully created!");
    await expect(page.getByTestId("prescription-card").first()).toContainText("1.50 BI");
  });

  test("Add PD opens the form at once; a double click on Create saves one PD, as does Duplicate", async ({
    page,
  }) => {
    await signIn(page);
    const id = await openCustomer(page, "Doubleclick");
    await page.getByTestId(`customer-detail-${id}`).getByRole("button", { name: "Add PD" }).last().click();
    const pd = page.getByRole("dialog", { name: "New PD" });
    await expect(pd).toBeVisible();
    await pd.getByLabel("binocular distance PD").fill("63");
    await pd.getByRole("combobox", { name: "Source" }).click();
    await page.getByRole("option", { name: "Measured in store" }).click();
    await pd.getByRole("button", { name: "Create" }).dblclick();
    await expect(alert(page)).toContainText("New PD has been successfully created!");
    await expect(page.getByTestId("pd-card")).toHaveCount(1);
    await page.getByTestId("pd-card").first().getByRole("button", { name: "Duplicate" }).click();
    await page
      .getByRole("dialog", { name: "Duplicate PD" })
      .getByRole("button", { name: "Create" })
      .dblclick();
    await expect(page.getByTestId("pd-card")).toHaveCount(2);
    await page.waitForTimeout(1000);
    const { body } = await api<{ data: unknown[] }>(page, "GET", `/api/staff/customers/${id}/pds`);
    expect(body.data).toHaveLength(2);
  });

  test("New Address lists the AU state on the first submit; the chosen address stands out", async ({
    page,
  }) => {
    await signIn(page);
    const id = await openCustomer(page, "Addressee");
    await page.getByTestId(`customer-detail-${id}`).getByRole("button", { name: "Add Address" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Add Address" }).click();
    const form = page.getByRole("dialog", { name: "New Address" });
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("The State field is required.")).toBeVisible();
    await expect(form.getByText("The Street Address field is required.")).toBeVisible();
    await form.getByLabel("First Name").fill("Addressee");
    await form.getByLabel("Last Name").fill("Fixes");
    await form.getByLabel("E-mail address").fill("addressee@example.com");
    await form.getByLabel("Street Address").fill("3 Queen St");
    await form.getByLabel("City").fill("Sydney");
    await form.getByLabel("State").fill("NSW");
    await form.getByLabel("Postcode").fill("2000");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(alert(page)).toContainText("New address has been successfully created!");
    const chooser = page.getByRole("dialog", { name: "Choose Address" });
    const card = chooser.getByRole("radio").first();
    await expect(card).toHaveAttribute("data-checked", "true");
    const border = await card.evaluate((el) => getComputedStyle(el).borderTopWidth);
    expect(border).toBe("2px");
    await screenshot(page, "fixes-choose-address-selected");
  });

  test("a declined payment corrected to 20.00 and a reference charges 20.00 with that reference", async ({
    page,
  }) => {
    await signIn(page);
    const id = await openCustomer(page, "Corrected");
    await page.getByTestId(`customer-detail-${id}`).getByRole("button", { name: "Create Payment" }).click();
    const modal = page.getByRole("dialog");
    await modal.getByLabel("Amount").fill("12.50");
    await modal.getByLabel("Card number").fill("4000 0000 0000 0002");
    await modal.getByRole("button", { name: "Pay Now" }).click();
    await expect(modal.getByText("Your card was declined.")).toBeVisible();
    await modal.getByLabel("Amount").fill("20.00");
    await modal.getByLabel("Reference").fill("INV-2002");
    await modal.getByLabel("Card number").fill("4242 4242 4242 4242");
    await modal.getByRole("button", { name: "Pay Now" }).click();
    await expect(alert(page)).toContainText("Payment successful!");
    await page
      .getByTestId(`customer-detail-${id}`)
      .getByRole("button", { name: /^Notes/ })
      .click();
    const note = page.getByRole("dialog").getByTestId("comment").first();
    await expect(note).toContainText("AUD 20.00");
    await expect(note).toContainText("Reference: INV-2002");
  });

  test("the newsletter modal never shows None with a channel ticked", async ({ page }) => {
    await signIn(page);
    await page.goto("/newsletter-users");
    await page.getByRole("button", { name: "Update" }).first().click();
    const modal = page.getByRole("dialog");
    await modal.getByLabel("None").check();
    await modal.getByLabel("Email").check();
    await expect(modal.getByLabel("None")).not.toBeChecked();
    await expect(modal.getByLabel("All Offers, News and Health")).toBeChecked();
    await screenshot(page, "fixes-newsletter-opt-in");
    await modal.getByRole("button", { name: "Update" }).click();
    await expect(modal).toBeHidden();
  });

  test("the file viewer keeps Download and Remove File in a 900 px window for a portrait scan", async ({
    page,
  }) => {
    await signIn(page);
    const id = await openCustomer(page, "Portrait");
    const scan = await sharp({ create: { width: 1240, height: 1754, channels: 3, background: "#f1f3f5" } })
      .png()
      .toBuffer();
    const detail = page.getByTestId(`customer-detail-${id}`);
    await detail.getByRole("tab", { name: "Files" }).click();
    await detail
      .locator('input[type="file"]')
      .setInputFiles({ name: "a4-scan.png", mimeType: "image/png", buffer: scan });
    await page.getByTestId("file-card").filter({ hasText: "a4-scan.png" }).click();
    const image = page.getByTestId("file-image");
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(1754);
    await settle(page);
    // Shown whole, scaled down to the window.
    expect((await image.boundingBox())!.height).toBeLessThan(900);
    const viewer = page.getByRole("dialog", { name: "a4-scan.png" });
    await expect(viewer.getByRole("button", { name: "Download" })).toBeInViewport({ ratio: 1 });
    await expect(viewer.getByRole("button", { name: "Remove File" })).toBeInViewport({ ratio: 1 });
    await screenshot(page, "fixes-file-viewer-portrait");
  });
});

test.describe("location", () => {
  test("after the outlet changes elsewhere, a reload shows it in the top bar", async ({ page }) => {
    await signIn(page, "sam@loupe.test");
    const { body: outlets } = await api<{ data: { id: number; abbreviation: string; region_id: number }[] }>(
      page,
      "GET",
      "/api/outlet?with=address",
    );
    // Sam's home region is Australia: staff select only outlets of their home region (ADR 0022).
    const fit = outlets.data.find((o) => o.abbreviation === "FIT")!;
    const res = await api(page, "PUT", "/api/me", { region_id: fit.region_id, outlet_id: fit.id });
    expect(res.status).toBe(200);
    await page.reload();
    const selector = page.getByTestId("location-selector");
    await expect(selector.getByRole("combobox", { name: "Outlet" })).toHaveValue("FIT - Fitzroy");
    await expect(selector.getByRole("combobox", { name: "Region" })).toHaveValue("AU");
    await screenshot(page, "fixes-outlet-changed-elsewhere");
  });
});
