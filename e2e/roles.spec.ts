import { expect, type Page, test } from "@playwright/test";
import { receivedMails, screenshot, signIn } from "./support/helpers";

/** Roles a chain can set (issue 24, ADR 0022): a manager's approval on the same screen, staff management. */

interface Job {
  id: number;
  vend_invoice_number: string;
  is_refundable: boolean;
  refund_type: "void" | "refund" | null;
  total_payment: number;
  is_octopos_order: boolean;
  origin_outlet: { region_id: number };
}

const alert = (page: Page) => page.getByTestId("banner-alert");
const jobsTable = (page: Page) => page.getByRole("table", { name: "Jobs" });
const token = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("loupe.session")!).token as string);
async function api<T>(page: Page, method: string, url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${await token(page)}` },
    data: data as never,
  });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

test.describe("roles", () => {
  test("a staff member's refund above the limit goes through with a manager's sign-in in the same modal", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, "sam@loupe.test");
    // An Australian job paid more than the region's limit ($500.00 by default), refundable in full.
    const list = (await api<{ data: Job[] }>(page, "GET", "/api/staff/orders?per_page=100&region_id=1")).data;
    const job = list
      .filter((j) => j.is_refundable && j.refund_type === "refund" && j.total_payment > 500)
      .at(-1);
    expect(job, "a refundable Australian job above $500 in the demo").toBeDefined();

    await page.goto(`/jobs?q=${encodeURIComponent(job!.vend_invoice_number)}`);
    await expect(
      jobsTable(page).getByRole("button", { name: `Actions for ${job!.vend_invoice_number}` }),
    ).toBeVisible();
    await jobsTable(page).getByRole("button", { name: "Expand" }).first().click();
    const detail = page.getByTestId("job-detail").first();
    await detail.getByRole("button", { name: "Refund", exact: true }).click();
    const modal = page.getByRole("dialog", { name: "Request a full refund" });
    await modal.getByLabel("Reason").click();
    await page.getByRole("option", { name: "Product faulty" }).click();

    // The modal asks for a manager before sending: Sam is staff and the amount is above the limit.
    const approval = modal.getByTestId("manager-approval");
    await expect(approval).toContainText("A manager must approve a refund above $500.00.");
    await expect(modal.getByRole("button", { name: "Refund", exact: true })).toBeDisabled();
    await screenshot(page, "roles-refund-needs-manager");

    // A wrong password is refused with the sign-in's words, and nothing is sent.
    await approval.getByLabel("Manager's e-mail").fill("mia@loupe.test");
    await approval.getByLabel("Manager's password").fill("not-her-password");
    await approval.getByRole("button", { name: "Approve" }).click();
    await expect(approval).toContainText("These credentials do not match our records.");
    await screenshot(page, "roles-refund-wrong-password");

    // Mia, the Australian manager, types her own password on Sam's screen: approved, then refunded.
    await approval.getByLabel("Manager's password").fill("LoupeDemo1");
    await approval.getByRole("button", { name: "Approve" }).click();
    await expect(alert(page)).toContainText("Successfully refunded.");
    await expect(modal).toBeHidden();
    // Still Sam's session: no one was signed in as Mia.
    const me = await api<{ data: { email: string } }>(page, "GET", "/api/me");
    expect(me.data.email).toBe("sam@loupe.test");

    // The timeline shows the approval before the refund.
    const timeline = detail.getByTestId("job-timeline");
    await expect(timeline).toContainText("Refund approved by Mia Thompson (requested by Sam Nguyen)");
    await expect(timeline).toContainText("Refunded $");
    await timeline.scrollIntoViewIfNeeded();
    await screenshot(page, "roles-refund-approved-timeline");
  });

  test("administrators set the roles and manage staff; staff see the Staffs screen is not theirs", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await page.goto("/settings");
    const roles = page.getByTestId("roles-settings");
    await expect(roles.getByRole("checkbox", { name: "Refund: Administrator" })).toBeDisabled();
    await expect(roles.getByRole("checkbox", { name: "Cancel a shipment: Staff" })).not.toBeChecked();
    await expect(roles.getByText("Above $500.00").first()).toBeVisible();
    await roles.scrollIntoViewIfNeeded();
    await screenshot(page, "roles-settings");

    // Staff management: add a manager for New Zealand, invited by e-mail.
    await page.getByRole("tab", { name: "Staffs" }).click();
    const staff = page.getByTestId("staff-management");
    await expect(staff.getByRole("row", { name: /Mia Thompson/ })).toContainText("Manager");
    await staff.getByRole("button", { name: "Add staff member" }).click();
    const add = page.getByRole("dialog", { name: "Add staff member" });
    await add.getByLabel("First name").fill("Hemi");
    await add.getByLabel("Last name").fill("Walker");
    await add.getByLabel("E-mail").fill("hemi.e2e@loupe.test");
    await add.getByRole("combobox", { name: "Role" }).click();
    await page.getByRole("option", { name: "Manager" }).click();
    await add.getByRole("combobox", { name: "Home outlet" }).click();
    await page.getByRole("option", { name: "WLG - Wellington CBD" }).click();
    await expect(add.getByTestId("home-region")).toContainText("New Zealand");
    await screenshot(page, "roles-staff-add");
    await add.getByRole("button", { name: "Add and invite" }).click();
    await expect(alert(page)).toContainText("invitation");
    await expect(staff.getByRole("row", { name: /Hemi Walker/ })).toContainText("WLG - Wellington CBD");
    await expect.poll(() => receivedMails().some((m) => m.to === "hemi.e2e@loupe.test")).toBe(true);
    await screenshot(page, "roles-staff-list");

    await page.goto("/logout");
    await signIn(page, "sam@loupe.test");
    await expect(page.getByRole("tab", { name: "Staffs" })).toHaveCount(0);
    await page.goto("/staffs");
    await expect(page.getByText("Staff management is for administrators.")).toBeVisible();
    // Sam's location selector offers only his home region.
    await page.getByTestId("location-selector").getByRole("combobox", { name: "Region" }).click();
    await expect(page.getByRole("option", { name: "NZ" })).toHaveCount(0);
  });
});
