import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO, expectAccessible, screenshot, settle, signIn } from "./support/helpers";

// Issue 52 item 9 (WCAG 2.1.1): the app used only with the keyboard. The app's global Enter
// shortcut used to cancel the key everywhere, so Enter did nothing on a focused button or link.
// Every step below is a key press; the mouse is never used.

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  const handle = await target.elementHandle();
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((el) => el === document.activeElement, handle)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${target} never took the focus after ${max} presses of Tab`);
}

test.describe("the keyboard alone", () => {
  test("signs in, opens a customer with Enter, cancels a dialog with Enter, opens a job by its link", async ({
    page,
  }) => {
    test.slow();
    await page.goto("/login");
    await expect(page).toHaveTitle(/^Sign in · /);
    await tabTo(page, page.getByLabel("E-mail"));
    await page.keyboard.type(DEMO.email);
    await tabTo(page, page.getByLabel("Password", { exact: true }));
    await page.keyboard.type(DEMO.password);
    await tabTo(page, page.getByRole("button", { name: "Sign in" }));
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("location-selector")).toBeVisible();
    await expect(page).toHaveURL(/\/customers/);

    // The screen's search from anywhere with "/", then a search with Enter.
    await expect(page.getByLabel("Search customers")).toBeVisible();
    await page.keyboard.press("/");
    await expect(page.getByLabel("Search customers")).toBeFocused();
    await page.keyboard.type("martin");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/q=martin/);
    const firstRow = page.locator("main tbody tr[data-row]").first();
    await expect(firstRow).toContainText(/Martin/);

    // Open the customer: Enter on the focused Expand button.
    await tabTo(page, firstRow.getByRole("button", { name: "Expand" }));
    await page.keyboard.press("Enter");
    await expect(page.getByText("D.O.B.", { exact: true }).first()).toBeVisible();
    // Space works on a button too: it closes and Enter opens it again.
    await page.keyboard.press(" ");
    await expect(page.getByText("D.O.B.", { exact: true })).toHaveCount(0);
    await page.keyboard.press("Enter");
    await expect(page.getByText("D.O.B.", { exact: true }).first()).toBeVisible();
    await screenshot(page, "keyboard-customer-open");

    // A dialog opened and cancelled with Enter: Add Address, then its Cancel.
    await tabTo(page, page.getByRole("button", { name: "Add Address" }));
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await settle(page);
    await tabTo(page, dialog.getByRole("button", { name: "Cancel" }));
    await screenshot(page, "keyboard-dialog-cancel-focused");
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);
    // The focus is back on the page, not lost with the dialog.
    await expect(page.getByRole("button", { name: "Add Address" })).toBeVisible();

    // To Jobs by the screen tabs: one tab stop, the arrows move along it (ARIA tabs).
    await tabTo(page, page.getByRole("tab", { name: "Customers", exact: true }), { back: true });
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Customers MEILI" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Jobs", exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/jobs(\?|$)/);
    await expect(page).toHaveTitle(/^Jobs · /);
    const jobLink = page
      .getByRole("table", { name: "Jobs" })
      .locator("tbody tr[data-row]")
      .first()
      .getByRole("link");
    const invoiceLink = jobLink.filter({ hasText: /\d/ }).last();
    await expect(invoiceLink).toBeVisible();

    // Saved Searches opened with Enter: with none saved it is a menu with one disabled item.
    await tabTo(page, page.getByRole("button", { name: "Saved Searches" }));
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Empty" })).toBeDisabled();
    await settle(page);
    await expectAccessible(page, "keyboard-saved-searches-empty");
    await screenshot(page, "keyboard-saved-searches-empty");
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);

    // A job by its link, with Enter.
    const invoice = ((await invoiceLink.textContent()) ?? "").trim();
    await tabTo(page, invoiceLink);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/jobs/${encodeURIComponent(invoice)}$`));
    await expect(page).toHaveTitle(new RegExp(`^${invoice} · Jobs · `));
    await expect(page.getByTestId("job-detail").first()).toBeVisible();
    await screenshot(page, "keyboard-job-opened");
  });

  // Issue 52 item 8, seen as a manager: lists say what they hold.
  test("a manager sees the outbox's refusal as a refusal, and Jobs opens on their home region", async ({
    page,
  }) => {
    await signIn(page, "mia@loupe.test");
    await page.goto("/outbox");
    await expect(page).toHaveTitle(/^Outbox · /);
    await expect(page.getByText("Only administrators can see the outbox.")).toBeVisible();
    await expect(page.getByText("No data available.")).toHaveCount(0);
    await screenshot(page, "keyboard-outbox-refused");
    await page.evaluate(() => localStorage.removeItem("loupe.jobs.filters"));
    await page.goto("/jobs");
    await expect(page).toHaveURL(/region_id=1/);
    await expect(page.getByRole("tab", { name: /^Promised today/ })).toBeVisible();
    await expect(page.getByRole("tab", { name: /^Past promised date/ })).toHaveAttribute(
      "title",
      "The promised date has passed and the job is not ready",
    );
  });
});
