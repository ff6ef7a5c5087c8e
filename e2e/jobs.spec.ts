import { expect, test } from "@playwright/test";
import { screenshot, signIn } from "./support/helpers";

test.describe("jobs", () => {
  test("tabs, search, filter by status, change an item's status, toggle priority and batch-update items", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/jobs");
    await expect(page.getByRole("tab", { name: /Late Orders/ })).toBeVisible();
    await expect(page.getByTestId("pagination-info")).toContainText("Showing 1 to 15 of 3,000 entries");

    await page.getByLabel("Search jobs").fill("ab");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText("Please enter at least 3 characters to search.")).toBeVisible();
    await page.getByLabel("Search jobs").fill("");

    await page.getByRole("tab", { name: /Ready To Go/ }).click();
    await expect(page).toHaveURL(/dispense_status_id=\d+/);
    await expect(page).toHaveURL(/sort_direction=desc/);
    await expect(page.locator("tbody tr").first()).toBeVisible();
    await screenshot(page, "jobs-tab");

    // Toggle priority on the first job.
    const firstSwitch = page.getByRole("switch").first();
    const wasOn = await firstSwitch.isChecked();
    await firstSwitch.click({ force: true });
    await expect(page.getByTestId("banner-alert")).toContainText("Job status is successfully changed.");
    await expect(page.getByRole("switch").first()).toBeChecked({ checked: !wasOn });

    // Expand the first job and move an item on.
    await page.getByRole("button", { name: "Expand" }).first().click();
    const item = page.getByTestId("job-item").first();
    await item.getByRole("combobox").click();
    await page.getByRole("option", { name: /Move to next/ }).click();
    await expect(page.getByTestId("banner-alert")).toContainText("Job status is successfully changed.");

    // Batch: select items of the first two jobs, then Update Status.
    await page.getByRole("button", { name: "Expand" }).first().click();
    const boxes = page.getByRole("checkbox", { name: /Select item/ });
    await expect(boxes.first()).toBeVisible();
    const n = Math.min(3, await boxes.count());
    for (let i = 0; i < n; i++) await boxes.nth(i).check();
    await expect(page.getByTestId("batch-count")).toHaveText(`${n} Item(s) selected`);
    await screenshot(page, "jobs-batch-footer");
    await page.getByRole("button", { name: "Update Status" }).click();
    const dialog = page.getByRole("dialog", { name: "Assign New Status" });
    await dialog.getByRole("combobox", { name: "Status" }).click();
    await expect(page.getByRole("option", { name: "Cancelled" })).toHaveCount(0);
    await page.getByRole("option", { name: "Dispatched" }).click();
    await dialog.getByRole("button", { name: "Update" }).click();
    await expect(page.getByTestId("banner-alert")).toContainText("Job status is successfully changed.");
    await expect(page.getByTestId("batch-count")).toBeHidden();
  });
});

test("a job note with an attachment, then edited by its author", async ({ page }) => {
  await signIn(page);
  await page.goto("/jobs");
  const notesButton = page.getByRole("button", { name: /^Notes of / }).first();
  const before = Number(await notesButton.innerText());
  await notesButton.click();
  const modal = page.getByRole("dialog");
  await expect(modal.getByRole("button", { name: "Submit" })).toBeDisabled();
  await modal.locator('input[type="file"]').setInputFiles({
    name: "fitting.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
  });
  await expect(modal.getByTestId("attached-files")).toContainText("fitting.pdf");
  await modal.getByLabel("New comment").fill("Fitting notes attached");
  await modal.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("banner-alert")).toContainText("New comment successfully created!");
  const comment = modal.getByTestId("comment").first();
  await expect(comment).toContainText("Fitting notes attached");
  await expect(comment.getByRole("link", { name: "fitting.pdf" })).toBeVisible();
  await comment.getByRole("button", { name: "Update" }).click();
  await modal.getByLabel("Update comment").fill("Fitting notes attached (checked)");
  await modal.getByRole("button", { name: "Update" }).last().click();
  await expect(page.getByTestId("banner-alert")).toContainText("Note Updated Successfully");
  await screenshot(page, "job-comments");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: /^Notes of / }).first()).toHaveText(String(before + 1));
});

test("save a search, reuse it and remove it", async ({ page }) => {
  await signIn(page);
  await page.goto("/jobs");
  await page.getByRole("button", { name: "Save Search" }).click();
  await expect(page.getByRole("button", { name: "Ok" })).toBeDisabled();
  await page.getByLabel("Filter Name").fill("Nothing at all");
  await page.getByRole("button", { name: "Ok" }).click();
  await expect(page.getByTestId("banner-alert")).toContainText("There is no filter to save!");
  await page.getByRole("button", { name: "Filters" }).click();
  await page.getByRole("checkbox", { name: "Priority", exact: true }).click();
  await expect(page).toHaveURL(/priority=2/);
  await page.getByRole("button", { name: "Save Search" }).click();
  await page.getByLabel("Filter Name").fill("Urgent jobs");
  await page.getByRole("button", { name: "Ok" }).click();
  await expect(page.getByTestId("banner-alert")).toContainText("Filter Saved!");
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).not.toHaveURL(/priority=2/);
  await page.getByRole("button", { name: "Saved Searches" }).click();
  await page.getByRole("menuitem", { name: "Urgent jobs" }).click();
  await expect(page).toHaveURL(/priority=2/);
  await screenshot(page, "jobs-saved-search");
  await page.getByRole("button", { name: "Saved Searches" }).click();
  await page.getByRole("button", { name: "Remove Urgent jobs" }).click();
  await expect(page.getByText("Are you sure to remove filter 'Urgent jobs'?")).toBeVisible();
  await page.getByRole("button", { name: "Yes" }).click();
  await page.getByRole("button", { name: "Saved Searches" }).click();
  await expect(page.getByText("Empty")).toBeVisible();
});

test("assign a job's item to another location", async ({ page }) => {
  await signIn(page);
  await page.goto("/jobs");
  await page.getByRole("button", { name: "Expand" }).first().click();
  await page
    .getByRole("checkbox", { name: /Select item/ })
    .first()
    .check();
  await page.getByRole("button", { name: "Assign Jobs to a Location" }).click();
  const dialog = page.getByRole("dialog", { name: "Assign New Location" });
  await dialog.getByRole("combobox", { name: "Location" }).click();
  await page.getByRole("option", { name: "PON - Ponsonby" }).click();
  await dialog.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByTestId("banner-alert")).toContainText("Job status is successfully changed.");
  await expect(page.getByTestId("job-item").first()).toContainText("PON");
});
