import fs from "node:fs";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { DEMO, screenshot, signIn } from "./support/helpers";

/** ADR 0013: an administrator reads a customer's access history and a staff member's report, and downloads the record. */

async function tokenFor(request: APIRequestContext, email: string) {
  const res = await request.post("/api/user/login", { data: { email, password: DEMO.password } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data.token as string;
}

test("an administrator reads who accessed a customer, what a staff member accessed, and downloads the record", async ({
  page,
}) => {
  const admin = await tokenFor(page.request, DEMO.email);
  const sam = await tokenFor(page.request, "sam@loupe.test");
  const lastName = `Auditson${Date.now() % 100000}`;
  const customer = (
    await (
      await page.request.post("/api/user", {
        headers: { authorization: `Bearer ${admin}` },
        data: { first_name: "Priya", last_name: lastName },
      })
    ).json()
  ).data as { id: number };
  // Sam reads the record and records a PD, from the customers screen.
  const asSam = { authorization: `Bearer ${sam}`, "x-loupe-screen": "/customers" };
  await page.request.get(`/api/staff/customers/${customer.id}`, { headers: asSam });
  const pdSource = (await (await page.request.get("/api/pd-source", { headers: asSam })).json()).data[0].id;
  const pd = await page.request.post("/api/customer-pd", {
    headers: asSam,
    data: { customer_user_id: customer.id, source_id: pdSource, binocular_dist_pd: 62 },
  });
  expect(pd.status()).toBe(201);
  await page.request.get(`/api/staff/customers/${customer.id}/pds`, { headers: asSam });

  await signIn(page);
  await page.getByLabel("Search customers").fill(lastName);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.locator("tbody tr").first()).toContainText(`Priya ${lastName}`);
  await page.getByRole("button", { name: "Expand" }).first().click();
  await page.getByRole("tab", { name: "Access history" }).click();
  const history = page.getByTestId(`access-history-customer-${customer.id}`);
  const table = history.getByRole("table", { name: "Access history" });
  await expect(table).toContainText("Sam");
  await expect(table).toContainText("pd");
  await expect(table).toContainText("create");
  await expect(table).toContainText("/customers");
  await page.waitForTimeout(400);
  await screenshot(page, "access-history-tab");

  const downloadPromise = page.waitForEvent("download");
  await history.getByRole("button", { name: "Download customer's record" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`customer-${customer.id}-record.zip`);
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 2).toString()).toBe("PK");
  // The export itself is now in the history.
  await history.getByLabel("Action").click();
  await page.getByRole("option", { name: "export" }).click();
  await expect(table).toContainText("record export");
  await page.waitForTimeout(400);
  await screenshot(page, "access-history-export-logged");

  await page.getByRole("tab", { name: "Access Log" }).click();
  await page.getByRole("combobox", { name: "Staff member" }).click();
  await page.getByRole("option", { name: /Sam/ }).first().click();
  const report = page.getByRole("table", { name: "Staff access report" });
  await expect(report).toContainText(`Priya ${lastName}`);
  await expect(report).toContainText("view");
  await page.waitForTimeout(400);
  await screenshot(page, "access-log-staff-report");

  const csvPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = await csvPromise;
  expect(fs.readFileSync(await csv.path(), "utf8")).toMatch(/^seq,occurred_at,staff_id,staff_name/);
});

test("staff who are not administrators see no Access history tab", async ({ page }) => {
  await signIn(page, "sam@loupe.test");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("button", { name: "Expand" }).first().click();
  await expect(page.getByRole("tab", { name: "Files" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Access history" })).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "Access Log" })).toHaveCount(0);
});
