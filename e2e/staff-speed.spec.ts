import { expect, type Page, test } from "@playwright/test";
import { formatWhen } from "../packages/domain/src/dates";
import { screenshot, settle, signIn } from "./support/helpers";

/**
 * Staff speed (issue 29): a job and a customer have addresses and page titles, each outlet's jobs
 * are on its own clock, lists say when they failed, and the sign-in page says why it refused.
 */

interface ListedJob {
  id: number;
  vend_invoice_number: string;
  customer_id: number | null;
  created_at: string;
  origin_outlet: { id: number; abbreviation: string; time_zone: string };
}

const api = async (page: Page, url: string) => {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("loupe.session")!).token as string);
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), url).toBe(true);
  return res.json();
};

/** The newest job of an outlet, read from the API as the journey starts. */
async function newestJobAt(page: Page, abbreviation: string): Promise<ListedJob> {
  const outlets = (await api(page, "/api/outlet")).data as { id: number; abbreviation: string }[];
  const outlet = outlets.find((o) => o.abbreviation === abbreviation)!;
  const jobs = (await api(page, `/api/staff/orders?per_page=15&outlet_id=${outlet.id}`)).data as ListedJob[];
  const job = jobs.find((j) => j.origin_outlet.id === outlet.id);
  expect(job, `a demo job at ${abbreviation}`).toBeTruthy();
  return job!;
}

