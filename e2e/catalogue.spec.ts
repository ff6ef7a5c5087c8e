import { expect, type Page, test } from "@playwright/test";
import { screenshot, signIn } from "./support/helpers";

/** Settings › Catalogue (issue 44, ADR 0056): search, add, a stale edit, retire, the CSV import. */

const token = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("loupe.session")!).token as string);
const table = (page: Page) => page.getByRole("table", { name: "Catalogue products" });
const alert = (page: Page) => page.getByTestId("banner-alert");

test.describe("the catalogue", () => {
  test("an administrator finds, adds, edits (a colleague's save shown), retires and imports products", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await page.goto("/settings");
    await page.getByRole("link", { name: "Open the catalogue" }).click();
    await expect(page).toHaveURL(/\/settings\/catalogue$/);
    await expect(page).toHaveTitle(/^Catalogue/);

    // The demo's frames, found by name within a region.
    const filters = page.getByTestId("catalogue-filters");
    await filters.getByLabel("Search").fill("milo crystal");
    await expect(table(page).getByRole("row")).toHaveCount(4); // header + AU, NZ, CA
    await filters.getByRole("combobox", { name: "Region" }).click();
    await page.getByRole("option", { name: "New Zealand" }).click();
    await expect(table(page).getByRole("row")).toHaveCount(2);
    await expect(table(page)).toContainText("MILO-50-CRY");
    await expect(table(page)).toContainText(/NZD\s199\.00/);
    await screenshot(page, "catalogue-search");

    // Add a frame with the keyboard.
    await page.getByRole("button", { name: "Add product" }).click();
    const form = page.getByRole("dialog", { name: "Add product" });
    await form.getByLabel("Name").fill("Iris 48 Sage");
    await form.getByLabel("SKU").fill("IRIS-48-SAG");
    await form.getByLabel("Colour").fill("Sage");
    await form.getByLabel("Size").fill("48-19-140");
    await form.getByLabel("Price").fill("179");
    await form.getByLabel("Price").press("Enter");
    await expect(alert(page)).toContainText("Product created successfully");
    await filters.getByLabel("Search").fill("IRIS-48");
    await expect(table(page).getByRole("row")).toHaveCount(2);

    // A colleague saves first: the edit says so plainly and offers Reload.
    await table(page).getByRole("button", { name: "Edit Iris 48 Sage (NZ)" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Iris 48 Sage" });
    await expect(edit.getByLabel("Price")).toHaveValue("179.00");
    const found = await page.request.get("/api/staff/catalogue/products?q=IRIS-48&region_id=2", {
      headers: { authorization: `Bearer ${await token(page)}` },
    });
    const product = (await found.json()).data[0];
    const colleague = await page.request.fetch(`/api/staff/catalogue/products/${product.id}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${await token(page)}` },
      data: { ...product, id: undefined, region_id: undefined, price_minor: 18900 },
    });
    expect(colleague.status()).toBe(200);
    await edit.getByLabel("Price").fill("169");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit.getByTestId("version-conflict")).toBeVisible();
    await screenshot(page, "catalogue-edit-conflict");
    await edit.getByRole("button", { name: /Reload/ }).click();
    await expect(edit.getByLabel("Price")).toHaveValue("189.00");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(alert(page)).toContainText("Product saved successfully");

    // Retired: gone from the list, back with "Show retired".
    await table(page).getByRole("button", { name: "Retire Iris 48 Sage (NZ)" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Retire" }).click();
    await expect(alert(page)).toContainText("no longer offered");
    await expect(table(page).getByTestId("empty-state")).toBeVisible();
    await filters.getByLabel("Show retired").check();
    await expect(table(page)).toContainText("retired");

    // The CSV import: a bad file is reported by row and column and writes nothing; fixed, it goes in.
    const csv = (price: string) =>
      Buffer.from(
        "region,sku,name,kind,price,tax_class,requires_prescription\r\n" +
          "NZ,E2E-CASE,Soft case,addon,12,standard,no\r\n" +
          `NZ,E2E-TEST,Eye test (children),service,${price},standard,no\r\n`,
      );
    const file = page.getByTestId("catalogue-import").locator('input[type="file"]');
    await file.setInputFiles({ name: "catalogue.csv", mimeType: "text/csv", buffer: csv("free") });
    await page.getByRole("button", { name: "Check file" }).click();
    const problems = page.getByRole("table", { name: "Import problems" });
    await expect(problems).toContainText("price");
    await expect(problems.getByRole("row").nth(1)).toContainText("3");
    await expect(page.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
    await screenshot(page, "catalogue-import-errors");
    await file.setInputFiles({ name: "catalogue.csv", mimeType: "text/csv", buffer: csv("45") });
    await page.getByRole("button", { name: "Check file" }).click();
    await expect(page.getByTestId("import-check-passed")).toContainText("All 2 rows can be imported: 2 new");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(alert(page)).toContainText("Catalogue imported: 2 added, 0 updated");
    await filters.getByLabel("Search").fill("E2E-");
    await expect(table(page).getByRole("row")).toHaveCount(3);
  });

  test("works at phone width", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.goto("/settings/catalogue");
    await expect(table(page)).toBeVisible();
    await expect(table(page).getByRole("row").nth(1)).toBeVisible();
    await screenshot(page, "catalogue-phone");
    await page.getByRole("button", { name: "Add product" }).click();
    await expect(page.getByRole("dialog", { name: "Add product" }).getByLabel("Name")).toBeVisible();
    await screenshot(page, "catalogue-phone-form");
  });
});
