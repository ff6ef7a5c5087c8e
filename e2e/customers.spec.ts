import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { screenshot, signIn } from "./support/helpers";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

test.describe("customers", () => {
  test("find a customer by name, then by too short a search", async ({ page }) => {
    await signIn(page);
    await page.getByLabel("Search customers").fill("ma");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("Please enter at least 3 characters to search.")).toBeVisible();
    await page.getByLabel("Search customers").fill("martin");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=martin/);
    await expect(page.getByTestId("pagination-info")).toContainText("Showing 1 to");
    const rows = page.locator("tbody tr");
    await expect(rows.first()).toContainText(/Martin/);
    await page.getByRole("button", { name: "Sort by Customer" }).click();
    await expect(page).toHaveURL(/sort_by=first_name/);
    await expect(page).toHaveURL(/page=1/);
    await screenshot(page, "customers-search");
  });

  test("find a customer by a date of birth typed day first; an impossible date is refused", async ({
    page,
  }) => {
    await signIn(page);
    await page.getByLabel("Search customers").fill("martin");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=martin/);
    const first = page.locator("tbody tr").first();
    const name = (await first.locator("td").nth(1).textContent())?.trim() ?? "";
    await page.getByRole("button", { name: "Expand" }).first().click();
    const dobField = page.getByText("D.O.B.", { exact: true }).locator("xpath=following-sibling::*[1]");
    // Shown in the app's day style ("2nd May 1990", ADR 0035); typed day first below.
    const [, d, mon, year] =
      /(\d{1,2})(?:st|nd|rd|th) (\w{3}) (\d{4})/.exec((await dobField.textContent()) ?? "") ?? [];
    expect(year, "the demo customer has a date of birth").toBeTruthy();
    const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    const day = d.padStart(2, "0");
    const month = String(months.indexOf(mon) + 1).padStart(2, "0");

    // Typed without leading zeros and with dashes, as a dispenser might; shown back as DD/MM/YYYY.
    const dob = page.getByLabel("Date of birth");
    await dob.fill(`${Number(day)}-${Number(month)}-${year}`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`dob=${year}-${month}-${day}`));
    await expect(dob).toHaveValue(`${day}/${month}/${year}`);
    await expect(page.locator("tbody tr").first()).toContainText(name);

    await dob.fill("31/02/1985");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("Enter the date of birth as DD/MM/YYYY")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`dob=${year}-${month}-${day}`));
    await screenshot(page, "customers-dob-typed");
  });

  test("a malformed address query falls back to the defaults and leaves the address", async ({ page }) => {
    await signIn(page);
    await page.goto("/customers?page=abc&sort_by=password&dob=2020-02-30&region_id=x&q=martin&token=1");
    await expect(page).toHaveURL(/\/customers\?q=martin$/);
    await expect(page.getByTestId("pagination-info")).toContainText("Showing 1 to");
    await expect(page.locator("tbody tr").first()).toContainText(/Martin/);
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("create a customer, add prescriptions, a complex PD and files", async ({ page }) => {
    await signIn(page);
    await page.getByRole("button", { name: "New Customer" }).click();
    const customerModal = page.getByRole("dialog");
    await customerModal.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("The first name field is required.")).toBeVisible();
    await page.getByLabel("First Name").fill("Zelda");
    await page.getByLabel("Last Name").fill("Quartermaine");
    await customerModal.getByRole("textbox", { name: "Email" }).fill("zelda.q@example.com");
    await page.getByLabel("None").check();
    await expect(customerModal.getByRole("checkbox", { name: "SMS" })).not.toBeChecked();
    await screenshot(page, "customer-modal");
    await customerModal.getByRole("button", { name: "Create" }).click();
    await expect(page.getByTestId("banner-alert")).toContainText(
      "New customer has been successfully created!",
    );

    await page.getByLabel("Search customers").fill("Quartermaine");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.locator("tbody tr").first()).toContainText("Zelda Quartermaine");
    await page.getByRole("button", { name: "Expand" }).first().click();
    await expect(page.getByText("None", { exact: true })).toBeVisible();

    // Spectacle prescription: the cylinder needs an axis.
    await page.getByRole("tab", { name: "Prescriptions" }).click();
    await page.getByRole("button", { name: "Add prescription" }).first().click();
    const modal = page.getByRole("dialog");
    await modal.getByRole("combobox", { name: "Sphere" }).first().click();
    await page.getByRole("option", { name: "-1.25", exact: true }).click();
    await modal.getByRole("combobox", { name: "Cylinder" }).first().click();
    await page.getByRole("option", { name: "-0.50", exact: true }).click();
    await modal.getByLabel("right near add").fill("2");
    await expect(modal.getByLabel("left near add")).toHaveValue("2");
    await modal.getByRole("button", { name: "Create" }).click();
    await expect(
      modal.getByText("The right axis field is required when the right cylinder field has value"),
    ).toBeVisible();
    await expect(modal.getByText("The source field is required.")).toBeVisible();
    await modal.getByLabel("right axis").fill("90");
    await modal.getByRole("combobox", { name: "Source" }).click();
    await page.getByRole("option", { name: "In-store eye test" }).click();
    await screenshot(page, "prescription-modal");
    await modal.getByRole("button", { name: "Create" }).click();
    await expect(page.getByTestId("banner-alert")).toContainText(
      "New Prescription has been successfully created!",
    );
    await expect(page.getByTestId("prescription-card").first()).toContainText("-1.25 / -0.50 x 90");

    // Contact lens prescription, then edit it.
    await page.getByRole("button", { name: "Add prescription" }).first().click();
    await page.getByRole("dialog").getByText("Contact Lens").click();
    await page.getByRole("dialog").getByLabel("Brand").fill("Acuvue Oasys");
    await page.getByRole("dialog").getByRole("combobox", { name: "Source" }).click();
    await page.getByRole("option", { name: "External optometrist" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
    await expect(page.getByTestId("banner-alert")).toContainText(
      "New Prescription has been successfully created!",
    );
    await expect(page.getByTestId("prescription-card")).toHaveCount(2);
    await page.getByTestId("prescription-card").first().getByRole("button", { name: "Edit" }).click();
    await page.getByRole("dialog").getByLabel("Printed note").fill("Daily wear only");
    await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("banner-alert")).toContainText(
      "Prescription has been successfully edited!",
    );
    await screenshot(page, "prescriptions-panel");

    // Attach a scan to the spectacle prescription from its modal.
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2b8a3e" } })
      .png()
      .toBuffer();
    await page.getByTestId("prescription-card").nth(1).getByRole("button", { name: "Edit" }).click();
    const rxModal = page.getByRole("dialog");
    await rxModal
      .locator('input[type="file"]')
      .setInputFiles({ name: "rx-photo.png", mimeType: "image/png", buffer: png });
    await expect(rxModal.getByTestId("prescription-files")).toContainText("rx-photo.png");
    await screenshot(page, "prescription-with-file");
    await rxModal.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("banner-alert")).toContainText(
      "Prescription has been successfully edited!",
    );

    // A complex PD.
    await page.getByRole("tab", { name: "Pupil Distances" }).click();
    await page.getByRole("button", { name: "Add PD" }).first().click();
    const pd = page.getByRole("dialog");
    await pd.getByText("Complex").click();
    await pd.getByLabel("binocular distance PD").fill("63");
    await pd.getByLabel("binocular reading PD").fill("60.3");
    await pd.getByRole("combobox", { name: "Source" }).click();
    await page.getByRole("option", { name: "Measured in store" }).click();
    await pd.getByRole("button", { name: "Create" }).click();
    await expect(pd.getByText("Please enter a valid PD value")).toBeVisible();
    await pd.getByLabel("binocular reading PD").fill("60.5");
    await screenshot(page, "pd-modal");
    await pd.getByRole("button", { name: "Create" }).click();
    await expect(page.getByTestId("banner-alert")).toContainText("New PD has been successfully created!");
    await expect(page.getByTestId("pd-card").first()).toContainText("Complex");

    // Files: an image and a PDF, viewed, then one removed. File bytes come with the header, never ?token=.
    const tokenUrls: string[] = [];
    page.on("request", (r) => {
      if (/[?&]token=/.test(r.url())) tokenUrls.push(r.url());
    });
    await page.getByRole("tab", { name: "Files" }).click();
    await expect(page.getByTestId("file-card")).toHaveCount(1);
    await page.locator('input[type="file"]').setInputFiles([
      { name: "rx-scan.png", mimeType: "image/png", buffer: png },
      { name: "referral.pdf", mimeType: "application/pdf", buffer: PDF },
    ]);
    await expect(page.getByTestId("file-card")).toHaveCount(3);
    await page.getByTestId("file-card").filter({ hasText: "rx-photo.png" }).click();
    await expect(page.getByRole("button", { name: "Edit Prescription" })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByTestId("file-card").filter({ hasText: "rx-scan.png" }).click();
    await expect(page.getByTestId("file-image")).toBeVisible();
    await page.getByTestId("file-image").hover();
    await screenshot(page, "file-viewer-image");
    await page.getByRole("button", { name: "Remove File" }).click();
    await expect(page.getByText("Please confirm that you want to delete file.")).toBeVisible();
    await page.getByRole("button", { name: "Yes, Delete" }).click();
    await expect(page.getByTestId("banner-alert")).toContainText("File successfully removed!");
    await expect(page.getByTestId("file-card")).toHaveCount(2);
    await page.getByTestId("file-card").filter({ hasText: "referral.pdf" }).click();
    await expect(page.getByTestId("file-pdf")).toBeVisible();
    await screenshot(page, "file-viewer-pdf");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download" }).click();
    expect((await download).suggestedFilename()).toBe("referral.pdf");
    expect(tokenUrls).toEqual([]);
  });
});
