import fs from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { screenshot, settle, signIn } from "./support/helpers";

/**
 * Issue 46, switching to Loupe: an administrator brings an Optomate patient export across. The file
 * is Windows-1252 with `;` between columns and day-first dates, and holds what real exports hold (a
 * bad date, a duplicated row, one customer under two spellings, a branch the first value map
 * leaves out: see fixtures/README.md). The journey uploads it, lets the screen guess the columns,
 * maps the codes, saves the mapping as a preset, reads the dry-run report, fixes the value map and
 * checks again, imports with the progress bar, reconciles per outlet and marks the batch final; then
 * a second upload starts from the saved preset, and at last the duplicate finder pairs the customer
 * who came twice and the administrator merges the two. Screenshots at each step.
 */

const FIXTURE = path.join(import.meta.dirname, "fixtures", "customers-optomate.csv");

/** The fixture with this run's stamp in every source id, kept in Windows-1252 (a rerun is a new file). */
function stampedFile(stamp: string) {
  const text = fs
    .readFileSync(FIXTURE)
    .toString("latin1")
    .replace(/OPT-(\d+)/g, `OPT-${stamp}-$1`);
  return { name: `patients-${stamp}.csv`, mimeType: "text/csv", buffer: Buffer.from(text, "latin1") };
}

/** Picks the Loupe code for one of the file's values in a field's value map. */
async function mapValue(editor: Locator, field: string, value: string, code: string) {
  await editor.getByLabel(`${field} for “${value}”`, { exact: true }).selectOption({ label: code });
}

async function openValueMap(page: Page, field: string) {
  const button = page.getByRole("button", { name: `Map values of ${field}` });
  // By keyboard: the button takes the focus and Enter opens the map.
  if ((await button.getAttribute("aria-expanded")) !== "true") {
    await button.focus();
    await page.keyboard.press("Enter");
  }
  const key = field === "Outlet" ? "outlet" : "gender";
  const editor = page.getByTestId(`value-map-${key}`);
  await expect(editor.getByRole("table")).toBeVisible();
  return editor;
}

const rejects = (page: Page) => page.getByRole("table", { name: "Rejected rows" });

/** A dry run goes to "checking" and the page polls the batch until the report is in. */
async function dryRun(page: Page) {
  await page.getByRole("button", { name: "Dry run" }).click();
  await expect(page.getByTestId("dry-run-report")).toBeVisible({ timeout: 60_000 });
  await expect(rejects(page).getByRole("row").nth(1)).toBeVisible();
}

