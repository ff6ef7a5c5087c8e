import { expect, test } from "@playwright/test";
import { screenshot, signIn } from "./support/helpers";

interface Job {
  id: number;
  vend_invoice_number: string;
  customer_id: number | null;
  dispense_status: { slug: string };
  origin_outlet: { id: number; name: string };
}

test.describe("ready-to-collect messages (issue 27)", () => {
  test("move a job to ready, see its queued message and send time, cancel it; the status link opens signed out", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem("loupe.session")!).token as string,
    );
    const headers = { authorization: `Bearer ${token}` };
    const statuses = (
      (await (await page.request.get("/api/staff/order-dispense-statuses", { headers })).json()) as {
        data: { id: number; slug: string; display_name: string }[];
      }
    ).data;
    const from = statuses.find((s) => s.slug === "lenses-ordered")!;
    const ready = statuses.find((s) => s.slug === "ready-to-go")!;
    const list = (
      await (
        await page.request.get(`/api/staff/orders?per_page=50&region_id=1&dispense_status_id=${from.id}`, {
          headers,
        })
      ).json()
    ).data as Job[];
    const job = list.find((j) => j.customer_id);
    expect(job, "a job with lenses ordered and a customer in the demo data").toBeTruthy();

    // The customer takes SMS on a mobile, so the ready message is an SMS.
    const customer = (
      await (await page.request.get(`/api/staff/customers/${job!.customer_id}`, { headers })).json()
    ).data as { version: number };
    const updated = await page.request.put(`/api/staff/customers/${job!.customer_id}`, {
      headers,
      data: { mobile: "0412 345 678", channel_sms: true, new_opt_in: "ALL", version: customer.version },
    });
    expect(updated.status()).toBe(200);

    await page.goto(`/jobs?q=${encodeURIComponent(job!.vend_invoice_number)}`);
    const table = page.getByRole("table", { name: "Jobs" });
    await table.getByRole("combobox", { name: `Status of ${job!.vend_invoice_number}` }).click();
    await page.getByRole("option", { name: ready.display_name, exact: true }).click();
    await expect(page.getByTestId("banner-alert")).toContainText("successfully changed");

    await table.getByRole("button", { name: "Expand" }).first().click();
    const messages = page.getByTestId("job-customer-messages").first();
    const queued = messages.getByTestId("job-message").first();
    await expect(queued).toContainText("Queued");
    await expect(queued).toContainText("Ready to collect by SMS");
    await expect(queued.getByTestId("send-at")).toHaveText(/\d{4}, \d{1,2}:\d{2}(am|pm) [A-Z]{3,5}$/);
    await expect(messages.getByTestId("status-link-reads")).toHaveText("opened 0 times");
    await screenshot(page, "ready-message-queued");

    await queued.getByRole("button", { name: "Cancel message" }).click();
    await expect(queued).toContainText("Cancelled");
    await expect(queued.getByRole("button", { name: "Cancel message" })).toHaveCount(0);
    const timeline = page.getByTestId("job-timeline").first();
    await expect(timeline).toContainText("Customer message, Ready to collect: queued by SMS");
    await expect(timeline).toContainText("Customer message, Ready to collect: cancelled before it was sent");
    await screenshot(page, "ready-message-cancelled");

    // The customer's status link, in a browser that never signed in.
    const link = await messages.getByRole("link", { name: "Customer's status link" }).getAttribute("href");
    expect(link).toMatch(/\/shop-api\/status\/\d+\/[0-9a-z]{16}/);
    const customerSide = await browser.newContext();
    const phone = await customerSide.newPage();
    await phone.setViewportSize({ width: 390, height: 780 });
    const res = await phone.goto(link!);
    expect(res?.status()).toBe(200);
    await expect(phone.getByTestId("stage")).toHaveText(`Ready to collect at ${job!.origin_outlet.name}`);
    // biome-ignore lint/performance/useDomNodeTextContent: what the customer sees, not the script's source
    const text = await phone.locator("body").innerText();
    expect(text).not.toMatch(/\$|prescription|sphere|cylinder/i);
    await phone.screenshot({
      path: `${import.meta.dirname}/screenshots/ready-status-link.png`,
      fullPage: true,
    });
    await customerSide.close();

    // Its read is counted on the job.
    await page.reload();
    await page.getByRole("table", { name: "Jobs" }).getByRole("button", { name: "Expand" }).first().click();
    await expect(page.getByTestId("status-link-reads").first()).toHaveText("opened 1 time");
  });
});

test.describe("the call list and the settings (issue 27)", () => {
  test("a customer we may not message is on the outlet's call list; the region's settings show", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem("loupe.session")!).token as string,
    );
    const headers = { authorization: `Bearer ${token}` };
    const statuses = (
      (await (await page.request.get("/api/staff/order-dispense-statuses", { headers })).json()) as {
        data: { id: number; slug: string; display_name: string }[];
      }
    ).data;
    const ready = statuses.find((s) => s.slug === "ready-to-go")!;
    let job: Job | undefined;
    for (const slug of ["lenses-ordered", "paid", "new-order", "ready-to-edge"]) {
      const from = statuses.find((s) => s.slug === slug)!;
      const list = (
        await (
          await page.request.get(`/api/staff/orders?per_page=100&region_id=1&dispense_status_id=${from.id}`, {
            headers,
          })
        ).json()
      ).data as Job[];
      job = list.find((j) => j.customer_id && j.origin_outlet.name === "Newtown");
      if (job) break;
    }
    expect(job, "a Newtown job with a customer in the demo data").toBeTruthy();
    const customer = (
      await (await page.request.get(`/api/staff/customers/${job!.customer_id}`, { headers })).json()
    ).data as { version: number };
    // Phone calls only: no SMS, no e-mail.
    const updated = await page.request.put(`/api/staff/customers/${job!.customer_id}`, {
      headers,
      data: {
        channel_sms: false,
        channel_email: false,
        channel_phone: true,
        new_opt_in: "HEALTH",
        version: customer.version,
      },
    });
    expect(updated.status()).toBe(200);
    const moved = await page.request.put(`/api/staff/orders/${job!.id}/dispense-status`, {
      headers,
      data: { dispense_status_id: ready.id },
    });
    expect(moved.status()).toBe(200);

    await page.goto(`/jobs?q=${encodeURIComponent(job!.vend_invoice_number)}`);
    await page.getByRole("table", { name: "Jobs" }).getByRole("button", { name: "Expand" }).first().click();
    const message = page.getByTestId("job-message").first();
    await expect(message).toContainText("Failed: call the customer");
    await message.getByRole("link", { name: "Call list" }).click();
    await expect(page).toHaveURL(new RegExp(`/call-list\\?outlet_id=${job!.origin_outlet.id}$`));
    const row = page.getByRole("table", { name: "Customers to call" }).getByRole("row", {
      name: new RegExp(job!.vend_invoice_number),
    });
    await expect(row).toContainText("No channel");
    await screenshot(page, "ready-call-list");
    await row.getByRole("button", { name: "Called" }).click();
    await expect(row).toHaveCount(0);

    await page.goto("/settings");
    const settings = page.getByTestId("ready-settings");
    await expect(settings.getByLabel("Quiet from")).toHaveValue(/\d\d:\d\d/);
    await expect(settings.getByLabel("Opening hours of Newtown")).toBeVisible();
    await screenshot(page, "ready-settings");
  });
});