test.describe("staff speed", () => {
  test("a Perth job opens by its address, expanded, titled, on Perth's clock, with a link to copy", async ({
    page,
  }) => {
    await signIn(page);
    const job = await newestJobAt(page, "FRE");
    expect(job.origin_outlet.time_zone).toBe("Australia/Perth");
    await page.goto(`/jobs/${job.vend_invoice_number}`);
    const address = page.getByTestId("job-address");
    await expect(address.getByTestId("job-actions")).toBeVisible();
    await expect(page).toHaveTitle(`${job.vend_invoice_number} · Jobs · Loupe`);
    await expect(address.getByRole("table", { name: "Jobs" }).locator("tbody tr").first()).toContainText(
      job.vend_invoice_number,
    );
    // The Created cell is the job's outlet's time (the browser runs on Sydney time).
    await expect(address).toContainText(formatWhen(job.created_at, "Australia/Perth"));
    const copy = address.getByTestId("copy-link").first();
    await expect(copy).toHaveAttribute("data-url", new RegExp(`/jobs/${job.vend_invoice_number}$`));
    await settle(page);
    await screenshot(page, "staff-speed-job-address");

    // An invoice that is not there says so, and names what was asked for.
    await page.goto("/jobs/NOPE-000000");
    await expect(page.getByTestId("empty-state")).toHaveText(
      "No job has the invoice or job number “NOPE-000000”.",
    );
  });

  test("a customer's profile has an address and a title; the jobs list names its screen", async ({
    page,
  }) => {
    await signIn(page);
    const job = await newestJobAt(page, "NTN");
    await page.goto("/jobs");
    await expect(page).toHaveTitle("Jobs · Loupe");
    const customer = (await api(page, `/api/staff/customers/${job.customer_id}`)).data as {
      id: number;
      first_name: string;
      last_name: string;
    };
    await page.goto(`/customers/${customer.id}`);
    await expect(page.getByTestId("one-customer")).toContainText(`Customer #${customer.id}`);
    await expect(page).toHaveTitle(new RegExp(`^${customer.first_name}.* · Customers · Loupe$`));
    await expect(page.getByTestId("one-customer").getByTestId("copy-link")).toHaveAttribute(
      "data-url",
      new RegExp(`/customers/${customer.id}$`),
    );
    await settle(page);
    await screenshot(page, "staff-speed-customer-address");
    await page.getByRole("button", { name: "Show all customers" }).click();
    await expect(page).toHaveURL(/\/customers\?/);
    await expect(page).toHaveTitle("Customers · Loupe");
  });

  test("a failed jobs list shows the request id and Retry, then the rows", async ({ page }) => {
    await signIn(page);
    let fail = true;
    await page.route(/\/api\/staff\/orders\?/, (route) =>
      fail
        ? route.fulfill({
            status: 503,
            headers: { "content-type": "text/html", "x-request-id": "req-outage-1" },
            body: "<html>Service Unavailable</html>",
          })
        : route.continue(),
    );
    await page.goto("/jobs");
    const failed = page.getByTestId("error-state");
    await expect(failed).toBeVisible();
    await expect(failed.getByTestId("request-id")).toHaveText("req-outage-1");
    await expect(failed).toContainText("The server did not answer. Try again in a moment.");
    await expect(page.getByText("Showing 0 to 0 of 0 entries")).toHaveCount(0);
    await expect(page.getByText("No data available.")).toHaveCount(0);
    await settle(page);
    await screenshot(page, "staff-speed-list-error");
    fail = false;
    await failed.getByRole("button", { name: "Retry" }).click();
    await expect(
      page.getByRole("table", { name: "Jobs" }).getByRole("button", { name: "Expand" }).first(),
    ).toBeVisible();
    await expect(page.getByTestId("pagination-info")).toContainText(/Showing 1 to 15 of/);
  });

  test("an administrator sets an outlet's time zone in Settings", async ({ page }) => {
    await signIn(page);
    await page.goto("/settings");
    const zones = page.getByTestId("outlet-time-zones");
    await expect(zones).toBeVisible();
    const gastown = zones.locator('input[aria-label="Time zone of Gastown"]');
    await expect(gastown).toHaveValue(/Vancouver/);
    await gastown.click();
    await page.getByRole("option", { name: /Edmonton/ }).click();
    await expect(page.getByTestId("banner-alert")).toContainText("Gastown: Outlet time zone saved.");
    await expect(gastown).toHaveValue(/Edmonton/);
    await settle(page);
    await screenshot(page, "staff-speed-outlet-time-zones");
    await gastown.click();
    await page.getByRole("option", { name: /Vancouver/ }).click();
    await expect(gastown).toHaveValue(/Vancouver/);
  });

  test("the command palette finds a customer by mobile and a job by invoice, and runs New customer", async ({
    page,
  }) => {
    await signIn(page);
    const job = await newestJobAt(page, "NTN");
    const customer = (await api(page, `/api/staff/customers/${job.customer_id}`)).data as {
      id: number;
      mobile: string | null;
    };
    expect(customer.mobile, "a demo customer with a mobile").toBeTruthy();
    const palette = page.getByRole("dialog", { name: "Go to…" });
    const box = palette.getByLabel("Find a customer, a job or a screen");

    await page.keyboard.press("Control+k");
    await box.fill(customer.mobile!);
    await expect(palette.getByTestId("palette-entry").first()).toContainText("Customer");
    await settle(page);
    await screenshot(page, "staff-speed-palette-mobile");
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/customers/${customer.id}$`));

    await page.keyboard.press("Control+k");
    await box.fill(job.vend_invoice_number);
    await expect(palette.getByTestId("palette-entry").first()).toContainText(job.vend_invoice_number);
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/jobs/${job.vend_invoice_number}$`));
    await expect(page.getByTestId("job-actions")).toBeVisible();

    await page.keyboard.press("Control+k");
    await box.fill("new cus");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/customers$/);
    await expect(page.getByRole("dialog").getByLabel("First Name")).toBeVisible();
  });

  test("the keyboard: / searches, j/k move, Enter expands, ? lists; nothing fires while typing", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/jobs");
    const table = page.getByRole("table", { name: "Jobs" });
    await expect(table.getByRole("button", { name: "Expand" }).first()).toBeVisible();
    await page.locator("body").click({ position: { x: 5, y: 300 } });
    await page.keyboard.press("/");
    const search = page.getByLabel("Search jobs");
    await expect(search).toBeFocused();
    // Typed into the field, j and k are letters, not moves.
    await page.keyboard.type("jk");
    await expect(search).toHaveValue("jk");
    await expect(page.locator("tr[data-cursor]")).toHaveCount(0);
    await search.fill("");
    await search.blur();
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await page.keyboard.press("k");
    const first = table.locator("tbody tr[data-row]").first();
    await expect(first).toHaveAttribute("data-cursor", "true");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("job-actions")).toBeVisible();
    await page.keyboard.press("Shift+?");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toContainText("Next row");
    await settle(page);
    await screenshot(page, "staff-speed-shortcuts");
  });

  test("a simulated tray-label scan (keystrokes 10 ms apart + Enter) opens the job from another screen", async ({
    page,
  }) => {
    await signIn(page);
    const job = await newestJobAt(page, "FRE");
    await page.goto("/customers");
    await expect(page.getByTestId("pagination-info")).toBeVisible();
    await page.locator("body").click({ position: { x: 5, y: 300 } });
    await page.keyboard.type(job.vend_invoice_number, { delay: 10 });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/jobs/${job.vend_invoice_number}$`));
    await expect(page.getByTestId("job-actions")).toBeVisible();
    await expect(page).toHaveTitle(`${job.vend_invoice_number} · Jobs · Loupe`);
  });

  test("the sign-in page shows the lockout message, not Unauthorized", async ({ page }) => {
    await page.goto("/login");
    await expect(page).toHaveTitle("Sign in · Loupe");
    const error = page.getByTestId("login-error");
    await page.getByLabel("E-mail").fill("casey@loupe.test");
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    const button = page.getByRole("button", { name: "Sign in" });
    await button.click();
    await expect(error).toHaveText("Unauthorized");
    // Five failures lock the account for the sign-in window.
    for (let i = 0; i < 8; i++) {
      await button.click();
      await expect(button).toBeEnabled();
      if ((await error.textContent())?.startsWith("Too many")) break;
    }
    await expect(error).toHaveText("Too many failed sign-in attempts. Please wait 15 minutes and try again.");
    await settle(page);
    await screenshot(page, "staff-speed-lockout");
  });
});