test.describe("imports (issue 46)", () => {
  test("an Optomate export: map, check, fix a value map, import with progress, reconcile, mark final", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const presetName = `Optomate patients ${stamp}`;
    const file = stampedFile(stamp);
    await signIn(page);

    // 1. The area is an administrator's: Settings links it.
    await page.goto("/settings");
    await page.getByRole("link", { name: "Open imports" }).click();
    await expect(page).toHaveURL(/\/imports$/);
    await expect(page.getByRole("table", { name: "Import batches" })).toBeVisible();
    await screenshot(page, "imports-01-list");

    // 2. Upload: the kind, the system, the file.
    await page.getByRole("link", { name: "New import" }).click();
    await expect(page).toHaveURL(/\/imports\/new$/);
    await page.getByLabel("What the file holds").selectOption("customers");
    await page.getByLabel("Source system").selectOption("optomate");
    await page.locator("input[type=file]").setInputFiles(file);
    await screenshot(page, "imports-02-upload");
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page).toHaveURL(/\/imports\/\d+$/);
    const batchUrl = new URL(page.url()).pathname;
    await expect(page.getByText("windows-1252")).toBeVisible();

    // 3. The columns are guessed from Optomate's headers; the required ones are all there.
    await expect(page.getByLabel("Column for Source record id (required)")).toHaveValue("Patient No");
    await expect(page.getByLabel("Column for First name (required)")).toHaveValue("Given");
    await expect(page.getByLabel("Column for Outlet (required)")).toHaveValue("Branch");
    await expect(page.getByLabel("Column for Date of birth")).toHaveValue("D.O.B.");
    await expect(page.getByLabel("Dates in the file are written")).toHaveValue("DD/MM/YYYY");

    // 4. Value maps: the branches (one left out on purpose) and the genders.
    let outlets = await openValueMap(page, "Outlet");
    await mapValue(outlets, "Outlet", "Newtown", "Newtown (NTN)");
    await mapValue(outlets, "Outlet", "Brunswick", "Brunswick (BRU)");
    await mapValue(outlets, "Outlet", "Bondi Junction", "Bondi Junction (BON)");
    await expect(outlets.getByText(/1 of the values in “Branch” are not mapped/)).toBeVisible();
    const genders = await openValueMap(page, "Gender");
    await mapValue(genders, "Gender", "F", "Female");
    await mapValue(genders, "Gender", "M", "Male");
    await mapValue(genders, "Gender", "f", "Female");
    await screenshot(page, "imports-03-mapping");

    // 5. Kept as a preset for the next file from this system.
    await page.getByLabel("New preset name").fill(presetName);
    await page.getByRole("button", { name: "Save as preset" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `Saved as preset “${presetName}”.` }),
    ).toBeVisible();

    // 6. The preview reads the first rows through the saved mapping; the impossible date is marked.
    await page.getByRole("button", { name: "Save mapping" }).click();
    const preview = page.getByTestId("import-preview");
    await expect(preview).toBeVisible();
    await expect(preview.locator('[data-bad="true"]').first()).toBeVisible();
    await screenshot(page, "imports-04-preview");

    // 7. The dry run names each bad cell: the left-out branch and the date that does not exist.
    await dryRun(page);
    await expect(rejects(page)).toContainText("Brunswick Store");
    await expect(rejects(page)).toContainText("31/02/1990");
    await expect(page.getByRole("table", { name: "Customers per outlet" })).toContainText("Newtown");
    await screenshot(page, "imports-05-dry-run");
    // The same report as CSV, fetched with the session's token (never in the URL).
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = fs.readFileSync((await download.path()) as string, "utf8");
    expect(csv).toContain("31/02/1990");
    expect(csv).toContain("Brunswick Store");

    // 8. Back to the mapping: the branch is mapped, the preset updated, and the file checked again.
    await page.getByRole("button", { name: "Back to the mapping" }).click();
    await expect(page).toHaveURL(/step=mapping/);
    outlets = await openValueMap(page, "Outlet");
    await mapValue(outlets, "Outlet", "Brunswick Store", "Brunswick (BRU)");
    await expect(outlets.getByText("Every value in “Branch” is mapped.")).toBeVisible();
    await page.getByRole("button", { name: `Update preset “${presetName}”` }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `Preset “${presetName}” updated.` }),
    ).toBeVisible();
    await dryRun(page);
    await expect(page).not.toHaveURL(/step=mapping/);
    await expect(rejects(page)).not.toContainText("Brunswick Store");
    await expect(rejects(page)).toContainText("31/02/1990");
    await screenshot(page, "imports-06-dry-run-again");

    // 9. The run: a progress bar with rows per second and time left while it works (a small file
    // may finish between two looks), then the reconciliation.
    const importButton = page.getByRole("button", { name: /^Import \d+ rows?$/ });
    await expect(importButton).toBeEnabled();
    await importButton.click();
    const progress = page.getByTestId("import-progress");
    const reconcile = page.getByTestId("reconcile");
    await expect(progress.or(reconcile)).toBeVisible({ timeout: 30_000 });
    if (await progress.isVisible()) {
      await expect(progress.getByRole("progressbar", { name: "Rows imported" })).toBeAttached();
      await expect(progress.getByRole("status")).toContainText(/of \d+ rows/);
      await screenshot(page, "imports-07-progress");
    }
    await expect(reconcile).toBeVisible({ timeout: 120_000 });

    // 10. Reconcile per outlet, then mark final (it explains that undo goes).
    const perOutlet = reconcile.getByRole("table", { name: "Customers per outlet" });
    await expect(perOutlet).toContainText("Newtown");
    await expect(perOutlet).toContainText("Brunswick");
    await expect(reconcile.getByRole("button", { name: "Undo this import" })).toBeVisible();
    await screenshot(page, "imports-08-reconcile");
    await reconcile.getByRole("button", { name: "Mark final" }).click();
    const dialog = page.getByRole("dialog", { name: "Mark this import final?" });
    await expect(dialog).toContainText("can no longer be undone");
    await settle(page);
    await dialog.getByRole("button", { name: "Mark final" }).click();
    await expect(page.getByTestId("import-state").first()).toHaveText("Final");
    await expect(reconcile.getByRole("button", { name: "Undo this import" })).toHaveCount(0);
    await screenshot(page, "imports-09-final");

    // 11. At a phone's width the batch still reads (the tables scroll inside their own box).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(batchUrl);
    await expect(page.getByTestId("reconcile")).toBeVisible();
    await screenshot(page, "imports-10-phone");
    await page.setViewportSize({ width: 1440, height: 900 });

    // 12. The next file from Optomate starts from the preset: its mapping and value maps come with it.
    await page.goto("/imports/new");
    await page.getByLabel("Source system").selectOption("optomate");
    await page.getByLabel("Preset (optional)").selectOption({ label: presetName });
    await page.locator("input[type=file]").setInputFiles(file);
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page).toHaveURL(/\/imports\/\d+$/);
    await expect(page.getByLabel("Preset", { exact: true })).toHaveValue(/\d+/);
    await expect(page.getByLabel("Column for Outlet (required)")).toHaveValue("Branch");
    await expect(page.getByRole("button", { name: "Map values of Outlet" })).toHaveText("Values (4)");
    await screenshot(page, "imports-11-from-preset");

    // 13. The same person came twice under two spellings (lines 2 and 7, one e-mail): the duplicate
    // finder pairs the two imported records and the administrator merges them.
    await page.goto("/customers/duplicates");
    await page.getByRole("button", { name: "Find duplicates now" }).click();
    const pair = page
      .getByTestId("duplicate-pair")
      .filter({ hasText: "Mueller" })
      .filter({ hasText: "Müller" })
      .first();
    await expect(async () => {
      await page.reload();
      await expect(pair).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 90_000 });
    await expect(pair.getByTestId("pair-evidence").filter({ hasText: "Same email" }).first()).toBeVisible();
    await screenshot(page, "imports-12-duplicates");
    await pair.getByRole("link", { name: /^Compare and merge:/ }).click();
    await expect(page.getByTestId("merge-side-keep")).toBeVisible();
    await expect(page.getByTestId("merge-side-lose")).toBeVisible();
    await screenshot(page, "imports-13-merge");
    await page.getByRole("button", { name: "Merge", exact: true }).click();
    await page.getByRole("button", { name: "Yes, merge" }).click();
    await expect(page).toHaveURL(/\/customers\/\d+$/);
    await expect(page.getByTestId("banner-alert")).toContainText("merged");
    await screenshot(page, "imports-14-merged");
  });
});
